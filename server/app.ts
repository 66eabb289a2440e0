import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { Redis } from 'ioredis';
import { IMAGE_MAX_BYTES } from '@/contract/constants';
import { localeFromAcceptLanguage } from '@/contract/enums';
import { PHOTOS_MAX } from '@/contract/shapes';
import accountRoutes from './account/account.routes';
import adminRoutes from './admin/admin.routes';
import { createMemoryChatBus, createRedisChatBus } from './chat/chat-bus';
import { createMemoryChatLimits, createRedisChatLimits } from './chat/chat-limits';
import chatRoutes from './chat/chat.routes';
import imPlugin from './chat/im.plugin';
import { findSession } from './account/token.repository';
import { findSessionWithStanding } from './account/current-user';
import { noteRequestLocale } from './account/member-locale';
import apiPlugin, { sendApi } from './api/api.plugin';
import { MemoryReplayStore, RedisReplayStore, serverKeys } from './api/envelope';
import type { AppConfig } from './config';
import corePlugin from './core.plugin';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database';
import { armFailpoints, registerReplyFailpoints } from './failpoints/failpoints';
import metricsPlugin from './metrics/metrics.plugin';
import retentionPlugin from './retention/retention.plugin';
import contentRoutes from './directory/content.routes';
import dictRoutes from './directory/dict.routes';
import favoriteRoutes from './directory/favorite.routes';
import feedbackRoutes from './directory/feedback.routes';
import listingSearchRoutes from './directory/listing-search.routes';
import merchantRoutes from './directory/merchant.routes';
import partnerRoutes from './directory/partner.routes';
import reportRoutes from './directory/report.routes';
import visitReportRoutes from './directory/visit-report.routes';
import { translate, waitPhrase } from './i18n';
import uploadsRoutes from './images/uploads.routes';
import kycRoutes from './kyc/kyc.routes';
import searchRoutes from './search/search.routes';
import { applySecurityHeaders, securityHeaders } from './security-headers';
import { seedReferenceData } from './seed/reference-data';
import trackingRoutes from './tracking/tracking.routes';
import walletRoutes from './wallet/wallet.routes';
import paymentsRoutes from './payments/payments.routes';
import type { FileStorage } from './storage/file-storage';
import spaPlugin from './web/spa.plugin';
import healthPlugin from './health/health.plugin';

export interface BuildAppOptions {
  /** An already open database (tests share one per suite); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  now?: () => number;
  /** An already created storage (npm start shares it with the demo seeds); otherwise one is created from the config. */
  storage?: FileStorage;
  /** How often open chat sockets' sessions are checked (im.plugin.ts SESSION_CHECK_MS); tests shorten or lengthen it. */
  chatSessionCheckMs?: number;
}

