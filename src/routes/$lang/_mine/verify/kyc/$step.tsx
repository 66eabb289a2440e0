import { createFileRoute } from '@tanstack/react-router';
import type { KycStep } from '@/machines/kyc/kyc.machine';
import { paramsWhere } from '@/routes/-app/guards';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { KycScreen } from '@/routes/-kyc/kyc-screen';

const STEPS = ['step1', 'step2', 'step3', 'step4'];

/**
 * /verify/kyc/step1 … step4 (spec section 2; auth, mine layout): the four steps of identity verification. Steps 1–3
 * have the `kyc` guard of DESIGN section 7: a member whose verification is under review or approved goes to step 4,
 * which shows the status. Any other step is the 404 page. One page for the four: the kyc machine lives across them.
 */
export const Route = createFileRoute('/$lang/_mine/verify/kyc/$step')({
  params: { parse: paramsWhere((params: { step: string }) => STEPS.includes(params.step)) },
  beforeLoad: async ({ context, params }) => {
    if (params.step === 'step4') return;
    // The guard's code loads with the first page that needs it: it waits for the app system anyway.
    const { requireKycNotSubmitted } = await import('@/routes/-owner/owner-guards');
    await requireKycNotSubmitted(context.system, params.lang);
  },
  component: function KycPage() {
    useFeatureCatalog('kyc');
    const { lang, step } = Route.useParams();
    return <KycScreen lang={lang} step={step as KycStep} />;
  },
});
