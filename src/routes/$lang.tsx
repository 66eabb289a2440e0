import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';
import { isLocale, type Locale } from '@/contract/enums';
import { activateLocale } from '@/services/i18n';
import { LinkProvider } from '@/ui/kit/link';
import { NotFoundPage } from '@/ui/app/not-found-page';
import { DEFAULT_FRAME, Frame } from './-app/frame';
import { paramsWhere } from './-app/guards';
import { RouterLink } from './-app/router-link';

/**
 * Every localized route lives under /{lang}; an unknown prefix is a 404 (STYLE rule 16). The page's frame is its
 * layout route's (`_default`, `_search`, … below), not this route's.
 */
export const Route = createFileRoute('/$lang')({
  params: { parse: paramsWhere((params: { lang: string }) => isLocale(params.lang)) },
  beforeLoad: async ({ params }) => {
    await activateLocale(params.lang as Locale);
    return { locale: params.lang };
  },
  component: LangLayout,
  notFoundComponent: LangNotFound,
});

/** The ui's links navigate inside the app (RouterLink) rather than reloading the page. */
function LangLayout() {
  return (
    <LinkProvider component={RouterLink}>
      <Outlet />
    </LinkProvider>
  );
}

/** A path no route matches: the 404 page in the default layout's frame. */
function LangNotFound() {
  const { pathname } = useLocation();
  return (
    <LinkProvider component={RouterLink}>
      <Frame {...DEFAULT_FRAME}>
        <NotFoundPage path={pathname} />
      </Frame>
    </LinkProvider>
  );
}
