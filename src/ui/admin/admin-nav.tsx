import { useLingui } from '@lingui/react/macro';
import { AppLink } from '../kit/link';
import './admin.css';

export type AdminSection = 'kyc' | 'withdrawals' | 'reports' | 'listings' | 'users' | 'audit';

/** The console's sections, as tabs; the current one is marked. */
export function AdminNav({ lang, current }: { lang: string; current: AdminSection | null }) {
  const { t } = useLingui();
  const sections: [AdminSection, string][] = [
    ['kyc', t`Identity checks`],
    ['withdrawals', t`Withdrawals`],
    ['reports', t`Reports`],
    ['listings', t`Moderation`],
    ['users', t`Users`],
    ['audit', t`Audit log`],
  ];
  return (
    <nav className="admin-tabs" aria-label={t`Admin console`}>
      {sections.map(([section, label]) => (
        <AppLink key={section} className="admin-tab" href={`/${lang}/admin/${section}`} aria-current={section === current ? 'page' : undefined}>
          {label}
        </AppLink>
      ))}
    </nav>
  );
}
