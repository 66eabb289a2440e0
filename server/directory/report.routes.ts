import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ParsedPayloadOf } from '@/contract/call';
import * as feedback from '@/contract/calls/feedback';
import { ApiFailure } from '../api/failure';
import { rateLimitHook } from '../api/rate-limit';
import { findConversation, isSystemUser, resolveConversation } from '../chat/chat.repository';

type ReportPayload = ParsedPayloadOf<typeof feedback.report>;

/**
 * user/report (DESIGN section 1, trust and safety): a report of a listing, a user or a chat message for the
 * moderators. Listings are accepted in any state (a profile hidden since can still have done harm, and moderators
 * need those reports too); an id that never existed is "not found". Users cannot report themselves or their own
 * listings. One open report per reporter and target: a repeat (double tap, retry) succeeds without a second row.
 *
 * A chat message (issue 30) is named by the reporter's conversation and its seq, and must be one the reporter can see:
 * the conversation is resolved from the reporter's side exactly as chat/getHistory resolves it (their direct
 * conversation with a user, theirs with a published profile, or one of their own profiles' conversations with a
 * member), and the message must have come from the other side. Anything else is "not found" and writes nothing: another
 * member's conversation, a seq not in it, the unlock notice, the system contact's notices (Venuely's own). The
 * reporter's own message is refused as such. The report stores the message's row id, so moderators read the message
 * as it was stored (server/admin/report-admin.repository.ts).
 */
export default fp(
  async function reportRoutes(app: FastifyInstance) {
    const { db, config } = app;
    const byUser = (request: FastifyRequest) => request.apiState?.session?.user.uuid ?? request.ip;

    /**
     * The reported thing as stored: its id in canonical form (a uuid as PostgreSQL writes it, so 'ABC…' and 'abc…'
     * are one target) and its owner (the user themself for a user); null when there is no such thing.
     */
    async function targetOf(payload: ReportPayload, reporter: string): Promise<{ target: feedback.ReportTarget; id: string; owner: string } | null> {
      if (payload.target === 'message') return messageOf(payload, reporter);
      const { target, id } = payload;
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
      }
    }

    /** A message of one of `reporter`'s conversations, and its sender (the owner's account for a profile's messages). */
    async function messageOf(payload: Extract<ReportPayload, { target: 'message' }>, reporter: string) {
      const conversation = await resolveConversation(db, reporter, payload.to_uuid, payload.partner_uuid ?? null);
      if (typeof conversation === 'string') return null;
      const row = await findConversation(db, conversation);
      if (!row) return null;
      const message = await db
        .selectFrom('chat_messages')
        .select(['id', 'from_uuid', 'content_type'])
        .where('conversation_id', '=', row.id)
        .where('seq', '=', payload.seq)
        .executeTakeFirst();
      if (!message || message.content_type === 'unlock' || isSystemUser(message.from_uuid)) return null;
      return { target: 'message' as const, id: String(message.id), owner: message.from_uuid };
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
        const reported = await targetOf(payload, session.user.uuid);
        if (reported === null) throw new ApiFailure(notFound[payload.target]);
        if (reported.owner === session.user.uuid) throw new ApiFailure(reported.target === 'message' ? 'report.ownMessage' : 'report.self');
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
