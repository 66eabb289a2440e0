import type { ReactNode } from 'react';
import type { MemberCall } from '@/contract/first-paint';
import { getContactList } from '@/contract/calls/chat';
import { config as homeConfig, economy } from '@/contract/calls/home';
import { me } from '@/contract/calls/user';
import { contactsOfList } from '@/machines/chat/chat.machine';
import type { FileRoutesById } from '@/routeTree.gen';
import { firstAnswer } from '@/services/first-data';
import { MemberAccount } from '@/ui/account/member-account';
import { MemberHome } from '@/ui/account/member-home';
import { ContactList } from '@/ui/chat/contact-list';
import { PageHeader } from '@/ui/kit/page-header';
import { ConversationScreenSkeleton } from '../-chat/conversation-screen';
import { contactHref, MessagesScreenSkeleton, useMessagesTitle } from '../-chat/messages-screen';
import { useWalletTitle, WalletScreenSkeleton, WalletView } from '../-wallet/wallet-screen';
import type { FeatureCatalog } from './use-feature-catalog';

/**
 * The signed-in pages the server paints for a signed-in browser before the app runs (src/entry-server.tsx
 * `renderSignedIn`, docs/decisions.md "Signed-in pages"), by route id, each with the page's layout frame around:
 * - `Filled`: the page with the member's own content, when the page session cookie names a live session
 *   (server/account/page-session.ts): the same components the app renders, fed with the answers of `calls` the
 *   server gathered as that member (read with `firstAnswer`);
 * - `Skeleton`: the page as it renders itself before the member's data is there (the same title and placeholders),
 *   when the server knows only that the browser is signed in (the hint cookie).
 * Either way nothing moves when the app takes over. Used on the server only.
 */
export const SIGNED_IN_PAGES: Partial<Record<keyof FileRoutesById, SignedInPage>> = {
  '/$lang/_default/member/': { Skeleton: AccountSkeleton, Filled: AccountFilled, catalog: 'forms', calls: [{ call: me, payload: {} }] },
  '/$lang/_default/_auth/member/point/': {
    Skeleton: WalletScreenSkeleton,
    Filled: WalletFilled,
    catalog: 'wallet',
    // The economy is the same for everyone and the app's wallet starts from it (wallet-data.ts useEconomy).
    calls: [{ call: me, payload: {} }, { call: economy, payload: {}, embed: true }, { call: homeConfig, payload: {} }],
  },
  // A conversation: its frame and its messages loading (the server does not read the member's history for it).
  '/$lang/_message/message/$channel': { Skeleton: ConversationScreenSkeleton, catalog: 'chat', calls: [] },
  '/$lang/_default/_auth/message/': {
    Skeleton: MessagesScreenSkeleton,
    Filled: MessagesFilled,
    catalog: 'chat',
    calls: [{ call: me, payload: {} }, { call: getContactList, payload: {} }],
  },
};

export interface SignedInPage {
  Skeleton(props: { lang: string }): ReactNode;
  /** Absent: the page is painted as its skeleton for every signed-in browser (its `calls` are then empty). */
  Filled?(props: { lang: string }): ReactNode;
  /** The page's feature catalog (use-feature-catalog.ts): loaded before either version renders, and preloaded by the page. */
  catalog: FeatureCatalog;
  /** The reads the filled page is rendered from, run as the member. */
  calls: MemberCall[];
}


/** /member (routes/$lang/_default/member/index.tsx) while the session loads. */
function AccountSkeleton({ lang }: { lang: string }) {
  return (
    <section>
      <MemberHome user={null} loading verifyEmailHref={`/${lang}/member/setup/verify-email`} classHref={`/${lang}/member/class`} onLogout={() => {}} />
    </section>
  );
}

function AccountFilled({ lang }: { lang: string }) {
  return (
    <section>
      <MemberAccount lang={lang} user={firstAnswer({ call: me, payload: {} }) ?? null} onLogout={() => {}} onFeedback={() => {}} />
    </section>
  );
}

function WalletFilled({ lang }: { lang: string }) {
  return (
    <WalletView
      lang={lang}
      title={useWalletTitle()}
      user={firstAnswer({ call: me, payload: {} }) ?? null}
      economy={firstAnswer({ call: economy, payload: {} }) ?? null}
      testMode={firstAnswer({ call: homeConfig, payload: {} })?.payments_test_mode === true}
      onBuy={() => {}}
    />
  );
}

function MessagesFilled({ lang }: { lang: string }) {
  const member = firstAnswer({ call: me, payload: {} });
  const list = firstAnswer({ call: getContactList, payload: {} });
  return (
    <>
      <PageHeader title={useMessagesTitle()} />
      <ContactList
        contacts={member && list ? contactsOfList(list, member.uuid) : []}
        hrefOf={contactHref(lang)}
        state="ready"
        connection="OPEN"
        onRetry={() => {}}
        onUseHere={() => {}}
        browseHref={`/${lang}/partner`}
      />
    </>
  );
}
