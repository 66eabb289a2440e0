import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { ListingStatus } from '@/contract/feature-enums';
import type { ListingSource } from '@/contract/shapes';
import { Button } from '../../kit/button';
import { cx } from '../../kit/class-names';
import { IconButton } from '../../kit/icon-button';
import { Icon } from '../../kit/icons';
import { VisibleSwitch } from './listing-form-parts';
import { ListingImage } from '../listing-image';
import { ModerationNotice } from './moderation-notice';
import { AppLink } from '../../kit/link';
import { PageHeader } from '../../kit/page-header';
import './owner.css';

/** One of the owner's listings as the list shows it (texts already translated where they are texts). */
export interface OwnListingRow {
  id: number;
  name: string;
  thumb: string | null;
  status: ListingStatus;
  /** Why moderation hid it (the moderator's reason, shown while it is hidden). */
  moderationNote: string | null;
  visible: boolean;
  updatedAt: string;
  previewHref: string;
  editHref: string;
  /** The public page, while others can see it. */
  publicHref: string | null;
}

export interface OwnListingsProps {
  source: ListingSource;
  backHref: string;
  publishHref: string;
  /** Where an owner whose listing moderation hid contacts support. */
  supportHref: string;
  /** The other source's list (venues ⇄ profiles). */
  tabs: Record<ListingSource, string>;
  rows: readonly OwnListingRow[];
  loading: boolean;
  /** Why the list could not be loaded (translated); shown with a retry. */
  error: string | null;
  onRetry(): void;
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the next page failed (translated). */
  moreError: string | null;
  onLoadMore(): void;
  /** The row whose switch or delete runs; every row's controls wait meanwhile. */
  busyId: number | null;
  /** A failed switch or delete, on its row (translated). */
  rowError: { id: number; message: string } | null;
  onToggleVisible(id: number): void;
  onDelete(id: number): void;
}

export function ListingStatusBadge({ status }: { status: ListingStatus }) {
  const labels: Record<ListingStatus, ReactNode> = {
    pending: <Trans>Pending review</Trans>,
    published: <Trans>Published</Trans>,
    hidden: <Trans>Hidden by moderation</Trans>,
  };
  const tone = status === 'published' ? 'badge--success' : status === 'hidden' ? 'badge--warning' : 'badge--muted';
  return <span className={cx('badge', tone)}>{labels[status]}</span>;
}

