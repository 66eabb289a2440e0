import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectIsLoggedIn, selectUser } from '@/machines/account/session.machine';
import { MemberAccount } from '@/ui/account/member-account';
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
  return (
    <section>
      <MemberAccount
        lang={lang}
        user={user}
        loading={loading}
        loggingOut={loggingOut}
        onLogin={() => session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: `/${lang}/member` } } })}
        onLogout={() => session.send({ type: 'session.logout' })}
        onFeedback={() =>
          session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: `/${lang}/member?dialog=feedback` } } })
        }
      />
      {dialog === 'feedback' && loggedIn ? (
        <FeedbackDialogHost onClose={() => void navigate({ to: '/$lang/member', params: { lang }, search: {}, replace: true })} />
      ) : null}
    </section>
  );
}
