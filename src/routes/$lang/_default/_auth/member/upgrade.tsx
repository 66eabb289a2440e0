import { createFileRoute } from '@tanstack/react-router';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { UpgradeScreen } from '@/routes/-wallet/membership-screens';

/** /member/upgrade (spec section 2: member upgrade, auth): the plans and the payment dialog. */
export const Route = createFileRoute('/$lang/_default/_auth/member/upgrade')({
  component: function UpgradePage() {
    useFeatureCatalog('wallet');
    return <UpgradeScreen lang={Route.useParams().lang} />;
  },
});
