import { useLingui } from '@lingui/react/macro';
import { useContext, useMemo } from 'react';
import type { ChatContact, ChatMessage } from '@/contract/calls/chat';
import { Button } from '../kit/button';
import { TimeZoneContext } from '../kit/time-zone';

type T = ReturnType<typeof useLingui>['t'];

/** The chat socket's status (spec section 3 enums), or DISPLACED: closed for the user's other windows (4008). */
export type ConnectionStatus = 'CLOSED' | 'CONNECTING' | 'OPEN' | 'DISPLACED';

/** A contact's shown name: the chosen nickname, the app's name for the system contact, else a neutral "Member". */
export function contactName(contact: Pick<ChatContact, 'nickname' | 'isSystem'>, t: T): string {
  if (contact.nickname) return contact.nickname;
  return contact.isSystem ? 'Venuely' : t`Member`;
}

/** One line standing for a message in the contact list. */
export function messagePreview(message: ChatMessage, t: T): string {
  if (message.contentType === 'photos') return t`Photo`;
  if (message.contentType === 'unlock') return t`Chat unlocked`;
  return message.content;
}

/** Today: the time; this year: day and month; else the date. In the page's language and the visitor's time zone. */
export function useMessageTime(): (ms: number) => string {
  const { i18n } = useLingui();
  const timeZone = useContext(TimeZoneContext);
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(i18n.locale, { hour: 'numeric', minute: '2-digit', timeZone });
    const day = new Intl.DateTimeFormat(i18n.locale, { day: 'numeric', month: 'short', timeZone });
    const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone });
    // The calendar day in that time zone, as YYYY-MM-DD.
    const calendar = new Intl.DateTimeFormat('en', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
    const calendarDay = (at: number) => {
      const parts = calendar.formatToParts(at);
      return ['year', 'month', 'day'].map((type) => parts.find((part) => part.type === type)?.value).join('-');
    };
    return (ms: number) => {
      const [at, today] = [calendarDay(ms), calendarDay(Date.now())];
      if (at === today) return time.format(ms);
      if (at.slice(0, 4) === today.slice(0, 4)) return day.format(ms);
      return date.format(ms);
    };
  }, [i18n.locale, timeZone]);
}

/**
 * Says so while the socket is not open: messages wait in the outbox and go out once connected. When the chat moved
 * to another window of the user's (too many were open), it offers to take it back, as WhatsApp Web does.
 */
export function ConnectionNotice({ status, onUseHere }: { status: ConnectionStatus; onUseHere: () => void }) {
  const { t } = useLingui();
  if (status === 'OPEN') return null;
  if (status === 'DISPLACED') {
    return (
      <div className="chat-connection chat-connection--displaced" role="status">
        <p>{t`Chat is open in another window. Messages will be sent once you use it here.`}</p>
        <Button variant="secondary" onClick={onUseHere}>
          {t`Use here`}
        </Button>
      </div>
    );
  }
  return (
    <p className="chat-connection" role="status">
      {status === 'CONNECTING' ? t`Connecting…` : t`Offline. Messages will be sent when the connection is back.`}
    </p>
  );
}
