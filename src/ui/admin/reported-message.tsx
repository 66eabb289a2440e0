import { useLingui } from '@lingui/react/macro';
import type { AdminReport } from '@/contract/calls/admin';
import { formatMoment } from '../wallet/wallet-format';
import './reported-message.css';

/**
 * A reported chat message in the reports queue (issue 30), as it was stored: its text (or its photo), who sent it (for
 * a profile's message, the account that owns the profile) and when.
 */
export function ReportedMessage({ message }: { message: NonNullable<AdminReport['target_message']> }) {
  const { t, i18n } = useLingui();
  const sender = `${message.sender.nickname || message.sender.username} (@${message.sender.username})`;
  const sentAt = formatMoment(i18n, message.sent_at);
  return (
    <figure className="admin-message">
      {message.content_type === 'photos' ? (
        <img
          className="admin-message-photo"
          src={message.content}
          alt={t`The reported photo`}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <blockquote className="message-quote" dir="auto">
          {message.content}
        </blockquote>
      )}
      <figcaption>{t`Sent by ${sender} on ${sentAt}`}</figcaption>
    </figure>
  );
}
