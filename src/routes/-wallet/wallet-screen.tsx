import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { CurrentUser } from '@/contract/calls/user';
import type { CoinPack, EconomyConfig } from '@/contract/economy';
import { OrderType } from '@/contract/feature-enums';
import { TestModeNotice } from '@/ui/app/test-mode-notice';
import { RecordSkeletonRows } from '@/ui/directory/listing-list';
import { PageHeader } from '@/ui/kit/page-header';
import { WalletOverview } from '@/ui/wallet/wallet-overview';
import { useDocumentTitle } from '../-app/use-document-title';
import { usePaymentsTestMode } from '../-app/use-payments-test-mode';
import { usePayment } from './use-payment';
import { useEconomy, useFreshUser } from './wallet-data';

/** The page's title, the same in the page and in its skeleton. */
export function useWalletTitle(): string {
  const { t } = useLingui();
  return t`Wallet`;
}

/**
 * /{lang}/member/point before the member is known: as the server paints it for a signed-in browser
 * (src/routes/-app/signed-in-pages.tsx), the page's frame and its rows loading.
 */
export function WalletScreenSkeleton({ lang }: { lang: string }) {
  return (
    <section>
      <PageHeader title={useWalletTitle()} backHref={`/${lang}/member`} />
      <RecordSkeletonRows />
    </section>
  );
}

/** /{lang}/member/point: the wallet (route: $lang/_auth/member/point/index.tsx). */
export function WalletScreen({ lang }: { lang: string }) {
  const { t } = useLingui();
  const title = useWalletTitle();
  useDocumentTitle(title);
  const user = useFreshUser();
  const economy = useEconomy();
  const { pay, dialog } = usePayment(lang, economy.data);
  const testMode = usePaymentsTestMode();
  return (
    <WalletView
      lang={lang}
      title={title}
      user={user}
      economy={economy.data}
      testMode={testMode}
      onBuy={(pack) => {
        const coins = pack.coins;
        pay({ type: OrderType.recharge, item_id: pack.item_id, item: t`${plural(coins, { one: '# coin', other: '# coins' })}` });
      }}
    >
      {dialog}
    </WalletView>
  );
}

export interface WalletViewProps {
  lang: string;
  title: string;
  user: CurrentUser | null;
  economy: EconomyConfig | null;
  testMode: boolean;
  onBuy(pack: CoinPack): void;
  children?: ReactNode;
}

/** The wallet's page, from whoever knows its data: the app (WalletScreen) or the server (signed-in-pages.tsx). */
export function WalletView({ lang, title, user, economy, testMode, onBuy, children }: WalletViewProps) {
  const base = `/${lang}/member`;
  return (
    <section>
      <PageHeader title={title} backHref={base} />
      {testMode ? <TestModeNotice variant="page" /> : null}
      {user ? (
        <WalletOverview
          user={user}
          packs={economy?.coin_packs ?? null}
          withdrawalMinPoints={economy?.withdrawal_min_points ?? null}
          withdrawHref={`${base}/point/withdraw`}
          logHref={`${base}/point/log`}
          withdrawalsHref={`${base}/point/withdrawLog`}
          transactionsHref={`${base}/transaction`}
          onBuy={onBuy}
        />
      ) : (
        <RecordSkeletonRows />
      )}
      {children}
    </section>
  );
}
