import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as feedback from '@/contract/calls/feedback';
import { VISIT_REPORT_PHOTOS_MAX, VISIT_REPORT_PREVIEW_CHARS, type VisitReport } from '@/contract/calls/feedback';
import { KycStatus } from '@/contract/enums';
import { cutGraphemes } from '@/contract/graphemes';
import { isCanViewFunLookComment } from '@/contract/permissions';
import { LIST_LIMIT_DEFAULT, type PublicAuthor } from '@/contract/shapes';
import type { ApiSession } from '../api/api.plugin';
import { ApiFailure } from '../api/failure';
import { rateLimitHook } from '../api/rate-limit';
import { activeMembership } from '../account/user.repository';
import { storeAttachedImages, withStoredImages } from './attached-images';
import { isoOf, isPubliclyVisible, storedImageOf } from './listing.mappers';
import { chosenNickname } from '../account/public-face';
import { decodeRecentCursor, encodeRecentCursor } from './recent-cursor';
import { findMerchantAccess, insertVisitReport, visitReportPage, visitReportPhotos } from './visit-report.repository';

/** A report's author as every reader sees them (see chosenNickname). */
function publicAuthorOf(user: { username: string; nickname: string; thumb: string }): PublicAuthor {
  return { nickname: chosenNickname(user), thumb: user.thumb };
}

/**
 * The first `chars` characters of a text, counted in graphemes (what a reader sees as one character), so a cut never
 * splits an emoji sequence (👨‍👩‍👧), a flag or a Devanagari cluster, let alone a surrogate pair.
 */
export function previewOf(text: string, chars = VISIT_REPORT_PREVIEW_CHARS): { text: string; cut: boolean } {
  return cutGraphemes(text, chars);
}

/**
 * Merchant visit reports (DESIGN section 5 and 7). Any logged-in member may write one about a public venue, except
 * its owner (a venue's own reports would skew its rating). Everybody may read them; paid members (membership 2 or
 * 4), moderators and each report's author read it whole, everyone else a 120-character preview without photos.
 */
export default fp(
  async function visitReportRoutes(app: FastifyInstance) {
    const { db, config, images } = app;
    const byUser = (request: FastifyRequest) => request.apiState?.session?.user.uuid ?? request.ip;

    /** Whether the session reads reports whole: paid membership (isCanViewFunLookComment) or a moderator. */
    async function readsFullReports(session: ApiSession | null): Promise<boolean> {
      if (!session) return false;
      if (session.user.role === 'admin') return true;
      const plan = await activeMembership(db, session.user.uuid);
      return isCanViewFunLookComment({
        is_login: true,
        is_kyc: session.user.kyc_status === KycStatus.Approved,
        is_payed: plan !== undefined,
      });
    }

    app.api(
      feedback.visitReportCreate,
      async ({ payload, session, files }) => {
        const author = session.user;
        const merchant = await findMerchantAccess(db, payload.merchant_id);
        if (!merchant || !isPubliclyVisible(merchant)) throw new ApiFailure('listing.notFound');
        if (merchant.owner_uuid === author.uuid) throw new ApiFailure('visitReport.ownVenue');
        const stored = await storeAttachedImages(images, 'listing', files, 'photo', VISIT_REPORT_PHOTOS_MAX);
        const written = await withStoredImages(images, stored, () =>
          insertVisitReport(
            db,
            {
              merchantId: payload.merchant_id,
              authorUuid: author.uuid,
              rating: payload.rating,
              title: payload.title,
              content: payload.content,
              visitDate: payload.visit_date,
            },
            stored,
          ),
        );
        // Hidden (or handed over) between the check above and the transaction: the same answer as hidden before.
        if (!written) throw new ApiFailure('listing.notFound');
        return {
          id: written.id,
          merchant_id: payload.merchant_id,
          author: publicAuthorOf(author),
          rating: payload.rating,
          title: payload.title,
          content: payload.content,
          truncated: false,
          photos: written.photos.map(storedImageOf),
          visit_date: payload.visit_date,
          created_at: isoOf(written.createdAt),
        };
      },
      { preHandler: [rateLimitHook(app, 'visit-report-user', config.rateLimits.visitReportPerAccount, byUser)] },
    );

    app.api(feedback.visitReports, async ({ payload, session }) => {
      const merchant = await findMerchantAccess(db, payload.merchant_id);
      const viewer = session?.user ?? null;
      const mayRead =
        merchant !== undefined && (isPubliclyVisible(merchant) || viewer?.uuid === merchant.owner_uuid || viewer?.role === 'admin');
      if (!mayRead) throw new ApiFailure('listing.notFound');
      const listName = `vr:${payload.merchant_id}`;
      const cursor = decodeRecentCursor(listName, payload.cursor);
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      const [page, full] = await Promise.all([visitReportPage(db, payload.merchant_id, cursor, limit), readsFullReports(session)]);
      const shown = page.slice(0, limit);
      const photos = await visitReportPhotos(db, shown.map((row) => row.id));
      const list = shown.map((row): VisitReport => {
        const own = viewer?.uuid === row.author_uuid;
        const reportPhotos = (photos.get(row.id) ?? []).map(storedImageOf);
        const preview = full || own ? { text: row.content, cut: false } : previewOf(row.content);
        const photosShown = full || own ? reportPhotos : [];
        return {
          id: row.id,
          merchant_id: row.merchant_id,
          author: publicAuthorOf(row),
          rating: row.rating,
          title: row.title,
          content: preview.text,
          // Something was held back: the rest of the text, or photos the reader may not see.
          truncated: preview.cut || photosShown.length < reportPhotos.length,
          photos: photosShown,
          visit_date: row.visit_date,
          created_at: isoOf(row.created_at),
        };
      });
      const last = page.length > limit ? shown[shown.length - 1] : undefined;
      return { list, next_cursor: last ? encodeRecentCursor(listName, { micros: last.micros, id: last.id }) : null };
    });
  },
  { name: 'visit-report-routes', dependencies: ['api', 'core'] },
);
