import { createFileRoute } from '@tanstack/react-router';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { CardsScreen } from '@/routes/-wallet/cards-screen';

/** /member/card-management (spec section 2: saved cards, auth, back button). */
export const Route = createFileRoute('/$lang/_default/_auth/member/card-management')({
  component: function CardsPage() {
    useFeatureCatalog('wallet');
    return <CardsScreen lang={Route.useParams().lang} />;
  },
});
