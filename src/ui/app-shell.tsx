import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LOCALES, type Locale } from '@/contract/enums';
import { LOCALE_NAMES } from './locale-names';
import './styles.css';

export interface AppShellProps {
  locale: Locale;
  homeHref: string;
  onLocaleChange(locale: Locale): void;
  children: ReactNode;
}

/** The frame of every page: brand, language switch, and the page in a main landmark. */
export function AppShell({ locale, homeHref, onLocaleChange, children }: AppShellProps) {
  const { t } = useLingui();
  return (
    <div className="shell">
      <header className="shell-header">
        <a className="brand" href={homeHref}>
          Venuely
        </a>
        <label className="lang-switch">
          <span className="visually-hidden">{t`Language`}</span>
          <select value={locale} onChange={(event) => onLocaleChange(event.target.value as Locale)}>
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
