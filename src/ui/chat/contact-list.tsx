import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatContact, ChatMessage } from '@/contract/calls/chat';
import { Avatar } from '../kit/avatar';
import { Button } from '../kit/button';
import { AppLink } from '../kit/link';
import { badgeText } from '../app/tab-bar';
import { ConnectionNotice, type ConnectionStatus, contactName, messagePreview, useMessageTime } from './chat-format';
import './chat.css';

export interface ContactListProps {
  contacts: readonly ChatContact[];
  /** The conversation page of a contact. */
  hrefOf(contact: ChatContact): string;
  state: 'loading' | 'ready' | 'error';
  onRetry(): void;
  connection: ConnectionStatus;
  /** Takes the chat back to this window after it moved to another (ConnectionNotice). */
  onUseHere(): void;
  /** Where to find people to talk to (the empty state's next step). */
  browseHref: string;
}

/** /message: every conversation, latest first, with its last message and the server's unread count. */
export function ContactList({ contacts, hrefOf, state, onRetry, connection, onUseHere, browseHref }: ContactListProps) {
  const { t } = useLingui();
  const timeOf = useMessageTime();
  if (state === 'loading' && contacts.length === 0) {
    return (
      <ul className="chat-contacts" aria-busy="true" aria-label={t`Conversations`}>
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="chat-contact chat-contact--skeleton" aria-hidden="true">
            <span className="chat-skeleton chat-skeleton--avatar" />
            <span className="chat-skeleton chat-skeleton--line" />
          </li>
        ))}
      </ul>
    );
  }
  if (state === 'error' && contacts.length === 0) {
    return (
      <div className="list-error" role="alert">
        <p>{t`Your conversations could not be loaded.`}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t`Try again`}
        </Button>
      </div>
    );
  }
  return (
    <>
      <ConnectionNotice status={connection} onUseHere={onUseHere} />
      {contacts.length === 0 ? (
        <div className="chat-empty">
          <p>{t`No conversations yet.`}</p>
          <AppLink className="button button--secondary" href={browseHref}>
            {t`Find someone to talk to`}
          </AppLink>
        </div>
      ) : (
        <ul className="chat-contacts" aria-label={t`Conversations`}>
          {contacts.map((contact) => {
            const name = contactName(contact, t);
            const last: ChatMessage | undefined = contact.messages.at(-1);
            const unread = contact.unreadcount;
            return (
              <li key={contact.appends ? `${contact.uuid}-${contact.appends.uuid}` : contact.uuid}>
                <AppLink className="chat-contact" href={hrefOf(contact)}>
                  <Avatar src={contact.avatar} name={name} />
                  <span className="chat-contact-text">
                    <span className="chat-contact-top">
                      <span className="chat-contact-name">
                        {name}
                        {contact.isSystem && <span className="chat-tag">{t`Official`}</span>}
                        {contact.isPartner && <span className="chat-tag">{t`Profile`}</span>}
                      </span>
                      {last && <time dateTime={new Date(last.timeStamp).toISOString()}>{timeOf(last.timeStamp)}</time>}
                    </span>
                    <span className="chat-contact-bottom">
                      {last ? <Preview message={last} /> : <span className="chat-contact-preview">{t`No messages yet`}</span>}
                      {unread > 0 && (
                        <span className="chat-unread">
                          <span aria-hidden="true">{badgeText(unread)}</span>
                          <span className="visually-hidden">{t`${unread} unread`}</span>
                        </span>
                      )}
                    </span>
                  </span>
                </AppLink>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/**
 * The last message in one line, in its own direction (dir="auto"): an English message in the Arabic list reads
 * left to right and is cut at its right end, so its first words show, and an Arabic one in the English list the
 * other way round. The member's own message starts with "You:", isolated (bdi) so that it does not decide the
 * line's direction; translators may put it on either side of the text.
 */
function Preview({ message }: { message: ChatMessage }) {
  const { t } = useLingui();
  const text = messagePreview(message, t);
  const own = message.self && message.contentType !== 'unlock';
  return (
    <span className="chat-contact-preview" dir="auto">
      {own ? (
        <Trans>
          <bdi>You:</bdi> {text}
        </Trans>
      ) : (
        text
      )}
    </span>
  );
}