/** Builds the whole server (STYLE rule 21: tests drive this same app with inject or real sockets). */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openDatabase(config));
  if (!options.database) await migrateToLatest(database.db);
  // Reference data also goes into a database handed in (tests pass a migrated one), so every app has it.
  await seedReferenceData(database.db);

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 1024 * 1024,
    // Per-request lines only at debug level: at info they would dominate the log and cost throughput.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
  });
  const aes = serverKeys(config.aesKey, config.signKey).aes;

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string; ttlInSeconds?: number }, request, reply) => {
    // A fault before the envelope was opened happened while reading the body (a malformed multipart stream,
    // a broken encoding): the request's fault, answered 400 like any body that is no envelope.
    // An unusable content type (an empty or malformed header) is a body that is no envelope: 400 like any other.
    const status = error.statusCode === 415 ? 400 : (error.statusCode ?? (request.apiState === undefined && request.url.startsWith('/api/') ? 400 : 500));
    const locale = request.apiState?.locale ?? localeFromAcceptLanguage(request.headers['accept-language']);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (!request.url.startsWith('/api/')) {
      return reply.code(status).type('text/plain').send(status >= 500 ? 'Internal Server Error' : error.message);
    }
    const [key, params] =
      status === 429
        ? (['rate.limited', { wait: waitPhrase(locale, error.ttlInSeconds ?? Number(reply.getHeader('retry-after') ?? 60)) }] as const)
        : status === 413
          ? error.code === 'FST_REQ_FILE_TOO_LARGE'
            ? (['image.tooLarge', { mb: IMAGE_MAX_BYTES / 1024 / 1024 }] as const)
            : (['request.tooLarge', {}] as const)
          : status < 500
            ? (['envelope.malformed', {}] as const)
            : (['server.error', {}] as const);
    return sendApi(reply, request.apiState, aes, 0, translate(locale, key, params), null, status);
  });

  const headers = await securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  applySecurityHeaders(app, headers);
  // Only the envelope's two content types are parsed (DESIGN section 4). Any other body (JSON, text, bytes of no
  // declared type) is not an envelope: HTTP 400 with the error shape, refused before a byte of it is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(Object.assign(new Error('not an envelope'), { statusCode: 400 }), undefined));
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  // Multipart bodies are read part by part by the api plugin (readMultipart): the envelope is checked before any file
  // is read. A merchant form carries the most files: its cover and PHOTOS_MAX gallery photos.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: PHOTOS_MAX + 1, fields: 20, fieldSize: 1024 * 1024, parts: 40 },
  });
  // Shared state across processes (issue 10 item 5): with REDIS_URL the envelope's replay window and every rate limit
  // live in Redis, so a request replayed to another process is refused and limits hold for the whole deployment.
  // Commands fail fast while Redis is unreachable (no offline queue): rate limits then let requests through (an
  // outage must not lock every user out), while the replay check refuses them with 503 (a replay must never pass).
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error.message }, 'redis unavailable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, { global: false, skipOnError: true, ...(redis ? { redis, nameSpace: 'venuely-rl:' } : {}) });
  await app.register(corePlugin, { config, database, ownsDatabase: !options.database, storage: options.storage });
  await app.register(healthPlugin);
  await app.register(metricsPlugin, { database });
  await app.register(retentionPlugin, { now: options.now });
  armFailpoints(config.failpoints);
  registerReplyFailpoints(app, config.failpoints);
  if (redis) app.health.addCheck('redis', () => redis.ping());
  app.health.addCheck('storage', () => app.storage.check());
  await app.register(apiPlugin, {
    aesKey: config.aesKey,
    signKey: config.signKey,
    apiDebug: config.apiDebug,
    now: options.now,
    replayStore: redis ? new RedisReplayStore(redis) : new MemoryReplayStore(),
    noteLocale: (request, user, locale) => noteRequestLocale(app, request, user, locale),
    resolveSession: (token, withStanding) => (withStanding ? findSessionWithStanding(database.db, token) : findSession(database.db, token)),
    recordGuest: async (guestId, client, userUuid) => {
      await database.db
        .insertInto('guests')
        .values({ oauth_id: guestId, oauth_type: 'pwa', client, user_uuid: userUuid })
        .onConflict((oc) =>
          oc.column('oauth_id').doUpdateSet((eb) => ({
            last_seen_at: new Date(),
            client,
            user_uuid: eb.fn.coalesce(eb.val(userUuid), eb.ref('guests.user_uuid')),
          })),
        )
        .execute();
    },
  });
  await app.register(accountRoutes);
  await app.register(trackingRoutes);
  await app.register(dictRoutes);
  await app.register(searchRoutes);
  await app.register(favoriteRoutes);
  await app.register(visitReportRoutes);
  await app.register(feedbackRoutes);
  await app.register(reportRoutes);
  await app.register(merchantRoutes);
  await app.register(partnerRoutes);
  await app.register(contentRoutes);
  await app.register(listingSearchRoutes);
  await app.register(chatRoutes);
  await app.register(walletRoutes);
  await app.register(paymentsRoutes);
  await app.register(kycRoutes);
  await app.register(adminRoutes);
  await app.register(imPlugin, {
    bus: redis ? createRedisChatBus(redis) : createMemoryChatBus(),
    limits: redis
      ? createRedisChatLimits(redis, config.chatLimits, (error) => app.log.warn({ err: error.message }, 'chat limits unavailable'))
      : createMemoryChatLimits(config.chatLimits, options.now),
    now: options.now,
    sessionCheckMs: options.chatSessionCheckMs,
  });
  await app.register(uploadsRoutes);
  await app.register(spaPlugin);
  return app;
}
