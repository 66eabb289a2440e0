import { useLingui } from '@lingui/react/macro';
import { type FormEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CHAT_TEXT_MAX, type ChatContact, type ChatMessage, type ChatStatus } from '@/contract/calls/chat';
import { Avatar } from '../kit/avatar';
import { Button } from '../kit/button';
import { AppLink } from '../kit/link';
import { Icon } from '../kit/icons';
import { IconButton } from '../kit/icon-button';
import { PageHeader } from '../kit/page-header';
import { ConnectionNotice, type ConnectionStatus, contactName, useMessageTime } from './chat-format';
import './chat.css';

export interface ConversationProps {
  /** The other side; null while it loads. */
  contact: ChatContact | null;
  messages: readonly ChatMessage[];
  backHref: string;
  connection: ConnectionStatus;
  /** Takes the chat back to this window after it moved to another (ConnectionNotice). */
  onUseHere(): void;
  /** Whether and how the viewer may write; null while it loads. */
  status: ChatStatus | null;
  loading: boolean;
  hasOlder: boolean;
  onLoadOlder(): void;
  onSend(text: string): void;
  onSendPhoto(file: File): void;
  /** A photo is being uploaded. */
  uploading: boolean;
  /** Unlocks at `price`, the price the member was shown and confirmed (the server refuses any other). */
  onUnlock(price: number): void;
  unlocking: boolean;
  /**
   * The price the member had confirmed when the server refused it because the profile's price changed (the status
   * holds the new one); null or absent otherwise.
   */
  repricedFrom?: number | null;
  onToggleBlock(): void;
  onReport(): void;
  /** A failure to show above the composer (an upload or unlock that failed). */
  error?: string | null;
  /** The member's spendable points, shown with the unlock price; null while unknown. */
  points?: number | null;
  /** Where coins are bought (the wallet), offered when the points do not cover the unlock. */
  buyCoinsHref?: string;
}

/** /message/{channel}: the conversation with one contact, oldest at the top, and the composer. */
export function Conversation(props: ConversationProps) {
  const { contact, messages, backHref, connection, loading, hasOlder, onLoadOlder } = props;
  const { t } = useLingui();
  const name = contact ? contactName(contact, t) : '';
  const listRef = useRef<HTMLOListElement>(null);
  const lastId = messages.at(-1)?.id;

  // Keep the newest message in view when one arrives or is sent (not when older pages are prepended).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastId]);

  return (
    <section className="chat-conversation" aria-label={name || t`Conversation`}>
      <PageHeader
        title={
          <span className="chat-title">
            {contact && <Avatar src={contact.avatar} name={name} />}
            <span>{name}</span>
          </span>
        }
        backHref={backHref}
        actions={contact && !contact.isSystem ? <ConversationMenu {...props} /> : null}
      />
      <ConnectionNotice status={connection} onUseHere={props.onUseHere} />
      <ol className="chat-messages" ref={listRef} aria-label={t`Messages`} aria-busy={loading} aria-live="polite">
        {hasOlder && (
          <li className="chat-older">
            <Button variant="link" onClick={onLoadOlder} busy={loading}>
              {t`Show earlier messages`}
            </Button>
          </li>
        )}
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} name={name} />
        ))}
        {!loading && messages.length === 0 && <li className="chat-empty">{t`No messages yet. Say hello!`}</li>}
      </ol>
      <ConversationFooter {...props} name={name} />
    </section>
  );
}

function MessageBubble({ message, name }: { message: ChatMessage; name: string }) {
  const { t } = useLingui();
  const timeOf = useMessageTime();
  const time = <time dateTime={new Date(message.timeStamp).toISOString()}>{timeOf(message.timeStamp)}</time>;
  if (message.contentType === 'unlock') {
    return <li className="chat-notice">{message.self ? t`You unlocked this chat.` : t`${name} unlocked this chat.`}</li>;
  }
  return (
    <li className={message.self ? 'chat-bubble chat-bubble--self' : 'chat-bubble'}>
      <span className="visually-hidden">{message.self ? t`You:` : `${name}:`}</span>
      {message.contentType === 'photos' ? (
        <a href={message.content} target="_blank" rel="noreferrer" className="chat-photo">
          <img src={message.content} alt={t`Photo`} loading="lazy" decoding="async" />
        </a>
      ) : (
        <p className="chat-text" dir="auto">
          {message.content}
        </p>
      )}
      <span className="chat-meta">
        {time}
        {message.self && <MessageState status={message.status} />}
      </span>
    </li>
  );
}

