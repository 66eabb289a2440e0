import { createFileRoute } from '@tanstack/react-router';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { PointsLogScreen } from '@/routes/-wallet/record-screens';

/** /member/point/log (spec section 2: points log, auth). */
export const Route = createFileRoute('/$lang/_default/_auth/member/point/log')({
  component: function PointsLogPage() {
    useFeatureCatalog('wallet');
    return <PointsLogScreen lang={Route.useParams().lang} />;
  },
});
