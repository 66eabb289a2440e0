import { createFileRoute } from '@tanstack/react-router';
import { KycPage } from './-kyc-page';

/** /verify/kyc/step4: the status of the member's identity verification (auth). */
export const Route = createFileRoute('/$lang/_auth/verify/kyc/step4')({
  component: StepFour,
});

function StepFour() {
  const { lang } = Route.useParams();
  return <KycPage lang={lang} />;
}
