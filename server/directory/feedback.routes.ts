import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as feedback from '@/contract/calls/feedback';
import { FEEDBACK_IMAGES_MAX } from '@/contract/calls/feedback';
import { ApiFailure } from '../api/failure';
import { rateLimitHook } from '../api/rate-limit';
import { storeAttachedImages, withStoredImages } from './attached-images';

/**
 * user/feedback (spec section 7 "Feedback", DESIGN section 5): a message to the operators with a type from
 * dict/feedback_type, up to three screenshots (photos.owner_kind 'feedback') and the request's language, so a reply
 * can be written in it.
 */
export default fp(
  async function feedbackRoutes(app: FastifyInstance) {
    const { db, config, images } = app;
    const byUser = (request: FastifyRequest) => request.apiState?.session?.user.uuid ?? request.ip;

    app.api(
      feedback.feedback,
      async ({ payload, session, files, locale }) => {
        const type = await db
          .selectFrom('dict_entries')
          .select('id')
          .where('type', '=', 'feedback_type')
          .where('id', '=', payload.feedback_type)
          .executeTakeFirst();
        if (!type) throw new ApiFailure('feedback.typeUnknown', {}, 200, { field: 'feedback_type', code: 'zod.enum.invalid' });
        const stored = await storeAttachedImages(images, 'feedback', files, 'image', FEEDBACK_IMAGES_MAX);
        await withStoredImages(images, stored, () =>
          db.transaction().execute(async (trx) => {
            const { id } = await trx
              .insertInto('feedback')
              .values({
                user_uuid: session.user.uuid,
                feedback_type: payload.feedback_type,
                content: payload.content,
                contact: payload.contact ?? null,
                locale,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            if (stored.length > 0) {
              await trx
                .insertInto('photos')
                .values(stored.map((image, position) => ({ owner_kind: 'feedback' as const, owner_id: id, position, ...image })))
                .execute();
            }
            return id;
          }),
        );
        return null;
      },
      { preHandler: [rateLimitHook(app, 'feedback-user', config.rateLimits.feedbackPerAccount, byUser)] },
    );
  },
  { name: 'feedback-routes', dependencies: ['api', 'core'] },
);
