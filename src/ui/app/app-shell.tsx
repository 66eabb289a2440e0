import { useLingui } from '@lingui/react/macro';
import { type MouseEvent, type ReactNode, useMemo } from 'react';
import { LOCALES, type Locale } from '@/contract/enums';
import { LOCALE_NAMES } from './locale-names';
import { type ShellTab, TabBar } from './tab-bar';
import { cx } from '../kit/class-names';
import { AppLink } from '../kit/link';
import { PageHeaderFrameContext } from '../kit/page-header-frame';
import '../kit/styles.css';

/** The header's language button; the account menu's langSwitch entry opens its list. Styled by id (styles.css). */
export const LANGUAGE_SWITCH_ID = 'language-switch';
const LANGUAGE_LIST_ID = 'language-list';

/**
 * The app header's form, which the page's layout route decides (src/routes/$lang/_*.tsx):
 * - `brand`: the app's header: brand, the main tabs on wide screens, the language switch; `search` under it;
 * - `page`: no app header: the page's own title bar (PageHeader: back, title, actions) is the top bar, and the
 *   layout's controls (the language switch) and look (`white`) go into it.
 */
export type ShellHeader = 'brand' | 'page';

export interface AppShellProps {
  locale: Locale;
  homeHref: string;
  /** The member page (/{lang}/member): the account menu, or login for guests. */
  accountHref: string;
  /** The current page in another language: the language list's links, which navigate there. */
  localeHref(locale: Locale): string;
  /** A language was picked from the list (its link then navigates): remember the choice. */
  onLocaleChange(locale: Locale): void;
  /** The main tab the page belongs to (`shellTabOf`), marked as the current page. */
  currentTab?: ShellTab;
  /** Unread chat messages, shown on the messages tab. */
  unread?: number;
  header: ShellHeader;
  /** The main tabs (a bottom bar on phones). */
  tabBar: boolean;
  languageSwitch: boolean;
  /** In the brand header, under the brand: the home's search box. */
  search?: ReactNode;
  /** The page's title bar is white (`header="page"`). */
  white?: boolean;
  /** The page fills the screen edge to edge (a conversation): no padding around it. */
  flush?: boolean;
  children: ReactNode;
}

/**
 * The frame of every page but the info pages: header, main tabs, language switch, and the page in a main landmark,
 * each as the page's layout decides (AppShellProps).
 *
 * The language switch is a globe button and a popover of links, each language in its own name. The browser does
 * the rest, with no script of ours and before the app runs: the button opens the list, Escape or a tap elsewhere
 * closes it and focus goes back to the button. The links are the same page in each language (AppLink: inside the
 * app once it runs; before, a pick simply loads that page).
 */
export function AppShell(props: AppShellProps) {
  const { header, tabBar, languageSwitch, search, white, flush, children } = props;
  const { locale, localeHref, onLocaleChange } = props;
  const languages = languageSwitch ? <LanguageSwitch locale={locale} localeHref={localeHref} onLocaleChange={onLocaleChange} /> : null;
  const tabs = tabBar ? <TabBar homeHref={props.homeHref} accountHref={props.accountHref} current={props.currentTab} unread={props.unread} /> : null;
  // The page's bar gets the language switch when it is the top bar. The value changes only with what it shows: a new
  // context value above a part the server rendered and the app has not hydrated yet (the home's sections) makes React
  // throw that part's markup away and render it anew.
  const inBar = header === 'page' && languageSwitch;
  const frame = useMemo(
    () => ({ white, end: inBar ? <LanguageSwitch locale={locale} localeHref={localeHref} onLocaleChange={onLocaleChange} /> : null }),
    [white, inBar, inBar && locale, inBar && localeHref, inBar && onLocaleChange],
  );
  return (
    <div className={cx('shell', header === 'page' && 'shell--page', tabBar && 'shell--tabs', flush && 'shell--flush')}>
      {header === 'brand' ? (
        <header className="shell-header">
          <a className="brand" href={props.homeHref}>
            Venuely
          </a>
          {tabs}
          {languages}
          {search && <div className="shell-search">{search}</div>}
        </header>
      ) : (
        tabs
      )}
      <PageHeaderFrameContext value={frame}>
        <main className="shell-main">{children}</main>
      </PageHeaderFrameContext>
    </div>
  );
}

function LanguageSwitch({ locale, localeHref, onLocaleChange }: Pick<AppShellProps, 'locale' | 'localeHref' | 'onLocaleChange'>) {
  const { t } = useLingui();
  // The list stays in the page across the navigation: the pick closes it (and focus returns to the button).
  const pick = (event: MouseEvent<HTMLAnchorElement>) => {
    document.getElementById(LANGUAGE_LIST_ID)?.hidePopover();
    onLocaleChange(event.currentTarget.lang as Locale);
  };
  const label = t`Language`;
  return (
    <>
      <button type="button" id={LANGUAGE_SWITCH_ID} popoverTarget={LANGUAGE_LIST_ID} aria-label={label}>
        {locale.slice(0, 2)}
      </button>
      <nav id={LANGUAGE_LIST_ID} popover="" aria-label={label}>
        {LOCALES.map((code) => (
          <AppLink key={code} href={localeHref(code)} lang={code} aria-current={code === locale} onClick={pick}>
            {LOCALE_NAMES[code]}
          </AppLink>
        ))}
      </nav>
    </>
  );
}
