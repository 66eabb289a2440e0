import { createFileRoute } from '@tanstack/react-router';
import { paramsWhere } from '@/routes/-app/guards';
import { isListingSource } from '@/routes/-owner/owner-links';
import { OwnListingsPage } from '@/routes/-owner/own-listings-page';

/** /member/content/{source} (auth + kyc-status, back to /member, plus button): the owner's venues or profiles. */
export const Route = createFileRoute('/$lang/_content/_kyc/member/content/$source')({
  params: { parse: paramsWhere((params: { source: string }) => isListingSource(params.source)) },
  component: ContentPage,
});

function ContentPage() {
  const { lang, source } = Route.useParams();
  if (!isListingSource(source)) return null;
  // Keyed by source: the venues and the profiles are two lists, each with its own machine.
  return <OwnListingsPage key={source} lang={lang} source={source} />;
}
