import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { setting, updateAvatar } from '@/contract/calls/account';
import { provideRequest } from '@/machines/app/request.machine';
import { selectUser } from '@/machines/account/session.machine';
import { AccountSettings } from '@/ui/account/account-settings';
import { PageHeader } from '@/ui/kit/page-header';
import { useAppSystem } from '@/routes/-app/app-context';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';

/** /member/setup: account settings (mine layout, auth). */
export const Route = createFileRoute('/$lang/_mine/member/setup/')({
  component: SetupPage,
});

function SetupPage() {
  // The account's texts are in the forms catalog (lingui.config.ts).
  useFeatureCatalog('forms');
  const { t } = useLingui();
  const { lang } = Route.useParams();
  const { session, api } = useAppSystem();
  const user = useSelector(session, selectUser);
  const [nickname, setNickname] = useState(user?.nickname ?? '');
  useEffect(() => setNickname(user?.nickname ?? ''), [user?.nickname]);
  const save = useActorRef(provideRequest(setting, api));
  const saving = useSelector(save, (s) => s.hasTag('busy'));
  const saveError = useSelector(save, (s) => (s.matches('failed') ? s.context.error?.msg : undefined));
  const upload = useActorRef(provideRequest(updateAvatar, api));
  const uploading = useSelector(upload, (s) => s.hasTag('busy'));
  const uploadError = useSelector(upload, (s) => (s.matches('failed') ? s.context.error?.msg : undefined));
  useEffect(() => {
    const subs = [save, upload].map((actor) =>
      actor.subscribe((s) => {
        if (s.matches('finished')) session.send({ type: 'session.userRefresh' });
      }),
    );
    return () => subs.forEach((sub) => sub.unsubscribe());
  }, [save, upload, session]);
  useDocumentTitle(t`Account settings`);
  const base = `/${lang}/member/setup`;
  return (
    <section>
      <PageHeader title={t`Account settings`} backHref={`/${lang}/member`} />
      <AccountSettings
        nickname={nickname}
        nicknameBusy={saving}
        serverError={saveError ?? undefined}
        onNicknameChange={setNickname}
        onNicknameSave={() => save.send({ type: 'request.start', params: { nickname } })}
        avatarUrl={user?.image || null}
        avatarName={user?.nickname ?? ''}
        avatarProgress={uploading ? null : undefined}
        avatarError={uploadError ?? undefined}
        onAvatarSelect={(file) => upload.send({ type: 'request.start', params: {}, files: { image: file } })}
        email={user?.email ?? ''}
        emailVerified={user?.email_validation ?? false}
        changeEmailHref={`${base}/change-email`}
        verifyEmailHref={`${base}/verify-email`}
        changePasswordHref={`${base}/change-password`}
      />
    </section>
  );
}
