import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as chat from '@/contract/calls/chat';
import { createChatToken } from '../account/chat-token';
import { ApiFailure } from '../api/failure';
import { rateLimitHook } from '../api/rate-limit';
import { ImageError } from '../images/image.service';
import {
  contactRows,
  findConversation,
  hasBlocked,
  historyPage,
  isSystemUser,
  markRead,
  peerOf,
  recordUpload,
  type ResolvedConversation,
  resolveConversation,
  setBlock,
  unreadCount,
} from './chat.repository';
import { historyItemOf, publicFaces, refOf, sendVerdict } from './chat.service';
import { unlockPartner } from './unlock.service';

/** Conversations listed by chat/getContactList (the most recent ones). */
const CONTACTS_MAX = 200;

/**
 * The chat's HTTP calls (spec section 7 "Chat"): history pages, the contact list with the server's unread counts,
 * a conversation's status, mark-read, partner unlock, block, photo upload and another user's public info. Messages
 * themselves travel over the socket (im.plugin.ts).
 */
export default fp(
  async function chatRoutes(app: FastifyInstance) {
    const { db, config, images } = app;
    const byUser = (request: FastifyRequest) => request.apiState?.session?.user.uuid ?? request.ip;

    async function resolve(viewer: string, peer: string, partnerUuid: string | undefined): Promise<ResolvedConversation> {
      const resolved = await resolveConversation(db, viewer, peer, partnerUuid ?? null);
      if (typeof resolved === 'string') throw new ApiFailure(resolved);
      return resolved;
    }

    async function statusOf(conversation: ResolvedConversation): Promise<chat.ChatStatus> {
      const verdict = await sendVerdict(db, conversation);
      return {
        is_block: verdict.isBlock,
        can_send: verdict.canSend,
        is_partner: conversation.partner !== null,
        is_unlocked: verdict.isUnlocked,
        unlock_price: conversation.partner ? conversation.partner.unlockPrice : null,
      };
    }

    app.api(chat.getHistory, async ({ payload, session, locale }) => {
      const viewer = session.user.uuid;
      const conversation = await resolve(viewer, payload.from_uuid, payload.partner_uuid);
      const status = await statusOf(conversation);
      const row = await findConversation(db, conversation);
      if (!row) return { list: [], page: payload.page, has_more: false, status, unreadcount: 0 };
      const [{ list, hasMore }, { peerReadSeq, unread }] = await Promise.all([historyPage(db, row.id, payload.page, payload.limit), unreadCount(db, row.id, viewer)]);
      return { list: list.map((m) => historyItemOf(row, m, viewer, peerReadSeq, locale)), page: payload.page, has_more: hasMore, status, unreadcount: unread };
    });

    app.api(chat.getContactList, async ({ session, locale }) => {
      const viewer = session.user.uuid;
      const rows = await contactRows(db, viewer, CONTACTS_MAX);
      const peers = rows.map((r) => peerOf(refOf(r.conversation), viewer));
      const partnerPeers = rows.flatMap((r, i) => (r.conversation.partner_uuid === peers[i] ? [peers[i]] : []));
      const userPeers = peers.filter((p) => !partnerPeers.includes(p));
      const faces = await publicFaces(db, userPeers, partnerPeers);
      return rows.flatMap((r, i) => {
        const face = faces.get(peers[i]);
        if (!face) return [];
        const partnerUuid = r.conversation.partner_uuid;
        return [
          {
            user: { ...face, appends: partnerUuid ? { uuid: partnerUuid } : null, isPartner: partnerUuid !== null },
            message: r.last ? historyItemOf(r.conversation, r.last, viewer, r.peerReadSeq, locale) : null,
            unreadcount: r.unread,
          },
        ];
      });
    }, { pageRead: true });

    app.api(chat.status, async ({ payload, session }) => statusOf(await resolve(session.user.uuid, payload.to_uuid, payload.partner_uuid)));

    app.api(chat.markRead, async ({ payload, session }) => {
      const viewer = session.user.uuid;
      const conversation = await resolve(viewer, payload.to_uuid, payload.partner_uuid);
      const row = await findConversation(db, conversation);
      if (!row) return { unreadcount: 0, read_seq: 0 };
      await markRead(db, row, viewer, payload.seq);
      const { unread, readSeq } = await unreadCount(db, row.id, viewer);
      return { unreadcount: unread, read_seq: readSeq };
    });

    /** Spends the profile's price once per (member, profile), only the price the member was shown; see unlock.service.ts. */
    app.api(chat.unlockPartner, async ({ payload, session }) => {
      const result = await unlockPartner(db, config.economy, session.user.uuid, payload.partner_uuid, payload.price, payload.idempotency_key);
      return { is_unlocked: true as const, spent: result.spent, fun_score: result.funScore };
    });

    app.api(chat.getPartnerChatToken, async ({ payload, session, request }) => {
      const viewer = session.user.uuid;
      const partner = await db.selectFrom('partners').select('owner_uuid').where('uuid', '=', payload.partner_uuid).executeTakeFirst();
      if (!partner || partner.owner_uuid !== viewer) throw new ApiFailure('listing.notFound');
      // One socket carries all of a user's conversations, those of their profiles included: the token is the user's.
      const proto = request.protocol === 'https' ? 'wss' : 'ws';
      const imUrl = config.imUrls.length > 0 ? config.imUrls : [`${proto}://${request.host}${app.chatSocketPath}`];
      return { chat_token: createChatToken(config.serverSecret, { user: viewer, session: session.tokenId }), via: 'pwa', im_url: imUrl };
    });

    app.api(chat.block, async ({ payload, session }) => {
      const viewer = session.user.uuid;
      if (isSystemUser(payload.uuid)) throw new ApiFailure('chat.systemBlock');
      // Blocking a partner profile blocks that profile's conversation, not the account behind it: the member never
      // learns which account that is, so nothing they can see of the account (or its other profiles) may change.
      const partner = await db.selectFrom('partners').select('owner_uuid').where('uuid', '=', payload.uuid).executeTakeFirst();
      const target = partner?.owner_uuid ?? payload.uuid;
      if (target === viewer) throw new ApiFailure('chat.peerNotFound');
      if (!partner) {
        const user = await db.selectFrom('users').select('uuid').where('uuid', '=', target).executeTakeFirst();
        if (!user) throw new ApiFailure('chat.peerNotFound');
      }
      await setBlock(db, viewer, target, payload.block, partner ? payload.uuid : null);
      return { is_block: payload.block };
    });

    app.api(chat.getUserInfoByUuid, async ({ payload, session }) => {
      const viewer = session.user.uuid;
      const partner = await db.selectFrom('partners').select(['owner_uuid', 'status', 'visible']).where('uuid', '=', payload.uuid).executeTakeFirst();
      const faces = partner ? await publicFaces(db, [], [payload.uuid]) : await publicFaces(db, [payload.uuid], []);
      const face = faces.get(payload.uuid);
      if (!face) throw new ApiFailure('chat.peerNotFound');
      // A profile shows its own block; an account only a block of the account (never one made through a profile).
      const blocked = partner ? await hasBlocked(db, viewer, partner.owner_uuid, payload.uuid) : await hasBlocked(db, viewer, payload.uuid, null);
      return { ...face, is_block: blocked };
    });

    app.api(
      chat.uploadImage,
      async ({ session, files }) => {
        const file = files.image;
        if (!file) throw new ApiFailure('image.missing');
        let stored;
        try {
          stored = await images.save('chat', file);
        } catch (error) {
          if (error instanceof ImageError) throw new ApiFailure(error.code, error.params, error.httpStatus);
          throw error;
        }
        await recordUpload(db, stored.image, session.user.uuid);
        return stored;
      },
      { preHandler: [rateLimitHook(app, 'chat-image', config.rateLimits.chatImagePerAccount, byUser)] },
    );
  },
  { name: 'chat-routes', dependencies: ['api', 'core'] },
);
