import { useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '@/contract/calls/user';
import { type Locale, UserLevel } from '@/contract/enums';
import { deriveUserLevel } from '@/contract/permissions';
import { LANGUAGE_SWITCH_ID } from '../app/app-shell';
import { LOCALE_NAMES } from '../app/locale-names';
import { AppLink } from '../kit/link';
import { AccountMenu, type AccountMenuEntry } from './account-menu';
import { MemberHome } from './member-home';

export interface MemberAccountProps {
  lang: string;
  user: CurrentUser | null;
  loading?: boolean;
  loggingOut?: boolean;
  onLogin?(): void;
  onLogout(): void;
  /** Opens the feedback dialog (a guest logs in first). */
  onFeedback(): void;
}

/**
 * /member's content: the profile card and the account menu by level (spec 6). The page renders it from the session
 * (routes/$lang/_default/member/index.tsx), the server from the member's user/me for a signed-in browser's first
 * paint (src/routes/-app/signed-in-pages.tsx): one component, so the app's render takes the server's place unchanged.
 */
export function MemberAccount({ lang, user, loading = false, loggingOut = false, onLogin, onLogout, onFeedback }: MemberAccountProps) {
  const { t } = useLingui();
  const level = deriveUserLevel(user);
  // Entries whose screens exist (langSwitch opens the header's language list); KYC joins the menu with the issue
  // that builds its screens (docs/decisions.md). Publishing and content management are shown from level User: their
  // kyc-status guard explains what a member without KYC still needs.
  const entries: AccountMenuEntry[] = [
    ...(level >= UserLevel.User
      ? [
          { key: 'accountSetting' as const, href: `/${lang}/member/setup` },
          { key: 'publishStoreInfo' as const, href: `/${lang}/member/merchant/publish` },
          { key: 'contentManage' as const, href: `/${lang}/member/content/merchant` },
          { key: 'walletRecharge' as const, href: `/${lang}/member/point` },
          { key: 'transactionHistory' as const, href: `/${lang}/member/transaction` },
          { key: 'cardManage' as const, href: `/${lang}/member/card-management` },
        ]
      : []),
    // Spec section 6: the KYC user (level 3) adds the KYC certification entry (their verification's status).
    ...(level >= UserLevel.KycUser ? [{ key: 'kycCertification' as const, href: `/${lang}/verify/kyc/step4` }] : []),
    {
      key: 'langSwitch',
      detail: LOCALE_NAMES[lang as Locale],
      // As a tap on the header's language button: its list opens, and focus is on the button for the keyboard.
      onSelect: () => {
        const button = document.getElementById(LANGUAGE_SWITCH_ID);
        button?.focus();
        button?.click();
      },
    },
    { key: 'termsOfUse', href: `/${lang}/info/terms` },
    { key: 'privacyPolicy', href: `/${lang}/info/privacy-policy` },
    { key: 'aboutUs', href: `/${lang}/info/about-us` },
    // Feedback needs an account (DESIGN section 7): a guest logs in first, then the dialog opens (?dialog=feedback).
    { key: 'feedback', onSelect: onFeedback },
  ];
  return (
    <MemberHome
      user={user}
      loading={loading}
      loggingOut={loggingOut}
      verifyEmailHref={`/${lang}/member/setup/verify-email`}
      classHref={`/${lang}/member/class`}
      onLogin={onLogin}
      onLogout={onLogout}
    >
      {user?.role === 'admin' ? (
        <AppLink className="button button--secondary button--block" href={`/${lang}/admin/kyc`}>
          {t`Admin console`}
        </AppLink>
      ) : null}
      <AccountMenu entries={entries} />
    </MemberHome>
  );
}
