import {
  responseEnvelope,
  type ApiCall,
  type PayloadOf,
  type ResponseOf,
  type SessionFields,
} from '@/contract/call';
import { API_BASE, REQUEST_TIMEOUT_MS, RETRY_HTTP_STATUSES } from '@/contract/constants';
import { openDataNative, sealEnvelope, type EnvelopeKeys } from './envelope';

/**
 * The one configured API client (DESIGN section 4, STYLE rule 15). Every product call goes through `call()`,
 * typed from its contract entry: it adds the session fields, seals the envelope (or sends plain fields in debug
 * mode), opens and validates the answer and turns every failure into an ApiError with a stable `kind` and `code`
 * that machines store and the ui maps to translated text.
 */

export type ApiErrorKind = 'server' | 'tokenExpired' | 'http' | 'network' | 'timeout' | 'canceled' | 'response';

export interface ApiErrorOptions {
  kind: ApiErrorKind;
  /** A stable code for the ui; defaults to `kind` (e.g. 'http.429', 'response.invalid'). */
  code?: string;
  /** The envelope status (0 or 422) when the server answered one. */
  status?: number;
  httpStatus?: number;
  /** Seconds from a Retry-After header. */
  retryAfter?: number;
  /** The envelope `data` that came with a status 0 answer, if any (e.g. field issues). */
  details?: unknown;
  cause?: unknown;
}

/**
 * A failed call. `message` is the server's `msg` for 'server', its `data.message` for 'tokenExpired' (whose `msg`
 * is always `token expired`), both in the request's language and shown as the call's error text (spec section 8),
 * and an English diagnostic otherwise. A caller's cancellation is named 'AbortError'
 * like the DOM's, so code that checks `error.name === 'AbortError'` treats it as one.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: string;
  readonly status?: number;
  readonly httpStatus?: number;
  readonly retryAfter?: number;
  readonly details?: unknown;

  constructor(message: string, options: ApiErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = options.kind === 'canceled' ? 'AbortError' : 'ApiError';
    this.kind = options.kind;
    this.code = options.code ?? options.kind;
    if (options.status !== undefined) this.status = options.status;
    if (options.httpStatus !== undefined) this.httpStatus = options.httpStatus;
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter;
    if (options.details !== undefined) this.details = options.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type ClientId = 'pwa' | 'web';

export interface ApiClientOptions {
  /** Default API_BASE ('/api'). */
  baseUrl?: string;
  /** Envelope keys; null is debug mode (plain form fields with debug=1, plain JSON data back). */
  keys: EnvelopeKeys | null;
  /** 'pwa' in standalone display, else 'web'; read per call. */
  clientId: () => ClientId;
  /** The BCP 47 tag sent as Accept-Language (e.g. 'ja-JP'); read per call. */
  locale: () => string;
  getToken: () => string | null;
  getGuestId: () => string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch, for the envelope timestamp. */
  now?: () => number;
  /**
   * Called once per call answered with status 422, with the server's text for it (`data.message`, or the `msg`
   * `token expired` when there is none); the token expiry machine decides what follows.
   */
  onTokenExpired?: (msg: string) => void;
  /** Makes the XMLHttpRequest of an upload that reports progress (tests inject a fake). */
  createXhr?: () => XMLHttpRequest;
  /**
   * Awaited between the costly steps of a call: before it is sealed, and between opening its answer (decrypt and
   * JSON) and checking it against the contract. The app passes `nextTask`, so on a slow phone none of them lengthens
   * the task that made the call (a screen's first render) or holds the main thread long with another (a large
   * answer such as the geography).
   */
  pause?: () => Promise<void>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Image parts sent as multipart fields outside the encryption; names must be listed in the call's `files`. */
  files?: Record<string, Blob>;
  /**
   * Upload progress in bytes of the whole body. Only with `files`: such a call is sent with XMLHttpRequest,
   * since fetch reports no upload progress; envelope, headers, abort, timeout and errors stay the same.
   */
  onUploadProgress?: (loaded: number, total: number) => void;
}

export interface ApiClient {
  call<C extends ApiCall>(call: C, payload: PayloadOf<C>, opts?: CallOptions): Promise<ResponseOf<C>>;
}

/** Longest Retry-After the client waits before its one retry; a longer one fails at once with `retryAfter`. */
export const MAX_RETRY_WAIT_MS = 5_000;

const RETRY_STATUSES = new Set(RETRY_HTTP_STATUSES);

