import { createFileRoute } from '@tanstack/react-router';
import { requireKycNotSubmitted } from '../../../../-owner/owner-guards';
import { KycPage } from './-kyc-page';

/**
 * /verify/kyc/step1: the entry of the KYC flow (auth, and the `kyc` guard of DESIGN section 7: a member whose
 * verification is under review or approved goes to step 4).
 */
export const Route = createFileRoute('/$lang/_auth/verify/kyc/step1')({
  beforeLoad: ({ context, params }) => requireKycNotSubmitted(context.system, params.lang),
  component: StepOne,
});

function StepOne() {
  const { lang } = Route.useParams();
  return <KycPage lang={lang} />;
}
