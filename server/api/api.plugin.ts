import type { CipherKey } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiCall, ParsedPayloadOf, PayloadOf, ResponseOf } from '@/contract/call';
import { sessionFields, TOKEN_EXPIRED_MSG, type TokenExpiredData } from '@/contract/call';
import { API_BASE, PAYLOAD_DEPTH_MAX } from '@/contract/constants';
import { type Locale, localeFromAcceptLanguage } from '@/contract/enums';
import { translate, type MessageKey, type MessageParams } from '../i18n';
import { MemoryReplayStore, openEnvelope, type ReplayStore, sealData, serverKeys } from './envelope';
import { ApiFailure, TokenExpired } from './failure';
import type { UserRow } from '../db/schema';
import type { UserStanding } from '../account/current-user';
import { describeIssue } from './issues';
import { brokenTextField, fieldNestedTooDeep, safeParseUntrusted } from './parse-untrusted';
import { noteApiStatus } from '../metrics/metrics.plugin';

/**
 * The one way product calls are served (DESIGN section 4): `app.api(call, handler)` registers
 * POST /api/<call.path>, opens the envelope (or a plain debug form when API_DEBUG=1), resolves the session,
 * validates the payload with the contract schema, runs the handler and seals the answer. Every refusal is
 * status 0 with a message in the request's language, and happens before the handler writes anything.
 */

/**
 * The session of a call: the user's row as read with the token (one query), so handlers such as user/me need no
 * second lookup of the same row.
 */
export interface ApiSession {
  user: UserRow;
  tokenId: string;
  /** The user's running plan and balances, read with the session when the call asked (ApiRouteOptions.withStanding). */
  standing?: UserStanding;
}

/**
 * Resolves a session token to its user; returns null for an unknown, revoked or expired token. With `withStanding`,
 * it reads the user's standing in the same statement.
 */
export type SessionResolver = (token: string, withStanding?: boolean) => Promise<ApiSession | null>;

export interface ApiRequestState {
  encrypted: boolean;
  client: string;
  raw: Record<string, unknown>;
  files: Record<string, Buffer>;
  locale: Locale;
  guestId: string | null;
  session: ApiSession | null;
}

export interface ApiContext<C extends ApiCall> {
  payload: ParsedPayloadOf<C>;
  session: C['auth'] extends 'required' ? ApiSession : ApiSession | null;
  guestId: string;
  client: string;
  locale: Locale;
  files: Record<string, Buffer>;
  request: FastifyRequest;
  /** Null when the handler runs in process for a page's first paint (apiAsGuest, apiAsMember). */
  reply: FastifyReply | null;
}

export type ApiHandler<C extends ApiCall> = (ctx: ApiContext<C>) => Promise<ResponseOf<C>> | ResponseOf<C>;

export interface ApiRouteOptions {
  /**
   * The handler only reads, needs nothing of the request but its session and locale, and may be run in process for a
   * signed-in page's first paint (apiAsMember).
   */
  pageRead?: boolean;
  /** The handler reads the user's standing (plan and balances): the session's lookup reads it too, in one statement. */
  withStanding?: boolean;
  /** Extra preHandler hooks run after the session is resolved (rate limits by account). */
  preHandler?: preHandlerHookHandler[];
}

