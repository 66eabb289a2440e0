import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { deriveUserLevel } from '@/contract/permissions';
import { type Locale, UserLevel } from '@/contract/enums';
import { selectIsLoggedIn, selectUser } from '@/machines/account/session.machine';
import { AccountMenu, type AccountMenuEntry } from '@/ui/account/account-menu';
import { LANGUAGE_SWITCH_ID } from '@/ui/app/app-shell';
import { LOCALE_NAMES } from '@/ui/app/locale-names';
import { MemberHome } from '@/ui/account/member-home';
import { AppLink } from '@/ui/kit/link';
import { useAppSystem } from '@/routes/-app/app-context';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { feedbackDialogSearch } from '@/routes/-listing/dialog-search';
import { FeedbackDialogHost } from '@/routes/-listing/feedback-dialog-host';

/** /member (title label.my.info, sign-out control): the profile card and the account menu by level (spec 6). */
export const Route = createFileRoute('/$lang/_default/member/')({
  validateSearch: feedbackDialogSearch,
  component: MemberPage,
});

function MemberPage() {
  // The account's texts are in the forms catalog (lingui.config.ts).
  useFeatureCatalog('forms');
  const { t } = useLingui();
  const { lang } = Route.useParams();
  const { dialog } = Route.useSearch();
  const navigate = useNavigate();
  const { session } = useAppSystem();
  const loggedIn = useSelector(session, selectIsLoggedIn);
  const user = useSelector(session, selectUser);
  const loading = useSelector(session, (s) => s.hasTag('booting'));
  const loggingOut = useSelector(session, (s) => s.matches('loggingOut'));
  useDocumentTitle(t`My account`);
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
    {
      key: 'feedback',
      onSelect: () =>
        session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: `/${lang}/member?dialog=feedback` } } }),
    },
  ];
  return (
    <section>
      <MemberHome
        user={user}
        loading={loading}
        loggingOut={loggingOut}
        verifyEmailHref={`/${lang}/member/setup/verify-email`}
        classHref={`/${lang}/member/class`}
        onLogin={() => session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: `/${lang}/member` } } })}
        onLogout={() => session.send({ type: 'session.logout' })}
      >
        {user?.role === 'admin' ? (
          <AppLink className="button button--secondary button--block" href={`/${lang}/admin/kyc`}>
            {t`Admin console`}
          </AppLink>
        ) : null}
        <AccountMenu entries={entries} />
      </MemberHome>
      {dialog === 'feedback' && loggedIn ? (
        <FeedbackDialogHost onClose={() => void navigate({ to: '/$lang/member', params: { lang }, search: {}, replace: true })} />
      ) : null}
    </section>
  );
}
