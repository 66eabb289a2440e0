import { createFileRoute } from '@tanstack/react-router';
import { ListingFormPage } from '@/routes/-owner/listing-form-page';

/** /member/merchant/publish (auth + kyc-status): publish a new venue. */
export const Route = createFileRoute('/$lang/_content/_kyc/member/merchant/publish')({
  component: PublishPage,
});

function PublishPage() {
  const { lang } = Route.useParams();
  return <ListingFormPage lang={lang} source="merchant" id={null} />;
}
