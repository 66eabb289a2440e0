import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { AppLink } from '../kit/link';
import './admin.css';

export type AdminSection = 'kyc' | 'withdrawals' | 'reports' | 'listings' | 'users' | 'audit';

/** How much waits in the queues that have a count (issue 31 item 9); unknown while it loads. */
export type AdminCounts = Partial<Record<AdminSection, number>>;

/**
 * The console's sections, as tabs; the current one is marked. A queue with work waiting shows how much beside its
 * name (and in its accessible name: "Withdrawals, 2 waiting"); an empty one shows nothing, as Stripe's do.
 */
export function AdminNav({
  lang,
  current,
  counts = {},
}: {
  lang: string;
  current: AdminSection | null;
  counts?: AdminCounts;
}) {
  const { t, i18n } = useLingui();
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
      {sections.map(([section, label]) => {
        const count = counts[section] ?? 0;
        return (
          <AppLink
            key={section}
            className="admin-tab"
            href={`/${lang}/admin/${section}`}
            aria-current={section === current ? 'page' : undefined}
            aria-label={count > 0 ? t`${label}, ${plural(count, { one: '# waiting', other: '# waiting' })}` : undefined}
          >
            {label}
            {count > 0 ? (
              <span className="admin-tab-count" aria-hidden="true">
                {i18n.number(count)}
              </span>
            ) : null}
          </AppLink>
        );
      })}
    </nav>
  );
}
