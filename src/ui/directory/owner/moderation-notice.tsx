import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Icon } from '../../kit/icons';
import { AppLink } from '../../kit/link';
import './owner.css';

export interface ModerationNoticeProps {
  /** The reason the moderator gave (the owner's to read); null for a listing hidden before reasons were required. */
  note: string | null;
  /** Where the owner writes to support (the feedback form). */
  supportHref: string;
}

/**
 * What the owner of a listing moderation hid reads beside it (issue 31 item 12): the moderator's reason, that guests
 * cannot see it, and what to do: fix it with the listing's Edit action, then ask support for a review. Moderators
 * decide when it shows again; an edit alone keeps it hidden (docs/decisions.md, "Hidden listings").
 */
export function ModerationNotice({ note, supportHref }: ModerationNoticeProps) {
  const labelId = useId();
  return (
    <div className="owner-moderation" role="note" aria-labelledby={labelId}>
      <p className="owner-moderation-title">
        <Icon name="info" size={18} />
        <span id={labelId}>
          <Trans>Moderator's reason</Trans>
        </span>
      </p>
      <p className="owner-moderation-reason">{note === null ? <Trans>No reason was given.</Trans> : <bdi>{note}</bdi>}</p>
      <p className="owner-moderation-help">
        <Trans>Guests cannot see it until a moderator shows it again. Edit it to fix what the reason names, then contact support to ask for a review.</Trans>
      </p>
      <AppLink className="button button--secondary owner-small-button owner-moderation-action" href={supportHref}>
        <Trans>Contact support</Trans>
      </AppLink>
    </div>
  );
}
