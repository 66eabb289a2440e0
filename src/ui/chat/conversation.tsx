import { Plural, useLingui } from '@lingui/react/macro';
import { type FormEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CHAT_TEXT_MAX, type ChatContact, type ChatMessage, type ChatStatus } from '@/contract/calls/chat';
import { Avatar } from '../kit/avatar';
import { Button } from '../kit/button';
import { Icon } from '../kit/icons';
import { IconButton } from '../kit/icon-button';
import { MenuButton } from '../kit/menu-button';
import { PageHeader } from '../kit/page-header';
import { SvgIcon } from '../kit/svg-icon';
import { ConnectionNotice, type ConnectionStatus, contactName, useMessageTime } from './chat-format';
import { type UnreadMark, unreadMarkOf, useConversationScroll } from './conversation-scroll';
import { MessageMenu } from './message-menu';
import { UnlockPanel } from './unlock-panel';
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
  /**
   * The conversation's first page is in (not only the contact list's last message): it opens then, at the newest
   * message or at the first unread one. Absent: as soon as it is not loading.
   */
  ready?: boolean;
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
  /** Reports one of the other side's messages (its message menu); absent: no message menu. */
  onReportMessage?(message: ChatMessage): void;
}

/**
 * /message/{channel}: the conversation with one contact as a messaging app shows it (the `message` frame: no app
 * header or tab bar). Its own header (back, picture and name, the overflow menu) stays at the top and the composer
 * at the bottom; only the messages scroll, oldest at the top. It opens at the newest message, or at an "unread
 * messages" divider; it follows new messages while at the bottom, and counts them on a pill when scrolled up
 * (conversation-scroll.ts).
 */
/** Whose each placeholder bubble is while a conversation loads (true: the member's own). */
const PLACEHOLDER_BUBBLES = [false, true, false, false, true];

export function Conversation(props: ConversationProps) {
  const { contact, messages, backHref, connection, loading, hasOlder, onLoadOlder } = props;
  const { t } = useLingui();
  const name = contact ? contactName(contact, t) : '';
  const ready = contact !== null && (props.ready ?? !loading);
  const locked = props.status !== null && isLocked(props.status);
  // The divider is decided once, as the conversation opens: opening it marks its messages read right after.
  const [mark, setMark] = useState<UnreadMark | null | undefined>(undefined);
  if (ready && contact && mark === undefined) setMark(unreadMarkOf(messages, contact.unreadcount));
  const scroll = useConversationScroll(messages, ready && mark !== undefined);

  return (
    <section className="chat-conversation" aria-label={name || t`Conversation`}>
      <PageHeader
        title={
          <span className="chat-title">
            {contact ? <Avatar src={contact.avatar} name={name} /> : <span className="skeleton chat-title-skeleton" aria-hidden="true" />}
            {contact ? <span className="chat-title-name">{name}</span> : <span className="skeleton skeleton--line chat-name-skeleton" aria-hidden="true" />}
          </span>
        }
        backHref={backHref}
        actions={contact && !contact.isSystem ? <ConversationMenu {...props} /> : null}
      />
      <ConnectionNotice status={connection} onUseHere={props.onUseHere} />
      <div className="chat-scroller">
        <ol
          className="chat-messages"
          ref={scroll.listRef}
          onScroll={scroll.onScroll}
          // A scrolling region: keyboard users can focus it to scroll with the arrow keys.
          tabIndex={0}
          aria-label={t`Messages`}
          aria-busy={loading}
          aria-live="polite"
        >
          {hasOlder && (
            <li className="chat-older">
              <Button variant="link" onClick={onLoadOlder} busy={loading}>
                {t`Show earlier messages`}
              </Button>
            </li>
          )}
          {messages.flatMap((message) => {
            // The other side's messages have a menu (Report message); the system contact's notices do not.
            const reportable = props.onReportMessage && !message.self && message.seq !== null && !contact?.isSystem;
            const onReport = reportable ? () => props.onReportMessage?.(message) : undefined;
            const bubble = <MessageBubble key={message.id} message={message} name={name} onReport={onReport} />;
            if (message.id !== mark?.id) return [bubble];
            const count = mark.count;
            const divider = (
              <li key="unread" className="chat-divider" ref={scroll.dividerRef}>
                <span>
                  <Plural value={count} one="# unread message" other="# unread messages" />
                </span>
              </li>
            );
            return [divider, bubble];
          })}
          {/* Placeholder bubbles, theirs and the member's, while the conversation's first messages load. */}
          {loading && messages.length === 0 && PLACEHOLDER_BUBBLES.map((self, index) => (
            <li key={`placeholder-${index}`} className={`chat-bubble chat-bubble--placeholder${self ? ' chat-bubble--self' : ''}`} aria-hidden="true">
              <span className="skeleton skeleton--line" />
            </li>
          ))}
          {/* A locked conversation says what unlocking costs instead (the unlock panel): hello comes after. */}
          {!loading && messages.length === 0 && !locked && <li className="chat-empty">{t`No messages yet. Say hello!`}</li>}
        </ol>
        {scroll.away && <JumpToNewest fresh={scroll.fresh} onClick={scroll.toBottom} />}
      </div>
      <ConversationFooter {...props} name={name} />
    </section>
  );
}

