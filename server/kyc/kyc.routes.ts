import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import * as kyc from '@/contract/calls/kyc';
import { KYC_FILES } from '@/contract/calls/kyc';
import { localeFromAcceptLanguage } from '@/contract/enums';
import { findSession } from '../account/token.repository';
import { rateLimitHook } from '../api/rate-limit';
import { isRowId } from '../directory/recent-cursor';
import { translate } from '../i18n';
import { createDocumentStore } from './document-store';
import { findImageRef, latestSubmissionOf } from './kyc.repository';
import { applyForKyc, kycStateOf } from './kyc.service';

/**
 * Identity verification (issue 13 item 3): user/apply_kyc and user/kycStatus through the envelope, and the document
 * images, which only their owner and admins may see.
 *
 * The images are a plain GET, GET /api/kyc/image/<submission id | latest>/<front | back | selfie>, with the session
 * token in `Authorization: Bearer <token>`: product calls answer JSON inside the envelope, and a picture is bytes.
 * The token travels in a header, never in the URL (URLs end up in logs, history and Referer). Whoever is not the
 * owner or an admin (another member, a guest, an expired session, an unknown id or part) gets the same 404 as a
 * submission that does not exist, so nobody learns which ids exist. Answers are `private, no-store`: no shared cache
 * and no browser cache keeps a document.
 */

const imageParams = z.object({
  submission: z.union([z.literal('latest'), z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).refine(isRowId)]),
  part: z.enum(KYC_FILES),
});
const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

export default fp(
  async function kycRoutes(app: FastifyInstance) {
    const { db, config } = app;
    const documents = createDocumentStore({ storage: app.storage, key: config.kycKey });
    const byUser = (request: FastifyRequest) => request.apiState?.session?.user.uuid ?? request.ip;

    app.api(
      kyc.applyKyc,
      async ({ payload, session, files, request }) => {
        await applyForKyc({ db, documents, log: request.log }, session.user, payload, files);
        return kycStateOf(db, session.user.uuid);
      },
      { preHandler: [rateLimitHook(app, 'kyc-apply-user', config.rateLimits.kycApplyPerAccount, byUser)] },
    );

    app.api(kyc.kycStatus, async ({ session }) => kycStateOf(db, session.user.uuid));

    const notFound = (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ status: 0, msg: translate(localeFromAcceptLanguage(request.headers['accept-language']), 'server.notFound'), data: null });

    app.get('/api/kyc/image/:submission/:part', async (request, reply) => {
      const params = imageParams.safeParse(request.params);
      const bearer = BEARER.exec(request.headers.authorization ?? '');
      if (!params.success || !bearer) return notFound(request, reply);
      const session = await findSession(db, bearer[1]);
      if (!session) return notFound(request, reply);
      const { submission, part } = params.data;
      const id = submission === 'latest' ? (await latestSubmissionOf(db, session.user.uuid))?.id : submission;
      const found = id === undefined ? undefined : await findImageRef(db, id, part);
      if (!found || !found.ref || (found.user_uuid !== session.user.uuid && session.user.role !== 'admin')) return notFound(request, reply);
      // A document that does not decrypt (a changed KYC_KEY, an altered file) throws: a server fault, logged, 500.
      const image = await documents.read(found.ref, part);
      if (image === null) {
        request.log.warn({ submission: id, part }, 'a KYC image file is missing');
        return notFound(request, reply);
      }
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, no-store')
        .header('vary', 'Authorization')
        .header('content-disposition', 'inline')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(image);
    });
  },
  { name: 'kyc-routes', dependencies: ['api', 'core'] },
);
