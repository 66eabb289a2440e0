import { createFileRoute } from '@tanstack/react-router';
import { listingIdParams } from '@/routes/-listing/listing-id';
import { ListingFormPage } from '@/routes/-owner/listing-form-page';

/** /member/partner/{id}/modify (auth, back button): the owner edits a profile of theirs. */
export const Route = createFileRoute('/$lang/_content/member/partner/$id/modify')({
  params: { parse: listingIdParams },
  component: ModifyPage,
});

function ModifyPage() {
  const { lang, id } = Route.useParams();
  // Keyed by id: another listing is another form.
  return <ListingFormPage key={id} lang={lang} source="partner" id={Number(id)} />;
}