/**
 * Shown while scrolled up: a round button down to the newest message, which becomes a "N new messages" pill when
 * messages came in meanwhile (WhatsApp's and Telegram's jump button with its count).
 */
function JumpToNewest({ fresh, onClick }: { fresh: number; onClick(): void }) {
  const { t } = useLingui();
  if (fresh === 0) {
    return (
      <button type="button" className="chat-jump" onClick={onClick} aria-label={t`Go to the newest message`} title={t`Go to the newest message`}>
        <ChatIcon name="down" />
      </button>
    );
  }
  return (
    <button type="button" className="chat-jump chat-jump--fresh" onClick={onClick}>
      <ChatIcon name="down" />
      <span>
        <Plural value={fresh} one="# new message" other="# new messages" />
      </span>
    </button>
  );
}

const CHAT_ICONS = {
  more: (
    <>
      <circle cx="12" cy="5" r="1" />
      <circle cx="12" cy="12" r="1" />
      <circle cx="12" cy="19" r="1" />
    </>
  ),
  send: (
    <>
      <path d="M4.5 4.5L20 12 4.5 19.5 7 12z" />
      <path d="M7 12h5.5" />
    </>
  ),
  down: <path d="M6 9l6 6 6-6" />,
};

/** The conversation's own icons (kit/icons.tsx ships with the first page; these load with the chat). */
function ChatIcon({ name }: { name: keyof typeof CHAT_ICONS }) {
  return (
    <SvgIcon size={name === 'send' ? 22 : 24} filled={name === 'more'} className={name === 'send' ? 'icon--directional' : undefined}>
      {CHAT_ICONS[name]}
    </SvgIcon>
  );
}

function MessageBubble({ message, name, onReport }: { message: ChatMessage; name: string; onReport?: () => void }) {
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
      {onReport && <MessageMenu onReport={onReport} />}
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

/** The header's overflow menu, as WhatsApp's: Block (or Unblock) and Report. */
function ConversationMenu({ status, onToggleBlock, onReport }: ConversationProps) {
  const { t } = useLingui();
  const blocked = status?.is_block ?? false;
  // Blocking needs the conversation's status (who blocked whom); until it is known only Report is offered.
  const items = [
    ...(status ? [{ label: blocked ? t`Unblock` : t`Block`, onSelect: onToggleBlock }] : []),
    { label: t`Report`, onSelect: onReport },
  ];
  return <MenuButton label={t`More options`} icon={<ChatIcon name="more" />} items={items} />;
}

function ConversationFooter(props: ConversationProps & { name: string }) {
  const { status, contact, onUnlock, unlocking, error, name, points, buyCoinsHref, repricedFrom } = props;
  const { t } = useLingui();
  if (!contact || !status) return null;
  if (contact.isSystem) return <p className="chat-footer-note">{t`This is where Venuely sends you notices. It cannot be answered.`}</p>;
  if (isLocked(status)) {
    return (
      <UnlockPanel
        name={name}
        price={status.unlock_price ?? 0}
        points={points ?? null}
        repricedFrom={repricedFrom ?? null}
        onUnlock={onUnlock}
        unlocking={unlocking}
        error={error ?? null}
        buyPointsHref={buyCoinsHref}
      />
    );
  }
  if (status.is_block) return <p className="chat-footer-note">{t`You blocked this user. Unblock them to send messages.`}</p>;
  if (!status.can_send) return <p className="chat-footer-note">{t`You cannot send messages in this conversation.`}</p>;
  return <Composer {...props} />;
}

/**
 * Enter sends and Shift+Enter starts a new line, as in WhatsApp Web and Telegram on a computer. Where touch is the
 * main input (a phone's on-screen keyboard has no Shift+Enter), Enter starts a new line and the send button beside
 * the box sends, as in their phone apps.
 */
const enterSends = () => typeof matchMedia !== 'function' || !matchMedia('(hover: none) and (pointer: coarse)').matches;

/**
 * The composer, on one row: the photo button, the text box (it grows with its text up to five lines, then scrolls)
 * and the send button.
 */
function Composer({ onSend, onSendPhoto, uploading, error }: ConversationProps) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [sendsOnEnter] = useState(enterSends);
  const fileRef = useRef<HTMLInputElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  // The box fits its text; CSS caps it at five lines (max-block-size), where it starts to scroll.
  useLayoutEffect(() => {
    const box = inputRef.current;
    if (!box) return;
    box.style.blockSize = 'auto';
    box.style.blockSize = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
  }, [text]);
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (text.trim().length === 0) return;
    onSend(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (sendsOnEnter && event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
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
          enterKeyHint={sendsOnEnter ? 'send' : 'enter'}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </label>
      <button type="submit" className="chat-send" aria-label={t`Send`} title={t`Send`} disabled={text.trim().length === 0}>
        <ChatIcon name="send" />
      </button>
    </form>
  );
}

/** A profile's conversation the member has not unlocked yet: the unlock panel stands where the composer would. */
function isLocked(status: ChatStatus): boolean {
  return status.is_partner && !status.is_unlocked;
}