export interface ApiPluginOptions {
  aesKey: string;
  signKey: string;
  apiDebug: boolean;
  resolveSession: SessionResolver;
  /** Called once per guest id per process hour so guests are recorded without a write per request. */
  recordGuest?: (guestId: string, client: string, userUuid: string | null) => Promise<void>;
  replayStore?: ReplayStore;
  now?: () => number;
  /** Called with every signed-in request before its handler runs: the account's language (server/account/member-locale.ts). */
  noteLocale?: (request: FastifyRequest, user: UserRow, locale: Locale) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    api<C extends ApiCall>(call: C, handler: ApiHandler<C>, options?: ApiRouteOptions): void;
    /**
     * Runs a public call's handler in this process, as a guest would call it (no session), for the data a page is
     * rendered with on the server (server/web/first-paint.ts): the same answer the API would seal, without the
     * envelope. The payload is validated by the call's schema; a call that needs a session is refused.
     */
    apiAsGuest<C extends ApiCall>(call: C, payload: PayloadOf<C>, locale: Locale, request: FastifyRequest): Promise<ResponseOf<C>>;
    /**
     * Runs a call's handler in this process as the member of `session` (a live session the caller has checked), for a
     * signed-in page the server paints with the member's own content (server/web/spa.plugin.ts). Reads only: calls
     * marked `pageRead` (the account, the economy, the conversations), never a call that writes or uploads.
     */
    apiAsMember<C extends ApiCall>(call: C, payload: PayloadOf<C>, locale: Locale, request: FastifyRequest, session: ApiSession): Promise<ResponseOf<C>>;
  }
  interface FastifyRequest {
    apiState?: ApiRequestState;
  }
}

/** The fields of a urlencoded body (a repeated field counts once, its first value). Multipart: readMultipart. */
function fieldsOf(body: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (body && typeof body === 'object') {
    for (const name of Object.keys(body)) {
      const value = (body as Record<string, unknown>)[name];
      fields[name] = Array.isArray(value) ? value[0] : value;
    }
  }
  return fields;
}

/** No files: the shared value of every urlencoded request (never written to). */
const NO_FILES: Record<string, Buffer> = Object.freeze({}) as Record<string, Buffer>;

/** The answer of an accepted call, up to its sealed data: the same text for every call. */
const SEALED_OK_PREFIX = '{"status":1,"msg":"ok","data":"';
const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * Writes the answer `{ status, msg, data }`. A sealed `data` is base64, which JSON needs no escapes for, so the
 * body is assembled as text instead of being serialized again (stringifying a page's 15 KB of base64 cost as much
 * as encrypting it).
 */
export function sendApi(
  reply: FastifyReply,
  state: Pick<ApiRequestState, 'encrypted'> | undefined,
  aes: CipherKey,
  status: 0 | 1 | 422,
  msg: string,
  data: unknown,
  httpStatus = 200,
) {
  if (reply.statusCode !== httpStatus) reply.code(httpStatus);
  if (reply.server.metrics?.enabled) noteApiStatus(reply.request, status);
  reply.header('cache-control', 'no-store');
  if (data !== null && data !== undefined && state?.encrypted) {
    const sealed = sealData(JSON.stringify(data), aes);
    const prefix = status === 1 && msg === 'ok' ? SEALED_OK_PREFIX : `{"status":${status},"msg":${JSON.stringify(msg)},"data":"`;
    return reply.header('content-type', JSON_UTF8).send(`${prefix}${sealed}"}`);
  }
  return reply.send({ status, msg, data: data ?? null });
}

/** Accept-Language → locale, remembered: clients send a few distinct headers, and parsing one costs microseconds. */
const LOCALE_CACHE_MAX = 512;