function MessageState({ status }: { status: ChatMessage['status'] }) {
  const { t } = useLingui();
  if (status === 'sending') return <span className="chat-state">{t`Sending…`}</span>;
  if (status === 'failed') return <span className="chat-state chat-state--failed">{t`Not sent`}</span>;
  return (
    <span className="chat-state" title={t`Sent`}>
      <Icon name="check" size={14} />
      <span className="visually-hidden">{t`Sent`}</span>
    </span>
  );
}

function ConversationMenu({ status, onToggleBlock, onReport }: ConversationProps) {
  const { t } = useLingui();
  const blocked = status?.is_block ?? false;
  return (
    <div className="chat-actions">
      <Button variant="link" onClick={onToggleBlock} disabled={!status}>
        {blocked ? t`Unblock` : t`Block`}
      </Button>
      <Button variant="link" onClick={onReport}>
        {t`Report`}
      </Button>
    </div>
  );
}

function ConversationFooter(props: ConversationProps & { name: string }) {
  const { status, contact, onUnlock, unlocking, error, name, points, buyCoinsHref, repricedFrom } = props;
  const { t } = useLingui();
  if (!contact || !status) return null;
  if (contact.isSystem) return <p className="chat-footer-note">{t`This is where Venuely sends you notices. It cannot be answered.`}</p>;
  if (status.is_partner && !status.is_unlocked) {
    const price = status.unlock_price ?? 0;
    const previous = repricedFrom ?? null;
    return (
      <div className="chat-unlock">
        {previous === null ? (
          <p>{t`Unlock ${name} to start chatting. Unlocking costs ${price} points, once.`}</p>
        ) : (
          <p role="alert">{t`The price to unlock ${name} changed from ${previous} to ${price} points. Nothing was charged. Unlock for ${price} points?`}</p>
        )}
        {points !== null && points !== undefined ? <p className="chat-footer-note">{t`You have ${points} points.`}</p> : null}
        {buyCoinsHref && points !== null && points !== undefined && points < price ? (
          <AppLink className="text-link" href={buyCoinsHref}>
            {t`Buy coins`}
          </AppLink>
        ) : null}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <Button onClick={() => onUnlock(price)} busy={unlocking}>
          {t`Unlock chat`}
        </Button>
      </div>
    );
  }
  if (status.is_block) return <p className="chat-footer-note">{t`You blocked this user. Unblock them to send messages.`}</p>;
  if (!status.can_send) return <p className="chat-footer-note">{t`You cannot send messages in this conversation.`}</p>;
  return <Composer {...props} />;
}

function Composer({ onSend, onSendPhoto, uploading, error }: ConversationProps) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (text.trim().length === 0) return;
    onSend(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };
  return (
    <form className="chat-composer" onSubmit={send}>
      {error && (
        <p className="form-error chat-composer-error" role="alert">
          {error}
        </p>
      )}
      <IconButton icon="camera" label={uploading ? t`Sending photo…` : t`Send a photo`} onClick={() => fileRef.current?.click()} disabled={uploading} />
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onSendPhoto(file);
          event.target.value = '';
        }}
      />
      <label className="chat-input">
        <span className="visually-hidden">{t`Message`}</span>
        <textarea
          ref={inputRef}
          rows={1}
          value={text}
          maxLength={CHAT_TEXT_MAX}
          dir="auto"
          placeholder={t`Write a message`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </label>
      <Button type="submit" disabled={text.trim().length === 0}>
        {t`Send`}
      </Button>
    </form>
  );
}
