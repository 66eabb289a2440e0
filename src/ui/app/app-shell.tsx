import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef } from 'react';
import { LOCALES, type Locale } from '@/contract/enums';
import { LOCALE_NAMES } from './locale-names';
import { type ShellTab, TabBar } from './tab-bar';
import { useValueSetBeforeApp } from '../kit/use-value-set-before-app';
import '../kit/styles.css';

/** The header's language select; the account menu's langSwitch entry moves focus to it. */
export const LANGUAGE_SWITCH_ID = 'language-switch';

export interface AppShellProps {
  locale: Locale;
  homeHref: string;
  /** The member page (/{lang}/member): the account menu, or login for guests. */
  accountHref: string;
  onLocaleChange(locale: Locale): void;
  /** The main tab the page belongs to (`shellTabOf`), marked as the current page. */
  currentTab?: ShellTab;
  /** Unread chat messages, shown on the messages tab. */
  unread?: number;
  children: ReactNode;
}

/** The frame of every page: brand, main tabs, language switch, and the page in a main landmark. */
export function AppShell({ locale, homeHref, accountHref, onLocaleChange, currentTab, unread, children }: AppShellProps) {
  const { t } = useLingui();
  const languages = useRef<HTMLSelectElement>(null);
  const pickLocale = (value: string) => onLocaleChange(value as Locale);
  // A language chosen on the server-rendered page before the app had it applies once the app has it.
  useValueSetBeforeApp(languages, locale, pickLocale);
  return (
    <div className="shell">
      <header className="shell-header">
        <a className="brand" href={homeHref}>
          Venuely
        </a>
        <TabBar homeHref={homeHref} accountHref={accountHref} current={currentTab} unread={unread} />
        <label className="lang-switch">
          <span className="visually-hidden">{t`Language`}</span>
          <select ref={languages} id={LANGUAGE_SWITCH_ID} value={locale} onChange={(event) => pickLocale(event.target.value)}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main className="shell-main">{children}</main>
    </div>
  );
}
