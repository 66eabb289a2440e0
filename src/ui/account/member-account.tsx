import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '@/contract/calls/user';
import { KycStatus, type Locale, UserLevel } from '@/contract/enums';
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

const KYC_ENTRY: Record<KycStatus, { label: MessageDescriptor; tone: 'accent' | 'info' | 'danger' | 'success'; step: 'step1' | 'step4' }> = {
  [KycStatus.NotApply]: { label: msg({ message: 'Not started', context: 'identity verification' }), tone: 'accent', step: 'step1' },
  [KycStatus.Applying]: { label: msg({ message: 'In review', context: 'identity verification' }), tone: 'info', step: 'step4' },
  [KycStatus.Rejected]: { label: msg({ message: 'Rejected, try again', context: 'identity verification' }), tone: 'danger', step: 'step4' },
  [KycStatus.Approved]: { label: msg({ message: 'Verified', context: 'identity verification' }), tone: 'success', step: 'step4' },
};

function kycEntry(lang: string, status: number) {
  const entry = KYC_ENTRY[status as KycStatus] ?? KYC_ENTRY[KycStatus.NotApply];
  return { ...entry, href: `/${lang}/verify/kyc/${entry.step}` };
}

/**
 * /member's content: the profile card and the account menu by level (spec 6). The page renders it from the session
 * (routes/$lang/_default/member/index.tsx), the server from the member's user/me for a signed-in browser's first
 * paint (src/routes/-app/signed-in-pages.tsx): one component, so the app's render takes the server's place unchanged.
 */
export function MemberAccount({ lang, user, loading = false, loggingOut = false, onLogin, onLogout, onFeedback }: MemberAccountProps) {
  const { t, i18n } = useLingui();
  const level = deriveUserLevel(user);
  // Entries whose screens exist (langSwitch opens the header's language list). Publishing and content management are
  // shown from level User: their kyc-status guard explains what a member without KYC still needs.
  // Identity verification (issue 31 item 6) is offered to every member, first, with its status: not started and a
  // rejection lead into the flow (a rejection to its reason and "Try again"), in review to the status page, which
  // follows the check by itself; once verified it stays, marked verified (spec section 6: the KYC user's entry).
  const kyc = user ? kycEntry(lang, user.kyc_status) : null;
  const entries: AccountMenuEntry[] = [
    ...(level >= UserLevel.User
      ? [
          ...(kyc ? [{ key: 'kycCertification' as const, href: kyc.href, detail: <span className={`badge badge--${kyc.tone} menu-item-status`}>{i18n._(kyc.label)}</span> }] : []),
          { key: 'accountSetting' as const, href: `/${lang}/member/setup` },
          { key: 'publishStoreInfo' as const, href: `/${lang}/member/merchant/publish` },
          { key: 'contentManage' as const, href: `/${lang}/member/content/merchant` },
          { key: 'walletRecharge' as const, href: `/${lang}/member/point` },
          { key: 'transactionHistory' as const, href: `/${lang}/member/transaction` },
          { key: 'cardManage' as const, href: `/${lang}/member/card-management` },
        ]
      : []),
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
