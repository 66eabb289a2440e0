import type { AnyEventObject, EventObject } from 'xstate';
import { createFormTestModel, describeFormEvent, doneEvent, errorEvent, serverRefusal } from '../app/form.model';
import { reportFormMachine, type ReportTargetInput } from './report-form.machine';

/**
 * The report form's test model (STYLE rule 19), shared by report-form.machine.test.ts and `npm run test:paths`.
 * Test data only. The model reports venue 3: it chooses a reason, writes an optional text, submits, and user/report
 * succeeds or refuses the reason (a reason id the server does not know, named on the field).
 */

export const REPORT_MODEL_INPUT: ReportTargetInput = { target: 'merchant', id: 3 };
export const REPORT_SUBMIT_DONE = doneEvent('submit');
export const REPORT_SUBMIT_ERROR = errorEvent('submit');

export const reportModelEvents: AnyEventObject[] = [
  { type: 'field.change', field: 'reason', value: '2' },
  { type: 'field.change', field: 'text', value: 'The photos show another place.' },
  { type: 'field.focus', field: 'reason' },
  { type: 'form.submit' },
  { type: REPORT_SUBMIT_DONE, output: null },
  {
    type: REPORT_SUBMIT_ERROR,
    error: serverRefusal('Choose one of the reasons.', { field: 'reason', code: 'zod.enum.invalid' }),
  },
];

export function createReportFormTestModel() {
  return createFormTestModel(reportFormMachine, reportModelEvents, { input: REPORT_MODEL_INPUT });
}

export function describeReportFormEvent(event: EventObject): string {
  return describeFormEvent(event, { actors: { submit: 'the report call' } });
}
