import { createFileRoute } from '@tanstack/react-router';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { TransactionsScreen } from '@/routes/-wallet/record-screens';

/** /member/transaction (spec section 2: transaction list and payment record, auth). */
export const Route = createFileRoute('/$lang/_default/_auth/member/transaction')({
  component: function TransactionsPage() {
    useFeatureCatalog('wallet');
    return <TransactionsScreen lang={Route.useParams().lang} />;
  },
});
