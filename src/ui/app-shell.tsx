import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LOCALES, type Locale } from '@/contract/enums';
import { LOCALE_NAMES } from './locale-names';
import './styles.css';

/** The header's language select; the account menu's langSwitch entry moves focus to it. */
export const LANGUAGE_SWITCH_ID = 'language-switch';

export interface AppShellProps {
  locale: Locale;
  homeHref: string;
  /** The member page (/{lang}/member): the account menu, or login for guests. */
  accountHref: string;
  onLocaleChange(locale: Locale): void;
  children: ReactNode;
}

/** The frame of every page: brand, language switch, and the page in a main landmark. */
export function AppShell({ locale, homeHref, accountHref, onLocaleChange, children }: AppShellProps) {
  const { t } = useLingui();
  return (
    <div className="shell">
      <header className="shell-header">
        <a className="brand" href={homeHref}>
          Venuely
        </a>
        <nav className="shell-nav" aria-label={t`Main`}>
          <a className="shell-nav-link" href={accountHref}>
            {t`My account`}
          </a>
        </nav>
        <label className="lang-switch">
          <span className="visually-hidden">{t`Language`}</span>
          <select id={LANGUAGE_SWITCH_ID} value={locale} onChange={(event) => onLocaleChange(event.target.value as Locale)}>
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
