import { createFileRoute, notFound } from '@tanstack/react-router';
import { isListingSource } from '../../../../../-owner/owner-links';
import { OwnListingsPage } from '../../../../../-owner/own-listings-page';

/** /member/content/{source} (auth + kyc-status, back to /member, plus button): the owner's venues or profiles. */
export const Route = createFileRoute('/$lang/_auth/_kyc/member/content/$source')({
  beforeLoad: ({ params }) => {
    if (!isListingSource(params.source)) throw notFound();
  },
  component: ContentPage,
});

function ContentPage() {
  const { lang, source } = Route.useParams();
  if (!isListingSource(source)) return null;
  // Keyed by source: the venues and the profiles are two lists, each with its own machine.
  return <OwnListingsPage key={source} lang={lang} source={source} />;
}