/** One attempt's outcome: either a final answer or an HTTP status that may be retried. */
type Attempt<T> = { ok: true; value: T } | { ok: false; error: ApiError; retryable: boolean };

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = (options.baseUrl ?? API_BASE).replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());
  const now = options.now ?? Date.now;
  const debug = options.keys === null;

  function sessionFields(call: ApiCall): SessionFields {
    const fields: SessionFields = { oauth_id: options.getGuestId(), oauth_type: 'pwa' };
    // Calls that take no session (ApiCall.auth 'none') are sent without the token: the server ignores it there,
    // and a login or reset form should not carry an old session along.
    const token = call.auth === 'none' ? null : options.getToken();
    if (token) fields.token = token;
    if (debug) fields.debug = '1';
    return fields;
  }

  /** A fresh body per attempt: the server rejects a sign it has already seen, so every attempt is sealed anew. */
  function buildBody(call: ApiCall, payload: unknown, files: Record<string, Blob> | undefined) {
    // Session fields last: a payload can never override the guest id or the session.
    const whole = { ...(payload as Record<string, unknown>), ...sessionFields(call) };
    // Debug mode still names the client (a plain field the server reads and strips) so it can tell pwa from web.
    const fields: Record<string, string> = options.keys
      ? { ...sealEnvelope(whole, options.keys, options.clientId(), Math.floor(now() / 1000)) }
      : { ...toPlainFields(whole), client: options.clientId() };
    if (!files || Object.keys(files).length === 0) return new URLSearchParams(fields);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, blob] of Object.entries(files)) {
      if (blob instanceof File) form.append(name, blob, blob.name);
      else form.append(name, blob);
    }
    return form;
  }

  async function attempt<C extends ApiCall>(
    call: C,
    payload: PayloadOf<C>,
    opts: CallOptions,
  ): Promise<Attempt<ResponseOf<C>>> {
    const callerSignal = opts.signal;
    const controller = new AbortController();
    let timedOut = false;
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    // A timer of our own (not AbortSignal.timeout) so fake clocks drive it; one controller joins both causes.
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The request timed out', 'TimeoutError'));
    }, REQUEST_TIMEOUT_MS);

    try {
      const init: RequestInit = {
        method: 'POST',
        headers: { Accept: 'application/json', 'Accept-Language': options.locale() },
        body: buildBody(call, payload, opts.files),
        signal: controller.signal,
      };
      let response: Response;
      let text: string;
      try {
        const url = `${baseUrl}/${call.path}`;
        const progress = opts.onUploadProgress;
        response = await (progress && init.body instanceof FormData
          ? sendWithProgress(createXhr(), url, init, progress)
          : doFetch(url, init));
        text = await response.text();
      } catch (cause) {
        if (callerSignal?.aborted) throw canceledError(cause);
        if (timedOut) {
          throw new ApiError(`${call.path} timed out after ${REQUEST_TIMEOUT_MS} ms`, { kind: 'timeout', cause });
        }
        throw new ApiError(`${call.path} failed: network error`, { kind: 'network', cause });
      }

      if (!response.ok) {
        const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), now());
        const envelope = parseEnvelope(text);
        const error = new ApiError(envelope?.msg || `${call.path} answered HTTP ${response.status}`, {
          kind: 'http',
          code: `http.${response.status}`,
          httpStatus: response.status,
          ...(retryAfter === undefined ? {} : { retryAfter }),
        });
        const retryable =
          !call.mutates &&
          RETRY_STATUSES.has(response.status) &&
          (retryAfter === undefined || retryAfter * 1000 <= MAX_RETRY_WAIT_MS);
        return { ok: false, error, retryable };
      }

      return { ok: true, value: await openResponse(call, text) };
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function openResponse<C extends ApiCall>(call: C, text: string): Promise<ResponseOf<C>> {
    const envelope = parseEnvelope(text);
    if (!envelope) {
      throw new ApiError(`${call.path} answered something other than a response envelope`, {
        kind: 'response',
        code: 'response.malformed',
      });
    }
    if (envelope.status === 422) {
      // `msg` is the fixed `token expired`; the text to show, in the request's language, is `data.message`.
      // (Read by hand, not with the contract's tokenExpiredData schema: every byte here is on the home page.)
      const text = ((await openDetails(envelope.data)) as { message?: unknown } | null)?.message;
      const message = typeof text === 'string' ? text : envelope.msg;
      options.onTokenExpired?.(message);
      throw new ApiError(message, { kind: 'tokenExpired', status: 422 });
    }
    if (envelope.status === 0) {
      // Error details are a courtesy; the msg is the answer.
      const details = await openDetails(envelope.data);
      throw new ApiError(envelope.msg, { kind: 'server', status: 0, ...(details == null ? {} : { details }) });
    }

    let data: unknown;
    try {
      data = await openEnvelopeData(envelope.data);
    } catch (cause) {
      throw new ApiError(`${call.path} answered data that cannot be opened`, {
        kind: 'response',
        code: 'response.undecryptable',
        cause,
      });
    }
    await options.pause?.();
    const parsed = call.response.safeParse(data);
    if (!parsed.success) {
      throw new ApiError(`${call.path} answered data that does not match its contract`, {
        kind: 'response',
        code: 'response.invalid',
        cause: parsed.error,
      });
    }
    return parsed.data as ResponseOf<C>;
  }

  /**
   * The data of a refusal (status 0 or 422), undefined when it cannot be opened. An envelope the server could not
   * open is answered in plain, so non-string data is taken as it is.
   */
  async function openDetails(data: unknown): Promise<unknown> {
    if (typeof data !== 'string') return data;
    try {
      return await openEnvelopeData(data);
    } catch {
      return undefined;
    }
  }

  /** Encrypted mode: `data` is null or base64(iv ‖ ciphertext) of JSON; debug mode: plain JSON already. */
  async function openEnvelopeData(data: unknown): Promise<unknown> {
    if (!options.keys || data === null || data === undefined) return data ?? null;
    if (typeof data !== 'string') throw new Error('encrypted data is not a string');
    return JSON.parse(await openDataNative(data, options.keys.aesKey)) as unknown;
  }

  async function callApi<C extends ApiCall>(
    call: C,
    payload: PayloadOf<C>,
    opts: CallOptions = {},
  ): Promise<ResponseOf<C>> {
    const { signal } = opts;
    if (signal?.aborted) throw canceledError(signal.reason);
    if (opts.files) {
      const allowed = call.files ?? [];
      for (const name of Object.keys(opts.files)) {
        if (!allowed.includes(name)) throw new TypeError(`${call.path} takes no file field '${name}'`);
      }
    }

    if (options.pause) {
      await options.pause();
      if (signal?.aborted) throw canceledError(signal.reason);
    }
    const first = await attempt(call, payload, opts);
    if (first.ok) return first.value;
    if (!first.retryable) throw first.error;

    // DESIGN section 4: a non-mutating call is retried exactly once.
    if (first.error.retryAfter) await wait(first.error.retryAfter * 1000, signal);
    const second = await attempt(call, payload, opts);
    if (second.ok) return second.value;
    throw second.error;
  }

  return { call: callApi };
}

