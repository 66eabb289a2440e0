import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ChatContact } from '@/contract/calls/chat';
import { selectContacts } from '@/machines/chat/chat.machine';
import { ContactList } from '@/ui/chat/contact-list';
import { PageHeader } from '@/ui/kit/page-header';
import { useDocumentTitle } from '../-app/use-document-title';
import { useFeatureCatalog } from '../-app/use-feature-catalog';
import { channelOf } from './channel';
import { useChat, useConnectionStatus } from './use-chat';

const messagesRoute = getRouteApi('/$lang/_default/_auth/message/');

/** The page's title (the tab's name), the same in the page and in its skeleton. */
export function useMessagesTitle(): string {
  const { t } = useLingui();
  return t({ message: 'Messages', context: 'tab' });
}

/**
 * /{lang}/message before the conversations are known: as the server paints it for a signed-in browser
 * (src/routes/-app/signed-in-pages.tsx), the title and the list's placeholder rows.
 */
export function MessagesScreenSkeleton({ lang }: { lang: string }) {
  return (
    <>
      <PageHeader title={useMessagesTitle()} />
      <ContactList contacts={[]} hrefOf={() => ''} state="loading" onRetry={() => {}} connection="CONNECTING" onUseHere={() => {}} browseHref={`/${lang}/partner`} />
    </>
  );
}

/** Where a contact's conversation is. */
export const contactHref = (lang: string) => (contact: ChatContact) =>
  `/${lang}/message/${channelOf({ peer: contact.uuid, partnerUuid: contact.appends?.uuid })}`;

/** The page of /{lang}/message (route: $lang/_auth/message/index.tsx). */
export function MessagesRoutePage() {
  useFeatureCatalog('chat');
  const { lang } = messagesRoute.useParams();
  const title = useMessagesTitle();
  useDocumentTitle(title);
  const chat = useChat();
  const contacts = useSelector(chat, selectContacts);
  const syncing = useSelector(chat, (snapshot) => snapshot.hasTag('syncing'));
  const connected = useSelector(chat, (snapshot) => snapshot.context.me !== null);
  const connection = useConnectionStatus(chat);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const subscription = chat.on('chat.requestFailed', (event) => {
      if (event.request === 'contacts') setFailed(true);
    });
    return () => subscription.unsubscribe();
  }, [chat]);
  useEffect(() => {
    if (syncing) setFailed(false);
  }, [syncing]);

  const hrefOf = contactHref(lang);
  return (
    <>
      <PageHeader title={title} />
      <ContactList
        contacts={contacts}
        hrefOf={hrefOf}
        state={failed ? 'error' : syncing || (!connected && connection !== 'DISPLACED') ? 'loading' : 'ready'}
        onRetry={() => chat.send({ type: 'contacts.sync' })}
        connection={connection}
        onUseHere={() => chat.send({ type: 'chat.useHere' })}
        browseHref={`/${lang}/partner`}
      />
    </>
  );
}
