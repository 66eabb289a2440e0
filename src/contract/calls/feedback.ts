import { z } from 'zod';
import { defineCall, nullResponse } from '../call';
import * as f from '../fields';
import {
  dateTime,
  entityId,
  fileFields,
  pageQuery,
  pagedList,
  pastOrTodayDate,
  publicAuthor,
  rowId,
  storedImage,
} from '../shapes';

/**
 * What users tell the platform and each other about places: feedback to the operators, reports of abusive content
 * (DESIGN section 1, trust and safety) and merchant visit reports (DESIGN section 5).
 *
 * Paths the spec does not give, named here: merchant/visitReports and merchant/visitReportCreate.
 */

export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_CONTENT_MAX = 1_000;
export const FEEDBACK_CONTACT_MAX = 100;
export const FEEDBACK_IMAGES_MAX = 3;
export const REPORT_TEXT_MAX = 1_000;
export const VISIT_REPORT_TITLE_MAX = 100;
export const VISIT_REPORT_CONTENT_MIN = 10;
export const VISIT_REPORT_CONTENT_MAX = 5_000;
export const VISIT_REPORT_PHOTOS_MAX = 6;
/** Characters of a report's content that non-paid readers see (DESIGN section 5). */
export const VISIT_REPORT_PREVIEW_CHARS = 120;

/** image0..image2. */
export const FEEDBACK_FILES = fileFields('image', FEEDBACK_IMAGES_MAX);
/** photo0..photo5. */
export const VISIT_REPORT_FILES = fileFields('photo', VISIT_REPORT_PHOTOS_MAX);

export const feedback = defineCall({
  path: 'user/feedback',
  mutates: true,
  auth: 'required',
  files: FEEDBACK_FILES,
  payload: z.object({
    /** dict/feedback_type id. */
    feedback_type: entityId,
    content: f.text(FEEDBACK_CONTENT_MIN, FEEDBACK_CONTENT_MAX, { multiline: true }),
    /** How to reach the user besides the account's e-mail; leave the field out when empty. */
    contact: f.text(1, FEEDBACK_CONTACT_MAX).optional(),
  }),
  response: nullResponse,
});

export const REPORT_TARGETS = ['merchant', 'partner', 'user', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

const reportDetails = {
  /** dict/report_reason id. */
  reason: entityId,
  text: f.text(1, REPORT_TEXT_MAX, { multiline: true }).optional(),
};

/**
 * A report of a listing, a user or a chat message. Users are named by uuid, listings by numeric id. A chat message is
 * named as the reporter's client knows every message, live or from the history: the conversation as the reporter names
 * it (`to_uuid`, and `partner_uuid` in a partner conversation, as for chat/getHistory) and the message's `seq` there.
 * Only a message of one of the reporter's own conversations that the other side sent can be reported (issue 30).
 * Moderators see the report; the reporter gets no feedback beyond success.
 */
export const report = defineCall({
  path: 'user/report',
  mutates: true,
  auth: 'required',
  payload: z.discriminatedUnion(
    'target',
    [
      z.object({ target: z.literal('merchant'), id: entityId, ...reportDetails }),
      z.object({ target: z.literal('partner'), id: entityId, ...reportDetails }),
      z.object({ target: z.literal('message'), to_uuid: f.uuid, partner_uuid: f.uuid.optional(), seq: f.int(1, 2_147_483_647), ...reportDetails }),
      z.object({ target: z.literal('user'), id: f.uuid, ...reportDetails }),
    ],
    { message: 'zod.enum.invalid' },
  ),
  response: nullResponse,
});

/**
 * A visit report as a reader sees it. For readers who are not paid members (membership 2 or 4) the server cuts
 * `content` to VISIT_REPORT_PREVIEW_CHARS, leaves `photos` empty and sets `truncated`; the client shows the upgrade
 * call to action then.
 */
export const visitReport = z.object({
  id: rowId,
  merchant_id: rowId,
  author: publicAuthor,
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  content: z.string(),
  truncated: z.boolean(),
  photos: z.array(storedImage),
  visit_date: z.string(),
  created_at: dateTime,
});
export type VisitReport = z.infer<typeof visitReport>;

export const visitReports = defineCall({
  path: 'merchant/visitReports',
  mutates: false,
  auth: 'optional',
  payload: pageQuery.extend({ merchant_id: entityId }),
  response: pagedList(visitReport),
});

export const visitReportCreate = defineCall({
  path: 'merchant/visitReportCreate',
  mutates: true,
  auth: 'required',
  files: VISIT_REPORT_FILES,
  payload: z.object({
    merchant_id: entityId,
    rating: f.int(1, 5),
    title: f.text(1, VISIT_REPORT_TITLE_MAX),
    content: f.text(VISIT_REPORT_CONTENT_MIN, VISIT_REPORT_CONTENT_MAX, { multiline: true }),
    /** 'YYYY-MM-DD', not in the future. */
    visit_date: pastOrTodayDate,
  }),
  response: visitReport,
});
