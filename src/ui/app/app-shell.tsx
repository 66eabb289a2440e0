import { useLingui } from '@lingui/react/macro';
import type { MouseEvent, ReactNode } from 'react';
import { LOCALES, type Locale } from '@/contract/enums';
import { LOCALE_NAMES } from './locale-names';
import { type ShellTab, TabBar } from './tab-bar';
import { AppLink } from '../kit/link';
import '../kit/styles.css';

/** The header's language button; the account menu's langSwitch entry opens its list. Styled by id (styles.css). */
export const LANGUAGE_SWITCH_ID = 'language-switch';
const LANGUAGE_LIST_ID = 'language-list';

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
  /** The page brings its own frame (route staticData `frame`, $lang.tsx): no app header, tab bar or language switch. */
  bare?: boolean;
  children: ReactNode;
}

/**
 * The frame of every page: brand, main tabs, language switch, and the page in a main landmark.
 *
 * The language switch is a globe button and a popover of links, each language in its own name. The browser does
 * the rest, with no script of ours and before the app runs: the button opens the list, Escape or a tap elsewhere
 * closes it and focus goes back to the button. The links are the same page in each language (AppLink: inside the
 * app once it runs; before, a pick simply loads that page).
 */
export function AppShell({ locale, homeHref, accountHref, localeHref, onLocaleChange, currentTab, unread, bare, children }: AppShellProps) {
  const { t } = useLingui();
  // The list stays in the page across the navigation: the pick closes it (and focus returns to the button).
  const pick = (event: MouseEvent<HTMLAnchorElement>) => {
    document.getElementById(LANGUAGE_LIST_ID)?.hidePopover();
    onLocaleChange(event.currentTarget.lang as Locale);
  };
  const label = t`Language`;
  return (
    <div className={bare ? 'shell shell--bare' : 'shell'}>
      <header className="shell-header">
        <a className="brand" href={homeHref}>
          Venuely
        </a>
        <TabBar homeHref={homeHref} accountHref={accountHref} current={currentTab} unread={unread} />
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
      </header>
      <main className="shell-main">{children}</main>
    </div>
  );
}
