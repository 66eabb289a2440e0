import type { ReactNode } from 'react';
import type { FileRoutesById } from '@/routeTree.gen';
import type { FeatureCatalog } from './use-feature-catalog';
import { MemberHome } from '@/ui/account/member-home';
import { MessagesScreenSkeleton } from '../-chat/messages-screen';
import { WalletScreenSkeleton } from '../-wallet/wallet-screen';
import { useFeatureCatalog } from './use-feature-catalog';

/**
 * The signed-in pages the server paints for a signed-in browser before the app runs (src/entry-server.tsx
 * `renderShell`, docs/decisions.md "Signed-in pages"), by route id: the layout's frame around the page as it
 * renders itself before the member's data is there (the same components, title and placeholders), so that nothing
 * moves when the app takes over. Used on the server only.
 */
export const SIGNED_IN_SKELETONS: Partial<Record<keyof FileRoutesById, SignedInSkeleton>> = {
  '/$lang/_default/member/': { Page: AccountSkeleton, catalog: 'forms' },
  '/$lang/_default/_auth/member/point/': { Page: WalletScreenSkeleton, catalog: 'wallet' },
  '/$lang/_default/_auth/message/': { Page: MessagesScreenSkeleton, catalog: 'chat' },
};

export interface SignedInSkeleton {
  Page(props: { lang: string }): ReactNode;
  /** The page's feature catalog (use-feature-catalog.ts), which the page preloads. */
  catalog: FeatureCatalog;
}

/** /member (routes/$lang/_default/member/index.tsx) while the session loads. */
function AccountSkeleton({ lang }: { lang: string }) {
  useFeatureCatalog('forms');
  return (
    <section>
      <MemberHome user={null} loading verifyEmailHref={`/${lang}/member/setup/verify-email`} classHref={`/${lang}/member/class`} onLogout={() => {}} />
    </section>
  );
}
