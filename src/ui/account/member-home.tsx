import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { CurrentUser } from '@/contract/calls/user';
import { Membership } from '@/contract/enums';
import { deriveMembership } from '@/contract/permissions';
import { Avatar } from '../kit/avatar';
import { Button } from '../kit/button';
import { cx } from '../kit/class-names';
import { Icon } from '../kit/icons';
import { AppLink } from '../kit/link';
import { MEMBERSHIP_LABELS, MESSAGES } from '../app/messages';
import { PageHeader } from '../kit/page-header';

export interface MemberHomeProps {
  /** The current user; null for a guest. */
  user: CurrentUser | null;
  /** The user is being loaded: a skeleton keeps the layout. */
  loading?: boolean;
  /** Where to verify the e-mail address; linked while it is unverified. */
  verifyEmailHref?: string;
  /** The member's class page (/member/class); the membership badge links there. */
  classHref?: string;
  /** Opens the login dialog; shown to guests. */
  onLogin?(): void;
  onLogout(): void;
  /** The logout request runs. */
  loggingOut?: boolean;
  /** The account menu. */
  children?: ReactNode;
}

function isMembership(value: number): value is Membership {
  return Object.values(Membership).includes(value as Membership);
}

/** The member page (route /member, title label.my.info): the profile card, the account menu, and sign out. */
export function MemberHome({ user, loading = false, verifyEmailHref, classHref, onLogin, onLogout, loggingOut = false, children }: MemberHomeProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  const loggedIn = Boolean(user?.is_login);

  let card: ReactNode;
  if (loading) {
    card = (
      <div className="profile-card" aria-busy="true">
        <span className="skeleton skeleton--circle" />
        <div className="profile-card-text">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
        <span className="visually-hidden" role="status">
          <Trans>Loading your account…</Trans>
        </span>
      </div>
    );
  } else if (!user || !loggedIn) {
    card = (
      <div className="profile-card profile-card--guest">
        <span className="avatar avatar--lg" aria-hidden="true">
          <Icon name="user" size={32} />
        </span>
        <div className="profile-card-text">
          <p className="profile-name">
            <Trans>Welcome to Venuely</Trans>
          </p>
          <p className="profile-muted">
            <Trans>Log in to chat, keep favourites and publish your own listings.</Trans>
          </p>
          {onLogin ? (
            <Button onClick={onLogin}>
              <Trans>Log in or create an account</Trans>
            </Button>
          ) : null}
        </div>
      </div>
    );
  } else {
    const membership = isMembership(user.membership) ? user.membership : deriveMembership(user);
    const name = user.nickname || user.username;
    const points = i18n.number(user.fun_score);
    card = (
      <div className="profile-card">
        <Avatar src={user.thumb || user.image} name={name} size="lg" />
        <div className="profile-card-text">
          <p className="profile-name">{name}</p>
          {user.nickname && user.nickname !== user.username ? (
            <p className="profile-muted">
              <bdi>@{user.username}</bdi>
            </p>
          ) : null}
          <p className="profile-badges">
            {classHref ? (
              <AppLink className={cx('badge', 'badge--link', membership === Membership.TOURIST ? 'badge--muted' : 'badge--accent')} href={classHref}>
                {i18n._(MEMBERSHIP_LABELS[membership])}
              </AppLink>
            ) : (
              <span className={cx('badge', membership === Membership.TOURIST ? 'badge--muted' : 'badge--accent')}>
                {i18n._(MEMBERSHIP_LABELS[membership])}
              </span>
            )}
            {user.vip_txt ? <span className="profile-muted">{user.vip_txt}</span> : null}
          </p>
        </div>
        <dl className="profile-facts">
          <div>
            <dt>
              <Trans>Balance</Trans>
            </dt>
            <dd>{points}</dd>
          </div>
          <div>
            <dt>
              <Trans>E-mail</Trans>
            </dt>
            <dd>
              <bdi className="profile-email">{user.email}</bdi>{' '}
              {user.email_validation ? (
                <span className="badge badge--success">
                  <Trans>Verified</Trans>
                </span>
              ) : (
                <span className="badge badge--warning">
                  <Trans>Not verified</Trans>
                </span>
              )}
              {!user.email_validation && verifyEmailHref ? (
                <>
                  {' '}
                  <AppLink className="text-link" href={verifyEmailHref}>
                    <Trans>Verify your e-mail</Trans>
                  </AppLink>
                </>
              ) : null}
            </dd>
          </div>
        </dl>
      </div>
    );
  }

  return (
    <section className="member-home" aria-labelledby={titleId}>
      <PageHeader title={<span id={titleId}>{i18n._(MESSAGES['label.my.info'])}</span>} />
      {card}
      {children}
      {loggedIn && !loading ? (
        <Button variant="secondary" block busy={loggingOut} onClick={onLogout}>
          <Trans>Sign out</Trans>
        </Button>
      ) : null}
    </section>
  );
}
