import type { AnyEventObject, EventObject } from 'xstate';
import type { VisitReport } from '@/contract/calls/feedback';
import { createFormTestModel, describeFormEvent, doneEvent, errorEvent, serverRefusal } from '../app/form.model';
import { visitReportFormMachine, type VisitReportFormInput } from './visit-report-form.machine';

/**
 * The visit report form's test model (STYLE rule 19), shared by visit-report-form.machine.test.ts and `npm run
 * test:paths`. Test data only. The model reports on venue 3 on 2026-11-20 (the default visit date): it picks a
 * rating, writes a title and a too short or a long enough text, attaches one photo or seven (one too many) and
 * removes one, submits, and merchant/visitReportCreate stores the report or refuses it (the author owns the venue).
 * `form.reset` leads back to the initial state, which a shortest path never takes again; the unit test covers it.
 */

export const VISIT_REPORT_MODEL_INPUT: VisitReportFormInput = { merchantId: 3, today: '2026-11-20' };
export const VISIT_REPORT_SUBMIT_DONE = doneEvent('submit');
export const VISIT_REPORT_SUBMIT_ERROR = errorEvent('submit');

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

export const SAMPLE_VISIT_REPORT: VisitReport = {
  id: 41,
  merchant_id: 3,
  author: { nickname: 'Mika', thumb: '' },
  rating: 4,
  title: 'Lovely terrace',
  content: 'Friendly staff and a quiet terrace.',
  truncated: false,
  photos: [],
  visit_date: '2026-11-20',
  created_at: '2026-11-20T10:00:00.000Z',
};

export const visitReportModelEvents: AnyEventObject[] = [
  { type: 'field.change', field: 'rating', value: '4' },
  { type: 'field.change', field: 'title', value: 'Lovely terrace' },
  { type: 'field.change', field: 'content', value: 'Too short' },
  { type: 'field.change', field: 'content', value: 'Friendly staff and a quiet terrace.' },
  { type: 'field.focus', field: 'content' },
  { type: 'files.add', files: [photo('terrace.jpg')] },
  { type: 'files.add', files: ['1', '2', '3', '4', '5', '6', '7'].map((n) => photo(`${n}.jpg`)) },
  { type: 'files.remove', index: 0 },
  { type: 'form.submit' },
  { type: VISIT_REPORT_SUBMIT_DONE, output: SAMPLE_VISIT_REPORT },
  { type: VISIT_REPORT_SUBMIT_ERROR, error: serverRefusal('You cannot report on your own venue.') },
];

export function createVisitReportFormTestModel() {
  return createFormTestModel(visitReportFormMachine, visitReportModelEvents, {
    input: VISIT_REPORT_MODEL_INPUT,
    // Fields are filled in order (rating, title, text) and photos attached before anything is typed, at most
    // once: other orders reach the same states by longer paths.
    filter: (snapshot, event) => {
      const { files, values } = snapshot.context;
      const pristine = values.rating === '' && values.title === '' && values.content === '';
      if (event.type === 'files.add') return files.length === 0 && pristine;
      if (event.type === 'files.remove') return pristine;
      if (event.type === 'field.change' && event.field === 'title') return values.rating !== '';
      if (event.type === 'field.change' && event.field === 'content') return values.title !== '';
      return true;
    },
  });
}

export function describeVisitReportFormEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  if (e.type === 'files.add') return `attach ${(e.files as File[]).length} photo(s)`;
  if (e.type === 'files.remove') return `remove photo ${String(e.index)}`;
  return describeFormEvent(event, { actors: { submit: 'the visit report call' } });
}