/** Content management (route /member/content/{source}): the owner's venues or profiles with their controls. */
export function OwnListings(props: OwnListingsProps) {
  const { t } = useLingui();
  const { source, rows } = props;
  const title = source === 'merchant' ? t`My venues` : t`My profiles`;
  const publishLabel = source === 'merchant' ? t`Publish a venue` : t`Publish a profile`;
  let body: ReactNode;
  if (props.loading) {
    body = (
      <ul className="owner-list" aria-busy="true">
        <li className="visually-hidden" role="status">
          <Trans>Loading your listings…</Trans>
        </li>
        {[0, 1, 2].map((n) => (
          <li key={n} className="owner-row owner-row--skeleton" aria-hidden="true">
            <span className="skeleton owner-row-thumb" />
            <span className="owner-row-text">
              <span className="skeleton skeleton--line" />
              <span className="skeleton skeleton--line skeleton--short" />
            </span>
          </li>
        ))}
      </ul>
    );
  } else if (props.error) {
    body = (
      <div className="owner-state" role="alert">
        <p className="owner-state-title">
          <Trans>Your listings could not be loaded.</Trans>
        </p>
        <p className="owner-muted">{props.error}</p>
        <Button onClick={props.onRetry}>
          <Icon name="retry" size={20} />
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="owner-state">
        <p className="owner-state-title">
          {source === 'merchant' ? <Trans>You have not published a venue yet.</Trans> : <Trans>You have not published a profile yet.</Trans>}
        </p>
        <AppLink className="button button--primary" href={props.publishHref}>
          <Icon name="plus" size={20} />
          {publishLabel}
        </AppLink>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="owner-list">
          {rows.map((row) => (
            <OwnListingItem
              key={row.id}
              row={row}
              supportHref={props.supportHref}
              busy={props.busyId === row.id}
              locked={props.busyId !== null}
              error={props.rowError?.id === row.id ? props.rowError.message : null}
              onToggleVisible={() => props.onToggleVisible(row.id)}
              onDelete={() => props.onDelete(row.id)}
            />
          ))}
        </ul>
        {props.moreError ? (
          <p className="field-error" role="alert">
            <Icon name="info" size={18} />
            <span>{props.moreError}</span>
          </p>
        ) : null}
        {props.hasMore ? (
          <Button variant="secondary" block busy={props.loadingMore} onClick={props.onLoadMore}>
            {props.moreError ? <Trans>Try again</Trans> : <Trans>Load more</Trans>}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <section className="owner-page">
      <PageHeader title={title} backHref={props.backHref} actions={<IconButton icon="plus" label={publishLabel} href={props.publishHref} />} />
      <nav className="owner-tabs" aria-label={t`Kind of listing`}>
        <AppLink className="owner-tab" href={props.tabs.merchant} aria-current={source === 'merchant' ? 'page' : undefined}>
          <Trans>Venues</Trans>
        </AppLink>
        <AppLink className="owner-tab" href={props.tabs.partner} aria-current={source === 'partner' ? 'page' : undefined}>
          <Trans>Profiles</Trans>
        </AppLink>
      </nav>
      {body}
    </section>
  );
}

interface OwnListingItemProps {
  row: OwnListingRow;
  supportHref: string;
  busy: boolean;
  locked: boolean;
  error: string | null;
  onToggleVisible(): void;
  onDelete(): void;
}

function OwnListingItem({ row, supportHref, busy, locked, error, onToggleVisible, onDelete }: OwnListingItemProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const name = row.name;
  const updated = i18n.date(row.updatedAt, { dateStyle: 'medium' });
  return (
    <li className="owner-row" aria-labelledby={headingId}>
      <div className="owner-row-main">
        <span className="owner-row-thumb">
          <ListingImage src={row.thumb ?? ''} alt="" />
        </span>
        <div className="owner-row-text">
          <h2 className="owner-row-name" id={headingId}>
            <AppLink className="owner-row-link" href={row.previewHref}>
              {name}
            </AppLink>
          </h2>
          <p className="owner-row-meta">
            <ListingStatusBadge status={row.status} />
            {row.visible ? null : (
              <span className="badge badge--muted">
                <Trans>Only you can see it</Trans>
              </span>
            )}
          </p>
          <p className="owner-muted">
            <Trans>Updated {updated}</Trans>
          </p>
        </div>
      </div>
      {/* Across the card, not in the column beside the picture: the reason and the next steps need the width. */}
      {row.status === 'hidden' ? <ModerationNotice note={row.moderationNote} supportHref={supportHref} /> : null}
      <div className="owner-row-actions">
        <VisibleSwitch
          label={t`Visible to others: ${name}`}
          checked={row.visible}
          busy={busy}
          disabled={locked && !busy}
          onChange={onToggleVisible}
        />
        <div className="owner-row-links">
          <AppLink className="button button--secondary owner-small-button" href={row.editHref}>
            <Trans>
              Edit<span className="visually-hidden"> {name}</span>
            </Trans>
          </AppLink>
          <AppLink className="button button--secondary owner-small-button" href={row.previewHref}>
            <Trans>
              Preview<span className="visually-hidden"> {name}</span>
            </Trans>
          </AppLink>
          {row.publicHref ? (
            <AppLink className="button button--link owner-small-button" href={row.publicHref}>
              <Trans>
                Public page<span className="visually-hidden"> of {name}</span>
              </Trans>
            </AppLink>
          ) : null}
          <button type="button" className="button button--link owner-small-button owner-danger" disabled={locked} onClick={onDelete}>
            <Trans>
              Delete<span className="visually-hidden"> {name}</span>
            </Trans>
          </button>
        </div>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          <Icon name="info" size={18} />
          <span>{error}</span>
        </p>
      ) : null}
    </li>
  );
}