/**
 * POSTs `init` (a multipart body) with XMLHttpRequest and answers a Response like fetch would: it rejects with
 * a TypeError on a network failure and with the signal's reason when the signal aborts, so the caller's error
 * mapping, timeout and cancellation need nothing of their own.
 */
function sendWithProgress(
  xhr: XMLHttpRequest,
  url: string,
  init: RequestInit,
  onProgress: (loaded: number, total: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const signal = init.signal ?? undefined;
    const abortReason = () => signal?.reason ?? new DOMException('The request was aborted', 'AbortError');
    if (signal?.aborted) {
      reject(abortReason());
      return;
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(init.method ?? 'POST', url);
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : event.loaded);
    xhr.onload = () => {
      settle();
      const nullBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(nullBody ? null : xhr.responseText, { status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()) }));
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('XMLHttpRequest failed'));
    };
    xhr.onabort = () => {
      settle();
      reject(abortReason());
    };
    xhr.send(init.body as XMLHttpRequestBodyInit);
  });
}

/** The header block of XMLHttpRequest#getAllResponseHeaders as Headers. */
function parseHeaders(block: string): Headers {
  const headers = new Headers();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

function canceledError(cause: unknown): ApiError {
  return new ApiError('The request was canceled', { kind: 'canceled', cause });
}

function parseEnvelope(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = responseEnvelope.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * Debug mode sends every payload field as a plain form field: strings as they are, numbers as digits, booleans
 * as '1'/'0', arrays and objects as JSON (the contract's `json()` fields parse it back); null and undefined are
 * left out.
 */
export function toPlainFields(payload: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') fields[key] = value;
    else if (typeof value === 'number' || typeof value === 'bigint') fields[key] = String(value);
    else if (typeof value === 'boolean') fields[key] = value ? '1' : '0';
    else fields[key] = JSON.stringify(value);
  }
  return fields;
}

/** Retry-After as seconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(canceledError(signal.reason));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(canceledError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
