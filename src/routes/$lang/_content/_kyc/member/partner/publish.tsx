import { createFileRoute } from '@tanstack/react-router';
import { ListingFormPage } from '@/routes/-owner/listing-form-page';

/** /member/partner/publish (auth + kyc-status): publish a new profile. */
export const Route = createFileRoute('/$lang/_content/_kyc/member/partner/publish')({
  component: PublishPage,
});

function PublishPage() {
  const { lang } = Route.useParams();
  return <ListingFormPage lang={lang} source="partner" id={null} />;
}
