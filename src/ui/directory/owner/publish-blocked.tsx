import { Trans } from '@lingui/react/macro';
import { StatusIcon } from '../../kit/status-icon';
import { AppLink } from '../../kit/link';
import './owner.css';

export type PublishBlockReason = 'merchant.needsPaid' | 'partner.limitReached';

export interface PublishBlockedProps {
  reason: PublishBlockReason;
  /** The membership upgrade page, once it exists. */
  upgradeHref?: string;
  /** Publishing a profile instead, when the member still may. */
  publishPartnerHref?: string;
  /** The owner's listings. */
  contentHref: string;
}

/**
 * Why a verified member cannot publish this kind of listing (spec section 6: a venue needs the paid membership;
 * without it, one profile), and what to do about it. Shown instead of the publish form.
 */
export function PublishBlocked({ reason, upgradeHref, publishPartnerHref, contentHref }: PublishBlockedProps) {
  return (
    <section className="owner-state owner-blocked" aria-labelledby="publish-blocked-title">
      <StatusIcon kind="info" />
      <h2 className="owner-state-title" id="publish-blocked-title">
        {reason === 'merchant.needsPaid' ? (
          <Trans>Publishing a venue needs a paid membership</Trans>
        ) : (
          <Trans>Your membership includes one profile</Trans>
        )}
      </h2>
      <p>
        {reason === 'merchant.needsPaid' ? (
          <Trans>
            Your identity is verified, thank you. Venues are published by verified members with a paid membership, so
            guests can trust every business they find here.
          </Trans>
        ) : (
          <Trans>
            Verified members publish one personal profile, and you already have yours. A paid membership lets you
            publish more profiles and venues.
          </Trans>
        )}
      </p>
      <p>
        {upgradeHref ? (
          <Trans>Upgrade your membership, then come back here to publish.</Trans>
        ) : (
          <Trans>
            Upgrading your membership will be possible from your account soon; then come back here to publish.
          </Trans>
        )}
      </p>
      <div className="owner-blocked-actions">
        {upgradeHref ? (
          <AppLink className="button button--primary" href={upgradeHref}>
            <Trans>Upgrade membership</Trans>
          </AppLink>
        ) : null}
        {publishPartnerHref ? (
          <AppLink className="button button--secondary" href={publishPartnerHref}>
            <Trans>Publish a profile instead</Trans>
          </AppLink>
        ) : null}
        <AppLink className="button button--secondary" href={contentHref}>
          <Trans>My listings</Trans>
        </AppLink>
      </div>
    </section>
  );
}
