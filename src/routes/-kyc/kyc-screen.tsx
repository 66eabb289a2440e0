import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { use, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { contactKey, SYSTEM_CHAT_UUID } from '@/contract/calls/chat';
import { applyKyc, KYC_FILES, kycStatus, type KycState } from '@/contract/calls/kyc';
import { KycStatus } from '@/contract/enums';
import { selectUser } from '@/machines/account/session.machine';
import {
  draftOf,
  EMPTY_PHOTOS,
  kycMachine,
  photosOfStep,
  selectKycBusy,
  selectKycPhase,
  selectKycStep,
  type KycDraft,
  type KycField,
  type KycStep,
  type KycSubmitInput,
} from '@/machines/kyc/kyc.machine';
import { clearKycDraft, loadKycDraft, saveKycDraft } from '@/services/kyc-draft';
import '@/ui/app/form-messages';
import { translateCode } from '@/ui/app/messages';
import { requestErrorText } from '@/ui/directory/directory-names';
import { ErrorState, RecordSkeletonRows } from '@/ui/directory/listing-list';
import { PageHeader } from '@/ui/kit/page-header';
import { KycIntro } from '@/ui/kyc/kyc-intro';
import { DocumentStep, KycProgress, KycStatusPanel, PHOTO_HINTS, PHOTO_LABELS, PhotoStep, ReviewStep, type KycPhotoName } from '@/ui/kyc/kyc-steps';
import { useAppSystem } from '../-app/app-context';
import { useDocumentTitle } from '../-app/use-document-title';
import { PhotoCaptureHost } from './photo-capture-host';

const drafts = new Map<string, Promise<KycDraft | null>>();
/** The member's saved draft, read once per page visit (suspends while IndexedDB answers). */
function draftPromise(user: string): Promise<KycDraft | null> {
  let pending = drafts.get(user);
  if (!pending) {
    pending = loadKycDraft<KycStep, KycDraft['values']>(user, KYC_FILES).then((draft) =>
      draft ? { step: draft.step, values: draft.values, photos: { ...EMPTY_PHOTOS, ...draft.photos }, consented: draft.consented } : null,
    );
    drafts.set(user, pending);
  }
  return pending;
}

/** /{lang}/verify/kyc/{step}: the four steps of identity verification (route: $lang/_auth/verify/kyc/$step.tsx). */
export function KycScreen({ lang, step }: { lang: string; step: KycStep }) {
  const { session } = useAppSystem();
  const user = useSelector(session, selectUser);
  if (!user) return <RecordSkeletonRows />;
  return <KycFlow key={user.uuid} lang={lang} step={step} user={user.uuid} />;
}

function KycFlow({ lang, step, user }: { lang: string; step: KycStep; user: string }) {
  const { t, i18n } = useLingui();
  const { api, session, inspect, loadChat } = useAppSystem();
  const navigate = useNavigate();
  const draft = use(draftPromise(user));
  const actor = useActorRef(
    kycMachine.provide({
      actors: {
        loadStatus: fromPromise<KycState>(({ signal }) => api.call(kycStatus, {}, { signal })),
        submit: fromPromise<KycState, KycSubmitInput>(({ input, signal }) => api.call(applyKyc, input.payload, { signal, files: input.files as Record<string, Blob> })),
      },
      actions: {
        saveDraft: ({ context }) => void saveKycDraft(user, draftOf(context)),
        clearDraft: () => {
          drafts.delete(user);
          void clearKycDraft(user, KYC_FILES);
        },
      },
    }),
    { input: { draft, hidden: document.visibilityState === 'hidden' }, systemId: 'kyc', inspect },
  );
  const title = t`Identity verification`;
  useDocumentTitle(title);

  const shown = useSelector(actor, selectKycStep);
  const state = useSelector(actor, selectKycPhase);
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, selectKycBusy);
  const [capturing, setCapturing] = useState<KycPhotoName | null>(null);

  // The address follows the machine (next, back, a status) and the machine the address (back button, a link).
  const latestStep = useRef(step);
  latestStep.current = step;
  // The step the machine moved to while the address is still on its way there (a step's guard loads first): until it
  // arrives, the old address is not a request to go back (that would undo the move, and end a retake from step 4).
  const arriving = useRef<KycStep | null>(null);
  useEffect(() => {
    const subscription = actor.on('kyc.step', (event) => {
      if (event.step === latestStep.current) return;
      arriving.current = event.step;
      void navigate({ to: '/$lang/verify/kyc/$step', params: { lang, step: event.step }, replace: false }).finally(() => {
        if (arriving.current === event.step) arriving.current = null;
      });
    });
    return () => subscription.unsubscribe();
  }, [actor, lang, navigate]);
  useEffect(() => {
    if (arriving.current === step) arriving.current = null;
    if (arriving.current !== null && arriving.current === shown) return;
    if (shown !== step && state !== 'loading' && state !== 'loadFailed') {
      if (state === 'editing') actor.send({ type: 'step.goto', step });
      // The intro is step 1's opening, a status is step 4: the address says so.
      else void navigate({ to: '/$lang/verify/kyc/$step', params: { lang, step: shown }, replace: true });
    }
  }, [actor, lang, navigate, shown, state, step]);
  // Under review the machine reads the status by itself (issue 31 item 8): it pauses while the page is hidden, and
  // checks at once when the system contact's notice arrives on the chat socket (an admin approved or rejected).
  useEffect(() => {
    const onVisibility = () => actor.send({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [actor]);
  useEffect(() => {
    if (state !== 'applying') return;
    let subscription: { unsubscribe(): void } | null = null;
    let done = false;
    void loadChat().then((chat) => {
      if (done) return;
      const system = contactKey(SYSTEM_CHAT_UUID);
      subscription = chat.on('chat.newMessage', ({ key }) => {
        if (key === system) actor.send({ type: 'status.refresh' });
      });
    });
    return () => {
      done = true;
      subscription?.unsubscribe();
    };
  }, [actor, loadChat, state]);
  // A sent, approved or rejected application changes the member (kyc_status): read it again.
  useEffect(() => {
    if (state === 'applying' || state === 'approved' || state === 'rejected') session.send({ type: 'session.userRefresh' });
  }, [session, state]);

  const errorText = (key: string) => {
    const error = context.errors[key as KycField];
    return error ? translateCode(i18n, error.code, { ...error.extra }) : undefined;
  };
  const slots = (which: KycStep) => photosOfStep(which, context.values).map((part) => ({ part, photo: context.photos[part], error: errorText(part) }));

  let body;
  if (state === 'loading') body = <RecordSkeletonRows count={3} />;
  else if (state === 'loadFailed') body = <ErrorState message={requestErrorText(i18n, { code: 'network', msg: '' })} onRetry={() => actor.send({ type: 'status.refresh' })} />;
  else if (state === 'applying' || state === 'approved' || state === 'rejected') {
    body = (
      <KycStatusPanel
        status={context.state?.status ?? KycStatus.Applying}
        rejectReason={context.state?.reject_reason ?? null}
        submittedAt={context.state?.submitted_at ?? null}
        homeHref={`/${lang}/member`}
        publishHref={`/${lang}/member/partner/publish`}
        onRetry={() => actor.send({ type: 'kyc.retry' })}
      />
    );
  } else if (state === 'intro') {
    body = <KycIntro privacyHref={`/${lang}/info/privacy-policy`} leaveHref={`/${lang}/member`} onAgree={() => actor.send({ type: 'consent.give' })} />;
  } else if (shown === 'step1') {
    body = (
      <DocumentStep
        values={context.values}
        errors={Object.fromEntries(['document_type', 'issuing_country', 'document_number', 'full_name', 'birth_date'].map((f) => [f, errorText(f)]))}
        onChange={(field, value) => actor.send({ type: 'field.change', field, value })}
        onFocus={(field) => actor.send({ type: 'field.focus', field })}
        onNext={() => actor.send({ type: 'step.next' })}
      />
    );
  } else if (shown === 'step2' || shown === 'step3') {
    body = (
      <PhotoStep
        title={shown === 'step2' ? t`Photos of your document` : t`Your selfie`}
        intro={shown === 'step2' ? t`Take clear photos of your document. Every corner must be visible.` : t`Now a photo of your face, so we can match it with the document.`}
        example={shown === 'step2' ? 'document' : 'selfie'}
        nextLabel={context.retaking ? t`Back to the review` : undefined}
        slots={slots(shown)}
        onTake={(part) => setCapturing(part)}
        onRemove={(part) => actor.send({ type: 'photo.remove', part })}
        onNext={() => actor.send({ type: 'step.next' })}
        onBack={() => actor.send({ type: 'step.back' })}
      />
    );
  } else {
    body = (
      <ReviewStep
        values={context.values}
        photos={[...slots('step2'), ...slots('step3')]}
        serverError={context.serverError ?? undefined}
        busy={busy}
        onEdit={(target) => actor.send({ type: 'step.goto', step: target })}
        onRetake={(part) => {
          // The photo's step opens under the camera; the photo taken there brings the review back (the machine).
          actor.send({ type: 'photo.retake', part });
          setCapturing(part);
        }}
        onSubmit={() => actor.send({ type: 'kyc.submit' })}
        onBack={() => actor.send({ type: 'step.back' })}
      />
    );
  }
  const editing = state === 'editing' || state === 'submitting';
  const captureTitle = useMemo(() => (capturing ? i18n._(PHOTO_LABELS[capturing]) : ''), [capturing, i18n]);
  return (
    <section>
      <PageHeader title={title} backHref={`/${lang}/member`} />
      <div className="page-column">
        {state === 'intro' ? null : <KycProgress step={editing ? shown : 'step4'} />}
        {body}
      </div>
      {capturing ? (
        <PhotoCaptureHost
          facing={capturing === 'selfie' ? 'user' : 'environment'}
          title={captureTitle}
          hint={i18n._(PHOTO_HINTS[capturing])}
          onPhoto={(photo) => {
            actor.send({ type: 'photo.set', part: capturing, photo });
            setCapturing(null);
          }}
          onClose={() => setCapturing(null)}
        />
      ) : null}
    </section>
  );
}
