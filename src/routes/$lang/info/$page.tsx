import { useLingui } from '@lingui/react';
import { createFileRoute } from '@tanstack/react-router';
import { INFO_PAGE_TITLES, type InfoPageKey } from '@/ui/app/info/info-texts';
import { StaticPage } from '@/ui/app/info/static-page';
import { paramsWhere } from '@/routes/-app/guards';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';

const PAGES: readonly InfoPageKey[] = ['about-us', 'privacy-policy', 'terms'];

/** /info/about-us, /info/privacy-policy, /info/terms: no layout, back button, white header (spec section 2). */
export const Route = createFileRoute('/$lang/info/$page')({
  params: { parse: paramsWhere((params: { page: string }) => PAGES.includes(params.page as InfoPageKey)) },
  component: InfoPage,
});

function InfoPage() {
  useFeatureCatalog('info');
  const { i18n } = useLingui();
  const { lang, page } = Route.useParams();
  useDocumentTitle(i18n._(INFO_PAGE_TITLES[page as InfoPageKey]));
  // No layout (spec section 2): the page's white header with its back button, and no app shell.
  return (
    <main className="shell shell--page shell-main">
      <StaticPage page={page as InfoPageKey} backHref={`/${lang}`} />
    </main>
  );
}
