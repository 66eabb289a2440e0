import { createFileRoute } from '@tanstack/react-router';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { ClassScreen } from '@/routes/-wallet/membership-screens';

/**
 * /member/class: the member's class (membership level 0–4), what each allows and the way up. Open to visitors
 * too: a visitor sees level 0 and the way in (docs/decisions.md "Wallet").
 */
export const Route = createFileRoute('/$lang/_default/member/class')({
  component: function ClassPage() {
    useFeatureCatalog('wallet');
    return <ClassScreen lang={Route.useParams().lang} />;
  },
});
