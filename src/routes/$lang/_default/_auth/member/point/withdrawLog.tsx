import { createFileRoute } from '@tanstack/react-router';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { WithdrawalsScreen } from '@/routes/-wallet/record-screens';

/** /member/point/withdrawLog (spec section 2: withdrawal history, auth). */
export const Route = createFileRoute('/$lang/_default/_auth/member/point/withdrawLog')({
  component: function WithdrawalsPage() {
    useFeatureCatalog('wallet');
    return <WithdrawalsScreen lang={Route.useParams().lang} />;
  },
});
