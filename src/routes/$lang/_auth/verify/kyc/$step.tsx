import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireKycNotSubmitted } from '../../../../-owner/owner-guards';
import { KycPage } from './-kyc-page';

const STEPS = ['step1', 'step2', 'step3', 'step4'];

/**
 * /verify/kyc/step1 … step4 (spec section 2; auth). Steps 1–3 have the `kyc` guard of DESIGN section 7: a member
 * whose verification is under review or approved goes to step 4. Until the KYC issue brings the steps' forms, each
 * shows the member's verification status. Any other step is the 404 page.
 */
export const Route = createFileRoute('/$lang/_auth/verify/kyc/$step')({
  beforeLoad: ({ context, params }) => {
    if (!STEPS.includes(params.step)) throw notFound();
    return params.step === 'step4' ? undefined : requireKycNotSubmitted(context.system, params.lang);
  },
  component: KycStep,
});

function KycStep() {
  const { lang } = Route.useParams();
  return <KycPage lang={lang} />;
}