export default fp(
  async function apiPlugin(app: FastifyInstance, options: ApiPluginOptions) {
    // Imported once: every request uses these KeyObjects, never the hex strings.
    const keys = serverKeys(options.aesKey, options.signKey);
    const replay = options.replayStore ?? new MemoryReplayStore();
    const now = options.now ?? (() => Date.now());
    const guestSeen = new Map<string, number>();
    const locales = new Map<string, Locale>();

    function localeOf(request: FastifyRequest): Locale {
      const header = request.headers['accept-language'];
      if (!header) return localeFromAcceptLanguage(header);
      let locale = locales.get(header);
      if (locale === undefined) {
        if (locales.size >= LOCALE_CACHE_MAX) locales.clear();
        locale = localeFromAcceptLanguage(header);
        locales.set(header, locale);
      }
      return locale;
    }

    /** Records a guest once per process hour; nothing to await (no promise) when it was recorded already. */
    function noteGuest(guestId: string, client: string, userUuid: string | null): Promise<void> | undefined {
      if (!options.recordGuest) return undefined;
      const key = `${guestId}:${userUuid ?? ''}`;
      const at = now();
      const seen = guestSeen.get(key);
      if (seen !== undefined && at - seen < 3_600_000) return undefined;
      if (guestSeen.size > 100_000) guestSeen.clear();
      guestSeen.set(key, at);
      return options.recordGuest(guestId, client, userUuid);
    }

    const fail = (request: FastifyRequest, reply: FastifyReply, key: MessageKey, params: MessageParams = {}, httpStatus = 200, data: unknown = null) =>
      sendApi(reply, request.apiState, keys.aes, 0, translate(request.apiState?.locale ?? localeOf(request), key, params), data, httpStatus);
    /** Status 422 `token expired` (DESIGN section 4), with the text to show in the request's language as data. */
    const expired = (reply: FastifyReply, state: ApiRequestState) =>
      sendApi(reply, state, keys.aes, 422, TOKEN_EXPIRED_MSG, { message: translate(state.locale, 'auth.tokenExpired') } satisfies TokenExpiredData);

    type Opened = { raw: Record<string, unknown>; encrypted: boolean; client: string };
    /** `encrypted`: the refusal came after an envelope was opened (its answer's data is sealed). */
    type Refusal = { key: MessageKey; httpStatus: number; encrypted?: boolean };

    /** The envelope (or, with API_DEBUG=1, the plain debug form) of a request's text fields. */
    async function openFields(fields: Record<string, unknown>): Promise<Opened | Refusal> {
      if ('data' in fields || 'sign' in fields) {
        const opened = await openEnvelope(fields, keys, replay, Math.floor(now() / 1000));
        if ('failure' in opened) return { key: opened.failure, httpStatus: opened.failure === 'envelope.malformed' ? 400 : 200 };
        return { raw: opened.payload, encrypted: true, client: opened.client };
      }
      if (fields.debug === '1') {
        if (!options.apiDebug) return { key: 'envelope.debugDisabled', httpStatus: 200 };
        return { raw: fields, encrypted: false, client: typeof fields.client === 'string' && fields.client === 'pwa' ? 'pwa' : 'web' };
      }
      return { key: 'envelope.malformed', httpStatus: 400 };
    }

    /**
     * A multipart body, read in order: the envelope's text fields come first, and at the first file part the
     * envelope (signature, clock, replay) and, for a call that needs one, the session are checked before a byte of
     * any file is read. A refused request is answered at once and its connection closed, so the rest of the upload
     * is never received. Accepted files stream to a temporary file each (the per-file limit, and the per-request
     * number of files, are the multipart limits; over them is HTTP 413) and are read back once the body is whole.
     */
    async function readMultipart(request: FastifyRequest, call: ApiCall): Promise<{ fields: Record<string, unknown>; files: Record<string, Buffer>; opened: Opened | Refusal }> {
      const fields: Record<string, unknown> = {};
      const files: Record<string, Buffer> = {};
      const dir = await mkdtemp(path.join(os.tmpdir(), 'venuely-upload-'));
      let opened: Opened | Refusal | null = null;
      try {
        const stored: { name: string; file: string }[] = [];
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = part.value;
            continue;
          }
          if (opened === null) {
            opened = await openFields(fields);
            if ('raw' in opened && call.auth === 'required') {
              const token = typeof opened.raw.token === 'string' ? opened.raw.token : '';
              if (!token || !(await options.resolveSession(token))) {
                opened = { key: token ? 'auth.tokenExpired' : 'auth.required', httpStatus: 200, encrypted: opened.encrypted };
              }
            }
            if ('key' in opened) return { fields, files, opened };
          }
          const file = path.join(dir, String(stored.length));
          await pipeline(part.file, createWriteStream(file));
          stored.push({ name: part.fieldname, file });
        }
        for (const { name, file } of stored) files[name] = await readFile(file);
        return { fields, files, opened: opened ?? (await openFields(fields)) };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }

    /**
     * Opens the envelope and resolves the session, before any route preHandler so rate limits can key on the
     * account. Returns true when the request was refused (and answered).
     */
    async function admit(call: ApiCall, request: FastifyRequest, reply: FastifyReply, withStanding?: boolean): Promise<boolean> {
      const locale = localeOf(request);
      let files = NO_FILES;
      let result: Opened | Refusal;
      const multipart = request.isMultipart();
      if (multipart) {
        const read = await readMultipart(request, call);
        files = read.files;
        result = read.opened;
      } else {
        result = await openFields(fieldsOf(request.body));
      }
      if ('key' in result) {
        request.apiState = { encrypted: result.encrypted ?? false, client: 'web', raw: {}, files: NO_FILES, locale, guestId: null, session: null };
        // The rest of a refused upload is not read: the connection closes after the answer.
        if (multipart) reply.header('connection', 'close');
        if (result.key === 'auth.tokenExpired') expired(reply, request.apiState);
        else fail(request, reply, result.key, {}, result.httpStatus);
        return true;
      }
      const state: ApiRequestState = { encrypted: result.encrypted, client: result.client, raw: result.raw, files, locale, guestId: null, session: null };
      request.apiState = state;

      // Nesting beyond PAYLOAD_DEPTH_MAX is refused before anything reads the payload (zod, the text check, handlers).
      const deep = fieldNestedTooDeep(state.raw);
      if (deep !== null) {
        fail(request, reply, 'validation.tooDeep', { field: deep, max: PAYLOAD_DEPTH_MAX }, 200, { field: deep, code: 'zod.depth' });
        return true;
      }

      const session = safeParseUntrusted(sessionFields, state.raw);
      if (!session.success) {
        const issue = describeIssue(session.error.issues[0]);
        fail(request, reply, issue.key, issue.params, 200, { field: issue.field, code: issue.code });
        return true;
      }
      state.guestId = session.data.oauth_id;
      const token = call.auth === 'none' ? undefined : session.data.token;
      if (token) {
        const resolved = await options.resolveSession(token, withStanding);
        if (!resolved) {
          expired(reply, state);
          return true;
        }
        state.session = resolved;
        if (resolved.user.locale !== locale && options.noteLocale) await options.noteLocale(request, resolved.user, locale);
      }
      if (call.auth === 'required' && !state.session) {
        fail(request, reply, 'auth.required');
        return true;
      }
      if (call.role && state.session?.user.role !== call.role) {
        // The only role is admin; its refusal says so (server/admin/admin-guard.ts answers the same).
        fail(request, reply, 'admin.only');
        return true;
      }
      return false;
    }

    /** Validates the payload of an admitted request, runs the handler and seals its answer. */
    async function respond<C extends ApiCall>(call: C, handler: ApiHandler<C>, request: FastifyRequest, reply: FastifyReply) {
      const state = request.apiState!;
      if (state.files !== NO_FILES) {
        const unexpected = Object.keys(state.files).find((name) => !call.files?.includes(name));
        if (unexpected !== undefined) {
          return fail(request, reply, 'validation.invalid', { field: unexpected }, 200, { field: unexpected, code: 'zod.invalid' });
        }
      }
      const { oauth_id: _o, oauth_type: _t, token: _k, debug: _d, client: _c, ...fields } = state.raw;
      // A lone surrogate cannot be stored as UTF-8: the database would silently turn it into U+FFFD. Refuse it,
      // naming the field, rather than keep text other than what the user sent.
      const broken = brokenTextField(fields);
      if (broken !== null) {
        return fail(request, reply, 'validation.surrogate', { field: broken }, 200, { field: broken, code: 'zod.string.surrogate' });
      }
      const parsed = safeParseUntrusted(call.payload, fields);
      if (!parsed.success) {
        const issue = describeIssue(parsed.error.issues[0]);
        return fail(request, reply, issue.key, issue.params, 200, { field: issue.field, code: issue.code });
      }
      try {
        const noted = noteGuest(state.guestId!, state.client, state.session?.user.uuid ?? null);
        if (noted) await noted;
        const data = await handler({
          payload: parsed.data as ParsedPayloadOf<C>,
          session: state.session as ApiContext<C>['session'],
          guestId: state.guestId!,
          client: state.client,
          locale: state.locale,
          files: state.files,
          request,
          reply,
        });
        return sendApi(reply, state, keys.aes, 1, 'ok', data ?? null);
      } catch (error) {
        if (error instanceof ApiFailure) return fail(request, reply, error.key, error.params, error.httpStatus, error.data);
        if (error instanceof TokenExpired) return expired(reply, state);
        throw error;
      }
    }

    /** Runs a handler in process, for a page's first paint: no envelope, no reply. */
    const runInProcess = <C extends ApiCall>(handler: ApiHandler<C>, call: C, payload: PayloadOf<C>, locale: Locale, request: FastifyRequest, session: ApiSession | null) =>
      handler({
        payload: call.payload.parse(payload) as ParsedPayloadOf<C>,
        session: session as ApiContext<C>['session'],
        guestId: 'first-paint',
        client: 'web',
        locale,
        files: NO_FILES,
        request,
        reply: null,
      });

    const guestHandlers = new Map<string, ApiHandler<ApiCall>>();
    app.decorate('apiAsGuest', async function apiAsGuest<C extends ApiCall>(call: C, payload: PayloadOf<C>, locale: Locale, request: FastifyRequest) {
      const handler = guestHandlers.get(call.path) as ApiHandler<C> | undefined;
      if (!handler || call.auth === 'required' || call.role) throw new Error(`apiAsGuest: ${call.path} is not a public call`);
      return runInProcess(handler, call, payload, locale, request, null);
    });

    const pageReadHandlers = new Map<string, ApiHandler<ApiCall>>();
    app.decorate('apiAsMember', async function apiAsMember<C extends ApiCall>(call: C, payload: PayloadOf<C>, locale: Locale, request: FastifyRequest, session: ApiSession) {
      const handler = pageReadHandlers.get(call.path) as ApiHandler<C> | undefined;
      if (!handler || call.role) throw new Error(`apiAsMember: ${call.path} is not a page read`);
      return runInProcess(handler, call, payload, locale, request, session);
    });

    app.decorate('api', function api<C extends ApiCall>(call: C, handler: ApiHandler<C>, routeOptions: ApiRouteOptions = {}) {
      const url = `${API_BASE}/${call.path}`;
      if (call.auth !== 'required' && !call.role && !call.files) guestHandlers.set(call.path, handler as unknown as ApiHandler<ApiCall>);
      if (routeOptions.pageRead && !call.role && !call.files) pageReadHandlers.set(call.path, handler as unknown as ApiHandler<ApiCall>);
      const preHandler = routeOptions.preHandler ?? [];
      if (preHandler.length === 0) {
        // No route hook needs the session before the handler: admitting it in the handler itself spares two hook
        // stages (and their promises) per request.
        app.post(url, async (request, reply) => ((await admit(call, request, reply, routeOptions.withStanding)) ? reply : respond(call, handler, request, reply)));
        return;
      }
      app.post(url, {
        preValidation: async function admitRequest(request, reply) {
          if (await admit(call, request, reply, routeOptions.withStanding)) return reply;
        },
        preHandler,
        handler: (request, reply) => respond(call, handler, request, reply),
      });
    });
  },
  { name: 'api', fastify: '5.x' },
);
