import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Stored images never change under their name (a new upload gets a new uuid), so every cache may keep them a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * GET /uploads/<kind>/<yyyy>/<mm>/<uuid>[.thumb].webp: the public images (listing pictures, avatars, chat photos,
 * feedback attachments), streamed from the app's storage, so every process serves every upload whether the files are
 * in DATA_DIR or in the S3 bucket (DESIGN section 9).
 *
 * Only what the image store itself would name is read: the raw path must match its URL shape exactly (no '..', no
 * percent-encoding, no backslash, no other area), so identity documents (the 'kyc' area) and anything else in the
 * storage are unreachable here; they are served only by the permission-checked KYC route. Anything else is a 404.
 */
export default fp(
  async function uploadsRoutes(app: FastifyInstance) {
    const { images, storage } = app;

    const notFound = (reply: FastifyReply) => reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');

    app.get('/uploads/*', async (request, reply) => {
      // The raw path, before any decoding: '%2e%2e' stays a '%' that the shape refuses. A query string (a cache
      // buster) does not name another file.
      const pathname = request.url.split('?')[0];
      const key = images.keyOf(pathname);
      if (key === null) return notFound(reply);
      const object = await storage.open(key);
      if (object === null) return notFound(reply);
      reply.header('content-type', 'image/webp').header('cache-control', UPLOAD_CACHE_CONTROL).header('etag', object.etag);
      if (request.headers['if-none-match'] === object.etag) {
        object.body.destroy();
        return reply.code(304).send();
      }
      if (object.size !== null) reply.header('content-length', object.size);
      return reply.send(object.body);
    });
  },
  { name: 'uploads-routes', dependencies: ['core'] },
);
