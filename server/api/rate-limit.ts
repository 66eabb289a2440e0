import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { RateLimitRule } from '../config';

/**
 * A route preHandler that limits requests per `name` and a request-derived key (IP, account, user, guest).
 * @fastify/rate-limit's own preHandler runs once per request, so routes with two limits (per IP and per
 * account) check each with createRateLimit. It runs after the envelope is opened and the session resolved, so
 * keys can use the payload and the user. A refusal is HTTP 429 with Retry-After (answered by the app's error
 * handler with a message in the request's language).
 */
export function rateLimitHook(
  app: FastifyInstance,
  name: string,
  rule: RateLimitRule,
  key: (request: FastifyRequest) => string,
): preHandlerHookHandler {
  const check = app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, skipOnError: true, keyGenerator: (request) => `${name}:${key(request)}` });
  return async (request, reply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw Object.assign(new Error('rate limited'), { statusCode: 429, ttlInSeconds: result.ttlInSeconds });
    }
  };
}
