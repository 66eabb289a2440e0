import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as admin from '@/contract/calls/admin';
import { KycStatus } from '@/contract/enums';
import { LIST_LIMIT_DEFAULT } from '@/contract/shapes';
import { revokeSessions } from '../account/token.repository';
import { ApiFailure } from '../api/failure';
import { NoticeOutbox } from '../chat/notices';
import { listKycQueue, reviewSubmission } from '../kyc/kyc.repository';
import { adminApi } from './admin-guard';
import { decodeIdCursor, pageOfRows } from './admin-cursor';
import { listAudit, recordAdminAction } from './audit.repository';
import { listAdminListings, moderateListing } from './listing-moderation.service';
import { queueCounts } from './queue-counts';
import { listAdminReports, resolveReport } from './report-admin.repository';
import { lookUpUser } from './user-lookup';
import { listAdminWithdrawals, settleWithdrawal } from './withdrawal-admin.service';

/**
 * The admin console's API (issue 13 item 4; src/contract/calls/admin.ts): the withdrawals, reports and KYC queues,
 * listing moderation, user lookup and the audit log. Every call is registered through adminApi, so it answers only
 * an admin; every action writes one audit row (audit.repository.ts), in the action's own transaction.
 */
export default fp(
  async function adminRoutes(app: FastifyInstance) {
    const { db } = app;
    const page = <R extends { id: number | string }>(list: string, rows: R[], limit: number) => {
      const { rows: shown, nextCursor } = pageOfRows(list, rows, limit);
      return { list: shown, next_cursor: nextCursor };
    };

    // --- Withdrawals ---------------------------------------------------------------------------------------------
    adminApi(app, admin.withdrawals, async ({ payload }) => {
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      const list = `withdrawals:${payload.status ?? 'all'}`;
      return page(list, await listAdminWithdrawals(db, payload.status, decodeIdCursor(list, payload.cursor, 'integer'), limit), limit);
    });

    // The member's notice (paid, or rejected with the reason) is stored with the settlement and pushed once it committed.
    adminApi(app, admin.withdrawalPay, async ({ payload }, user) => {
      const notices = new NoticeOutbox();
      const settled = await settleWithdrawal(db, user, payload.id, payload.idempotency_key, { decision: 'pay' }, notices);
      await notices.publish(app);
      return settled;
    });

    adminApi(app, admin.withdrawalReject, async ({ payload }, user) => {
      const notices = new NoticeOutbox();
      const settled = await settleWithdrawal(db, user, payload.id, payload.idempotency_key, { decision: 'reject', reason: payload.reason }, notices);
      await notices.publish(app);
      return settled;
    });

    // --- Reports -------------------------------------------------------------------------------------------------
    adminApi(app, admin.reports, async ({ payload, locale }) => {
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      const status = payload.status ?? 'open';
      const list = `reports:${status}:${payload.target ?? 'all'}`;
      return page(list, await listAdminReports(db, { status, target: payload.target }, decodeIdCursor(list, payload.cursor, 'integer'), limit, locale), limit);
    });

    adminApi(app, admin.reportResolve, async ({ payload, locale }, user) => resolveReport(db, user, payload, locale));

    // --- Listing moderation --------------------------------------------------------------------------------------
    adminApi(app, admin.listings, async ({ payload }) => {
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      const status = payload.status ?? 'hidden';
      const list = `listings:${payload.source}:${status}:${payload.owner_uuid ?? 'all'}`;
      const rows = await listAdminListings(db, { source: payload.source, status, ownerUuid: payload.owner_uuid }, decodeIdCursor(list, payload.cursor, 'integer'), limit);
      return page(list, rows, limit);
    });

    adminApi(app, admin.listingHide, async ({ payload }, user) =>
      moderateListing(db, user, payload.source, payload.id, { action: 'hide', note: payload.note }),
    );

    adminApi(app, admin.listingUnhide, async ({ payload }, user) => moderateListing(db, user, payload.source, payload.id, { action: 'unhide' }));

    // --- KYC review (server/kyc/kyc.repository.ts) ----------------------------------------------------------------
    adminApi(app, admin.kycQueue, async ({ payload }) => listKycQueue(db, { status: payload.status, cursor: payload.cursor, limit: payload.limit }));

    adminApi(app, admin.kycReview, async ({ payload }, user) => {
      // The audit row and the member's notice are written in the review's own transaction: a review is never committed
      // without them, and a review refused (already reviewed, no reason) writes neither. The notice is pushed after.
      const notices = new NoticeOutbox();
      const submission = await reviewSubmission(db, { id: payload.id, reviewer: user.uuid, decision: payload.decision, reason: payload.reason }, async (trx, reviewed) => {
        await recordAdminAction(trx, {
          admin: user.uuid,
          action: payload.decision === 'approve' ? 'kyc.approve' : 'kyc.reject',
          targetType: 'kyc',
          targetId: reviewed.id,
          details: { user: reviewed.user_uuid, document_type: reviewed.document_type, ...(payload.decision === 'reject' ? { reason: reviewed.reject_reason } : {}) },
        });
        await notices.send(
          trx,
          reviewed.user_uuid,
          `kyc-review-${reviewed.id}`,
          reviewed.status === KycStatus.Approved ? { key: 'notice.kycApproved' } : { key: 'notice.kycRejected', values: { reason: reviewed.reject_reason ?? '' } },
        );
      });
      await notices.publish(app);
      return submission;
    });

    // --- Users and the audit log ---------------------------------------------------------------------------------
    adminApi(app, admin.userLookup, async ({ payload }) => lookUpUser(db, payload.query));

    adminApi(app, admin.userSignOut, async ({ payload }, user) => {
      const ended = await db.transaction().execute(async (trx) => {
        const target = await trx.selectFrom('users').select('uuid').where('uuid', '=', payload.uuid).executeTakeFirst();
        if (!target) throw new ApiFailure('admin.userNotFound');
        const count = await revokeSessions(trx, target.uuid);
        await recordAdminAction(trx, { admin: user.uuid, action: 'sessions.revoke', targetType: 'user', targetId: target.uuid, details: { sessions: count } });
        return count;
      });
      // After the commit: every process closes the user's chat sockets now (the 5 s check would, a little later).
      if (app.hasDecorator('chatSessionsEnded')) await app.chatSessionsEnded(payload.uuid);
      return { sessions_ended: ended };
    });

    adminApi(app, admin.auditLog, async ({ payload }) => {
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      const filter = { action: payload.action, targetType: payload.target_type, targetId: payload.target_id, admin: payload.admin, from: payload.from, to: payload.to };
      // The cursor names every filter, so a page of one filtered list is never read as a page of another. With the
      // admin or time filters, by a digest of them all: the cursor is at most 200 characters.
      const list =
        filter.admin === undefined && filter.from === undefined && filter.to === undefined
          ? `audit:${filter.action ?? ''}:${filter.targetType ?? ''}:${filter.targetId ?? ''}`
          : `audit:${createHash('sha256').update(JSON.stringify([filter.action, filter.targetType, filter.targetId, filter.admin, filter.from, filter.to])).digest('base64url').slice(0, 16)}`;
      return page(list, await listAudit(db, filter, decodeIdCursor(list, payload.cursor, 'bigint'), limit), limit);
    });

    adminApi(app, admin.queueCounts, async () => queueCounts(db));
  },
  { name: 'admin-routes', dependencies: ['api', 'core'] },
);
