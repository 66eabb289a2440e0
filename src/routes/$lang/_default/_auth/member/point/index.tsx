import { createFileRoute } from '@tanstack/react-router';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { WalletScreen } from '@/routes/-wallet/wallet-screen';

/** /member/point (spec section 2: points overview, auth, withdraw-cash action). The page is -wallet/wallet-screen.tsx. */
export const Route = createFileRoute('/$lang/_default/_auth/member/point/')({
  component: function WalletPage() {
    useFeatureCatalog('wallet');
    return <WalletScreen lang={Route.useParams().lang} />;
  },
});
