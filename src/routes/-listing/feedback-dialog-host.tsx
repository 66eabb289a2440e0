import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import * as dict from '@/contract/calls/dict';
import { feedback } from '@/contract/calls/feedback';
import { feedbackFormMachine } from '@/machines/app/feedback-form.machine';
import { requestErrorText } from '@/ui/directory/directory-names';
import { FeedbackDialog } from '@/ui/app/feedback-dialog';
import { translateCode } from '@/ui/app/messages';
import { useAppSystem } from '../-app/app-context';
import { useFormBinding } from '../-app/use-form-binding';
import { WithFeatureCatalog } from '../-app/with-feature-catalog';
import { useLoad } from '../-directory/use-load';

/**
 * The feedback dialog (account menu "Send feedback"), mounted while it is open: the types (dict/feedback_type)
 * load when it opens, the feedback form machine sends user/feedback with the images. Its texts are in the forms
 * catalog, which it loads first.
 */
export function FeedbackDialogHost({ onClose }: { onClose(): void }) {
  return (
    <WithFeatureCatalog name="forms">
      <FeedbackDialogForm onClose={onClose} />
    </WithFeatureCatalog>
  );
}

function FeedbackDialogForm({ onClose }: { onClose(): void }) {
  const { i18n } = useLingui();
  const { api } = useAppSystem();
  const types = useLoad((signal) => api.call(dict.feedbackType, {}, { signal }));
  const actor = useActorRef(
    feedbackFormMachine.provide({
      actors: { submit: fromPromise(({ input, signal }) => api.call(feedback, input.payload, { signal, files: input.files })) },
    }),
  );
  const form = useFormBinding<'feedback_type' | 'content' | 'contact'>(actor);
  const done = useSelector(actor, (s) => s.matches('done'));
  const images = useSelector(actor, (s) => s.context.files);
  const imagesError = useSelector(actor, (s) => s.context.errors.files);
  const options = useMemo(() => types.data?.map((type) => ({ value: String(type.id), label: type.name })) ?? null, [types.data]);
  return (
    <FeedbackDialog
      open
      types={options}
      typesError={types.status === 'error' ? requestErrorText(i18n, types.error) : undefined}
      onRetryTypes={types.retry}
      images={images}
      imagesError={imagesError ? translateCode(i18n, imagesError.code, { ...imagesError.extra }) : undefined}
      onAddImages={(files) => actor.send({ type: 'files.add', files })}
      onRemoveImage={(index) => actor.send({ type: 'files.remove', index })}
      done={done}
      onClose={onClose}
      {...form}
    />
  );
}
