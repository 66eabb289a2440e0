import { createFileRoute } from '@tanstack/react-router';
import { useFeatureCatalog } from '../../../-app/use-feature-catalog';
import { TransactionsScreen } from '../../../-wallet/record-screens';

/** /member/transaction (spec section 2: transaction list and payment record, auth). */
export const Route = createFileRoute('/$lang/_auth/member/transaction')({
  component: function TransactionsPage() {
    useFeatureCatalog('wallet');
    return <TransactionsScreen lang={Route.useParams().lang} />;
  },
});
