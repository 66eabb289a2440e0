import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as feedback from '@/contract/calls/feedback';
import { ApiFailure } from '../api/failure';
import { rateLimitHook } from '../api/rate-limit';

/**
 * user/report (DESIGN section 1, trust and safety): a report of a listing, a user or a chat message for the
 * moderators. Listings are accepted in any state (a profile hidden since can still have done harm, and moderators
 * need those reports too); an id that never existed is "not found". Users cannot report themselves or their own
 * listings. One open report per reporter and target: a repeat (double tap, retry) succeeds without a second row.
 */
export default fp(
  async function reportRoutes(app: FastifyInstance) {
    const { db, config } = app;
    const byUser = (request: FastifyRequest) => request.apiState?.session?.user.uuid ?? request.ip;

    /**
     * The reported thing as stored: its id in canonical form (a uuid as PostgreSQL writes it, so 'ABC…' and 'abc…'
     * are one target) and its owner (the user themself for a user); null when there is no such thing.
     */
    async function targetOf(target: feedback.ReportTarget, id: number | string): Promise<{ target: feedback.ReportTarget; id: string; owner: string } | null> {
      switch (target) {
        case 'merchant': {
          const row = await db.selectFrom('merchants').select('owner_uuid').where('id', '=', Number(id)).executeTakeFirst();
          return row ? { target, id: String(id), owner: row.owner_uuid } : null;
        }
        case 'partner': {
          const row = await db.selectFrom('partners').select('owner_uuid').where('id', '=', Number(id)).executeTakeFirst();
          return row ? { target, id: String(id), owner: row.owner_uuid } : null;
        }
        case 'user': {
          const row = await db.selectFrom('users').select('uuid').where('uuid', '=', String(id)).executeTakeFirst();
          if (row) return { target, id: row.uuid, owner: row.uuid };
          // In chat a member knows a profile by its uuid only (never its owner's): that reports the profile.
          const partner = await db.selectFrom('partners').select(['id', 'owner_uuid']).where('uuid', '=', String(id)).executeTakeFirst();
          return partner ? { target: 'partner', id: String(partner.id), owner: partner.owner_uuid } : null;
        }
        case 'message':
          // Chat messages arrive with the chat issue; until then no message id exists.
          return null;
      }
    }

    const notFound: Record<feedback.ReportTarget, 'listing.notFound' | 'social.userNotFound' | 'social.messageNotFound'> = {
      merchant: 'listing.notFound',
      partner: 'listing.notFound',
      user: 'social.userNotFound',
      message: 'social.messageNotFound',
    };

    app.api(
      feedback.report,
      async ({ payload, session }) => {
        const reason = await db
          .selectFrom('dict_entries')
          .select('id')
          .where('type', '=', 'report_reason')
          .where('id', '=', payload.reason)
          .executeTakeFirst();
        if (!reason) throw new ApiFailure('report.reasonUnknown', {}, 200, { field: 'reason', code: 'zod.enum.invalid' });
        const reported = await targetOf(payload.target, payload.id);
        if (reported === null) throw new ApiFailure(notFound[payload.target]);
        if (reported.owner === session.user.uuid) throw new ApiFailure('report.self');
        await db
          .insertInto('reports')
          .values({
            reporter_uuid: session.user.uuid,
            target: reported.target,
            target_id: reported.id,
            reason: payload.reason,
            text: payload.text ?? null,
          })
          // reports_open_once: the partial unique index of open reports.
          .onConflict((oc) => oc.columns(['reporter_uuid', 'target', 'target_id']).where('status', '=', 'open').doNothing())
          .execute();
        return null;
      },
      { preHandler: [rateLimitHook(app, 'report-user', config.rateLimits.reportPerAccount, byUser)] },
    );
  },
  { name: 'report-routes', dependencies: ['api', 'core'] },
);
