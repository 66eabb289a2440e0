import { Trans, useLingui } from '@lingui/react/macro';
import type { ListingStatus } from '@/contract/feature-enums';
import type { ListingSource } from '@/contract/shapes';
import { Icon } from '../../kit/icons';
import { VisibleSwitch } from './listing-form-parts';
import { AppLink } from '../../kit/link';
import { ModerationNotice } from './moderation-notice';
import { ListingStatusBadge } from './own-listings';
import './owner.css';

export interface OwnerPreviewBarProps {
  source: ListingSource;
  name: string;
  status: ListingStatus;
  moderationNote: string | null;
  visible: boolean;
  /** The switch's request runs. */
  switching: boolean;
  /** Why the last switch failed (translated). */
  switchError?: string;
  editHref: string;
  /** Where the owner contacts support about a listing moderation hid. */
  supportHref: string;
  /** The public page, while others can see the listing. */
  publicHref: string | null;
  onToggleVisible(): void;
}

/**
 * The owner's bar above the preview of a listing (routes /member/{source}/{id}/preview): what guests would see
 * is below it; here are its status, the visible switch and the way to edit it.
 */
export function OwnerPreviewBar(props: OwnerPreviewBarProps) {
  const { t } = useLingui();
  const name = props.name;
  let state;
  if (props.status === 'hidden') {
    // The notice below says that guests cannot see it, why, and what to do.
    state = null;
  } else if (props.status === 'pending') {
    state = <Trans>This listing waits for review; guests cannot see it yet.</Trans>;
  } else if (!props.visible) {
    state = <Trans>Only you can see this listing. Turn on the switch to show it to guests.</Trans>;
  } else {
    state = <Trans>Guests see this listing as it appears below.</Trans>;
  }
  return (
    <aside className="owner-preview-bar" aria-label={t`Owner's preview`}>
      <p className="owner-row-meta">
        <span className="badge badge--accent">
          <Trans>Preview</Trans>
        </span>
        <ListingStatusBadge status={props.status} />
      </p>
      {state ? <p className="owner-preview-state">{state}</p> : null}
      {props.status === 'hidden' ? <ModerationNotice note={props.moderationNote} supportHref={props.supportHref} /> : null}
      <div className="owner-row-actions">
        <VisibleSwitch
          label={props.source === 'merchant' ? t`Show this venue to everyone` : t`Show this profile to everyone`}
          checked={props.visible}
          busy={props.switching}
          onChange={props.onToggleVisible}
        />
        <div className="owner-row-links">
          <AppLink className="button button--primary owner-small-button" href={props.editHref}>
            <Icon name="settings" size={18} />
            <Trans>
              Edit<span className="visually-hidden"> {name}</span>
            </Trans>
          </AppLink>
          {props.publicHref ? (
            <AppLink className="button button--secondary owner-small-button" href={props.publicHref}>
              <Trans>Open the public page</Trans>
            </AppLink>
          ) : null}
        </div>
      </div>
      {props.switchError ? (
        <p className="field-error" role="alert">
          <Icon name="info" size={18} />
          <span>{props.switchError}</span>
        </p>
      ) : null}
    </aside>
  );
}
