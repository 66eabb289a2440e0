import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Frame } from '@/routes/-app/frame';
import { HomeSearchForm } from '@/ui/directory/home-page';

/** Layout `default-search` (spec section 2): `default` with the search box in the header; the home. */
export const Route = createFileRoute('/$lang/_default_search')({
  component: DefaultSearchLayout,
});

function DefaultSearchLayout() {
  const { lang } = Route.useParams();
  const navigate = useNavigate();
  const search = (keyword: string) => void navigate({ to: '/$lang/search', params: { lang }, search: keyword ? { q: keyword } : {} });
  return <Frame header="brand" tabBar languageSwitch search={<HomeSearchForm locale={lang} onSearch={search} />} />;
}
