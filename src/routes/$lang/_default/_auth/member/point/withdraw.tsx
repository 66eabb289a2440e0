import { createFileRoute } from '@tanstack/react-router';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { WithdrawScreen } from '@/routes/-wallet/withdraw-screen';

/** /member/point/withdraw (spec section 2: withdrawal application, auth, links to the withdrawal history). */
export const Route = createFileRoute('/$lang/_default/_auth/member/point/withdraw')({
  component: function WithdrawPage() {
    useFeatureCatalog('wallet');
    return <WithdrawScreen lang={Route.useParams().lang} />;
  },
});
