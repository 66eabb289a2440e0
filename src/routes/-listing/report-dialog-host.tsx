import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import * as dict from '@/contract/calls/dict';
import { report } from '@/contract/calls/feedback';
import { reportFormMachine, type ReportTargetInput } from '@/machines/directory/report-form.machine';
import { requestErrorText } from '@/ui/directory/directory-names';
import { ReportDialog } from '@/ui/directory/report-dialog';
import { useAppSystem } from '../-app/app-context';
import { useFormBinding } from '../-app/use-form-binding';
import { WithFeatureCatalog } from '../-app/with-feature-catalog';
import { useLoad } from '../-directory/use-load';

/** `quote`: the reported message as the dialog shows it (a message's text, or "Photo"). */
type ReportDialogHostProps = ReportTargetInput & { onClose(): void; quote?: string };

/**
 * The report dialog of a detail page or a conversation, mounted while it is open (so every opening starts a fresh form): the reasons
 * (dict/report_reason) load when it opens, the report form machine sends user/report. Its texts are in the forms
 * catalog, which it loads first.
 */
export function ReportDialogHost(props: ReportDialogHostProps) {
  return (
    <WithFeatureCatalog name="forms">
      <ReportDialogForm {...props} />
    </WithFeatureCatalog>
  );
}

function ReportDialogForm({ onClose, quote, ...target }: ReportDialogHostProps) {
  const { i18n } = useLingui();
  const { api } = useAppSystem();
  const reasons = useLoad((signal) => api.call(dict.reportReason, {}, { signal }));
  const actor = useActorRef(
    reportFormMachine.provide({
      actors: { submit: fromPromise(({ input, signal }) => api.call(report, input, { signal })) },
    }),
    { input: target },
  );
  const form = useFormBinding<'reason' | 'text'>(actor);
  const done = useSelector(actor, (s) => s.matches('done'));
  const options = useMemo(() => reasons.data?.map((reason) => ({ value: String(reason.id), label: reason.name })) ?? null, [reasons.data]);
  return (
    <ReportDialog
      open
      target={target.target}
      quote={quote}
      reasons={options}
      reasonsError={reasons.status === 'error' ? requestErrorText(i18n, reasons.error) : undefined}
      onRetryReasons={reasons.retry}
      done={done}
      onClose={onClose}
      {...form}
    />
  );
}
