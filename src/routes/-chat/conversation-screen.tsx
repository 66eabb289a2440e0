import { useLingui } from '@lingui/react/macro';
import { getRouteApi, useLocation } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { ChatMessage } from '@/contract/calls/chat';
import { selectUser } from '@/machines/account/session.machine';
import { selectChatStatus, selectContact, selectConversationLoaded, selectRepricedFrom, UNLOCK_OFFLINE_ERROR } from '@/machines/chat/chat.machine';
import { requestErrorText } from '@/ui/directory/directory-names';
import { contactName } from '@/ui/chat/chat-format';
import { Conversation } from '@/ui/chat/conversation';
import { MESSAGES, translateCode } from '@/ui/app/messages';
import { useAppSystem } from '../-app/app-context';
import { useDocumentTitle } from '../-app/use-document-title';
import { useFeatureCatalog } from '../-app/use-feature-catalog';
import { ReportDialogHost } from '../-listing/report-dialog-host';
import { channelOf, parseChannel } from './channel';
import { linkedChatProfile, withLinkedProfile } from './linked-profile';
import { useChat, useConnectionStatus } from './use-chat';

const conversationRoute = getRouteApi('/$lang/_message/message/$channel');

const ignore = () => {};

/**
 * /{lang}/message/{channel} before the conversation is known: as the server paints it for a signed-in browser
 * (src/routes/-app/signed-in-pages.tsx), the conversation's frame (back, the composer) and its messages loading.
 */
export function ConversationScreenSkeleton({ lang }: { lang: string }) {
  return (
    <Conversation
      contact={null}
      messages={[]}
      backHref={`/${lang}/message`}
      connection="CONNECTING"
      onUseHere={ignore}
      status={null}
      loading
      ready={false}
      hasOlder={false}
      onLoadOlder={ignore}
      onSend={ignore}
      onSendPhoto={ignore}
      uploading={false}
      onUnlock={ignore}
      unlocking={false}
      onToggleBlock={ignore}
      onReport={ignore}
    />
  );
}

/** The page of /{lang}/message/{channel} (route: $lang/_auth/message/$channel.tsx). */
export function ConversationRoutePage() {
  useFeatureCatalog('chat');
  const { lang, channel } = conversationRoute.useParams();
  const parsed = parseChannel(channel)!;
  return <ConversationScreen key={channelOf(parsed)} lang={lang} peer={parsed.peer} partnerUuid={parsed.partnerUuid} />;
}

function ConversationScreen({ lang, peer, partnerUuid }: { lang: string; peer: string; partnerUuid?: string }) {
  const { t, i18n } = useLingui();
  const chat = useChat();
  const { session } = useAppSystem();
  const user = useSelector(session, selectUser);
  const key = channelOf({ peer, partnerUuid });
  // The name and picture the linking page knew (a profile's Chat button), shown until the chat knows them.
  // Kept by value: the conversation is opened again only when what is known changes.
  const linked = useLocation({ select: (location) => location.state.chatProfile });
  const [linkedUuid, linkedName, linkedThumb] = [linked?.uuid ?? '', linked?.nickname ?? '', linked?.thumb ?? ''];
  const profile = useMemo(
    () => linkedChatProfile(linkedUuid ? { uuid: linkedUuid, nickname: linkedName, thumb: linkedThumb } : undefined, peer),
    [linkedUuid, linkedName, linkedThumb, peer],
  );
  const held = useSelector(chat, (snapshot) => selectContact(snapshot, key));
  const contact = useMemo(() => withLinkedProfile(held, peer, partnerUuid, profile), [held, peer, partnerUuid, profile]);
  const status = useSelector(chat, (snapshot) => selectChatStatus(snapshot, key));
  const repricedFrom = useSelector(chat, (snapshot) => selectRepricedFrom(snapshot, key));
  const loaded = useSelector(chat, (snapshot) => selectConversationLoaded(snapshot, key));
  const connected = useSelector(chat, (snapshot) => snapshot.context.me !== null);
  const uploading = useSelector(chat, (snapshot) => snapshot.context.uploads.some((upload) => upload.key === key));
  const unlocking = useSelector(chat, (snapshot) => snapshot.context.action?.kind === 'unlock' && snapshot.context.action.key === key);
  const connection = useConnectionStatus(chat);
  const [error, setError] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const [reportedMessage, setReportedMessage] = useState<ChatMessage | null>(null);
  const name = contact ? contactName(contact, t) : '';
  useDocumentTitle(name || t`Conversation`);

  // Open once the chat is connected (a reload connects it after the page is up); closing marks nothing read.
  useEffect(() => {
    if (!connected) return;
    chat.send({ type: 'conversation.open', uuid: peer, ...(partnerUuid ? { partnerUuid } : {}), ...(profile ? { profile } : {}) });
    return () => chat.send({ type: 'conversation.close' });
  }, [chat, connected, peer, partnerUuid, profile]);

  useEffect(() => {
    const failures = chat.on('chat.requestFailed', (event) => {
      if (event.key === key && (event.request === 'upload' || event.request === 'unlock' || event.request === 'block')) {
        setError(
          event.request === 'unlock' && event.error.msg === UNLOCK_OFFLINE_ERROR
            ? t`The chat is not connected, so nothing was unlocked and no points were spent. Try again once it is back.`
            : requestErrorText(i18n, event.error),
        );
      }
    });
    const refusals = chat.on('chat.messageFailed', (event) => {
      if (event.key === key) setError(MESSAGES[event.code] ? translateCode(i18n, event.code) : t`The message could not be sent.`);
    });
    return () => {
      failures.unsubscribe();
      refusals.unsubscribe();
    };
  }, [chat, key, i18n, t]);

  const clearError = () => setError(null);
  return (
    <>
      <Conversation
        contact={contact}
        messages={contact?.messages ?? []}
        backHref={`/${lang}/message`}
        connection={connection}
        onUseHere={() => chat.send({ type: 'chat.useHere' })}
        status={status}
        loading={held?.loading ?? true}
        ready={loaded}
        hasOlder={Boolean(contact && !contact.noMore && contact.messages.length > 0)}
        onLoadOlder={() => chat.send({ type: 'history.more', key })}
        onSend={(content) => {
          clearError();
          chat.send({ type: 'message.send', key, content });
        }}
        onSendPhoto={(file) => {
          clearError();
          chat.send({ type: 'photo.send', key, file });
        }}
        uploading={uploading}
        onUnlock={(price) => {
          clearError();
          chat.send({ type: 'partner.unlock', key, price });
        }}
        unlocking={unlocking}
        repricedFrom={repricedFrom}
        onToggleBlock={() => chat.send({ type: 'user.block', key, block: !(status?.is_block ?? false) })}
        onReport={() => setReporting(true)}
        error={error}
        points={user?.fun_score ?? null}
        buyCoinsHref={`/${lang}/member/point#recharge`}
        onReportMessage={setReportedMessage}
      />
      {/* The peer: a member reports the profile they talk to (the server maps its uuid), an owner the member. */}
      {reporting && <ReportDialogHost target="user" id={peer} onClose={() => setReporting(false)} />}
      {/* One of the other side's messages, named as this side names the conversation, and its seq. */}
      {reportedMessage?.seq ? (
        <ReportDialogHost
          target="message"
          to_uuid={peer}
          {...(partnerUuid ? { partner_uuid: partnerUuid } : {})}
          seq={reportedMessage.seq}
          quote={reportedMessage.contentType === 'text' ? reportedMessage.content : t`Photo`}
          onClose={() => setReportedMessage(null)}
        />
      ) : null}
    </>
  );
}
