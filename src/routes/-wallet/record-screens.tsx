import { Trans, useLingui } from '@lingui/react/macro';
import { orderHistory, type OrderRecord } from '@/contract/calls/payment';
import { buyLog, withdrawalLog, type PointsLogItem, type Withdrawal } from '@/contract/calls/wallet';
import { TestModeNotice } from '@/ui/app/test-mode-notice';
import { EmptyState } from '@/ui/directory/listing-list';
import { AppLink } from '@/ui/kit/link';
import { PageHeader } from '@/ui/kit/page-header';
import { OrderRow, PointsLogRow, WithdrawalRow } from '@/ui/wallet/wallet-records';
import { useAppSystem } from '../-app/app-context';
import { useDocumentTitle } from '../-app/use-document-title';
import { usePaymentsTestMode } from '../-app/use-payments-test-mode';
import { ListingFeed } from '../-directory/listing-feed';
import { useEconomy } from './wallet-data';

/** Rows per page of the wallet's lists. */
const PAGE_SIZE = 20;
const NO_FILTERS = {};

/** /{lang}/member/point/log: the points log, newest first (user/buyLog). */
export function PointsLogScreen({ lang }: { lang: string }) {
  const { t } = useLingui();
  const title = t`Points history`;
  useDocumentTitle(title);
  const { api } = useAppSystem();
  return (
    <section>
      <PageHeader title={title} backHref={`/${lang}/member/point`} />
      <ListingFeed
        layout="rows"
        query={NO_FILTERS}
        label={title}
        fetchPage={(input, signal) => api.call(buyLog, { limit: PAGE_SIZE, ...(input.cursor ? { cursor: input.cursor } : {}) }, { signal })}
        keyOf={(item) => String((item as PointsLogItem).id)}
        renderItem={(item) => <PointsLogRow item={item as PointsLogItem} />}
        empty={
          <EmptyState title={<Trans>No points yet</Trans>}>
            <AppLink className="text-link" href={`/${lang}/member/point#recharge`}>
              <Trans>Buy coins</Trans>
            </AppLink>
          </EmptyState>
        }
      />
    </section>
  );
}

/** /{lang}/member/point/withdrawLog: the withdrawals, newest first (user/withdrawalLog). */
export function WithdrawalsScreen({ lang }: { lang: string }) {
  const { t } = useLingui();
  const title = t`Withdrawal history`;
  useDocumentTitle(title);
  const { api } = useAppSystem();
  return (
    <section>
      <PageHeader title={title} backHref={`/${lang}/member/point/withdraw`} />
      <ListingFeed
        layout="rows"
        query={NO_FILTERS}
        label={title}
        fetchPage={(input, signal) => api.call(withdrawalLog, { limit: PAGE_SIZE, ...(input.cursor ? { cursor: input.cursor } : {}) }, { signal })}
        keyOf={(item) => String((item as Withdrawal).id)}
        renderItem={(item) => <WithdrawalRow item={item as Withdrawal} />}
        empty={
          <EmptyState title={<Trans>No withdrawals yet</Trans>}>
            <AppLink className="text-link" href={`/${lang}/member/point/withdraw`}>
              <Trans>Withdraw cash</Trans>
            </AppLink>
          </EmptyState>
        }
      />
    </section>
  );
}

/** /{lang}/member/transaction: the payments, newest first (payment/orderHistory). */
export function TransactionsScreen({ lang }: { lang: string }) {
  const { t } = useLingui();
  const title = t`Transaction history`;
  useDocumentTitle(title);
  const { api } = useAppSystem();
  const economy = useEconomy();
  const testMode = usePaymentsTestMode();
  return (
    <section>
      <PageHeader title={title} backHref={`/${lang}/member`} />
      {testMode ? <TestModeNotice variant="list" /> : null}
      <ListingFeed
        layout="rows"
        query={NO_FILTERS}
        label={title}
        fetchPage={(input, signal) => api.call(orderHistory, { limit: PAGE_SIZE, ...(input.cursor ? { cursor: input.cursor } : {}) }, { signal })}
        keyOf={(item) => (item as OrderRecord).order_id}
        renderItem={(item) => <OrderRow item={item as OrderRecord} economy={economy.data} />}
        empty={
          <EmptyState title={<Trans>No payments yet</Trans>}>
            <AppLink className="text-link" href={`/${lang}/member/upgrade`}>
              <Trans>See the membership plans</Trans>
            </AppLink>
          </EmptyState>
        }
      />
    </section>
  );
}
