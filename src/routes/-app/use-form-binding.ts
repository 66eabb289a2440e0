import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyStateMachine, SnapshotFrom } from 'xstate';
import type { FieldErrors, FormContext } from '@/machines/app/form-validation';
import '@/ui/app/form-messages';
import { translateCode } from '@/ui/app/messages';

type FormActor = ActorRefFrom<AnyStateMachine>;

/**
 * Binds a form machine to a controlled ui form: values and translated errors out, field and submit events in.
 * The machine holds codes (STYLE rule 9); translation happens here, at the edge of the ui.
 */
export function useFormBinding<F extends string>(actor: FormActor) {
  const { i18n } = useLingui();
  const context = useSelector(actor, (s: SnapshotFrom<AnyStateMachine>) => s.context as FormContext<F, unknown>);
  const busy = useSelector(actor, (s: SnapshotFrom<AnyStateMachine>) => s.hasTag('busy'));
  const errors: Partial<Record<F, string>> = {};
  for (const [field, error] of Object.entries(context.errors as FieldErrors<F>) as [F, FieldErrors<F>[F]][]) {
    if (error) errors[field] = translateCode(i18n, error.code, { ...error.extra });
  }
  return {
    values: context.values,
    errors,
    serverError: context.serverError ?? undefined,
    busy,
    onChange: (field: F, value: string) => actor.send({ type: 'field.change', field, value }),
    onFocus: (field: F) => actor.send({ type: 'field.focus', field }),
    onSubmit: () => actor.send({ type: 'form.submit' }),
  };
}
