import { assign, fromPromise, setup } from 'xstate';
import type { ApiCall, PayloadOf } from '@/contract/call';
import { ApiError, type ApiClient } from '@/services/api-client';

/**
 * One request's life (spec section 4, "Request state"): idle → loading → finished | failed, and canceled when
 * the user cancels while it is in flight. Leaving `loading` stops the invoked actor, which aborts its signal, so
 * a canceled request's late result or error never reaches this machine. The context holds codes and the
 * server's msg, never translated text (STYLE rule 9).
 */

/** What the ui shows for a failure: a code it maps to a message, and the server's msg where there is one. */
export interface RequestError {
  /** ApiError code ('server', 'tokenExpired', 'http.429', 'network', 'timeout', 'response.invalid', ...). */
  code: string;
  /** The server's msg for 'server'/'tokenExpired'; a diagnostic otherwise. */
  msg: string;
  httpStatus?: number;
  retryAfter?: number;
}

export interface RequestContext {
  /** The params of the current (or last) request; a `request.start` without params repeats them. */
  params: unknown;
  files: Record<string, Blob> | undefined;
  result: unknown;
  error: RequestError | null;
}

export type RequestEvent =
  | { type: 'request.start'; params?: unknown; files?: Record<string, Blob> }
  | { type: 'request.cancel' };

export interface RequestInput {
  /** Params used by a `request.start` that carries none (e.g. a route's params, then "retry"). */
  params?: unknown;
}

/** What the `perform` actor receives. */
export interface PerformInput {
  params: unknown;
  files?: Record<string, Blob>;
}

export function toRequestError(error: unknown): RequestError {
  if (error instanceof ApiError) {
    return {
      code: error.code,
      msg: error.message,
      ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
      ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
    };
  }
  if (error instanceof Error) return { code: 'unknown', msg: error.message };
  return { code: 'unknown', msg: String(error) };
}

export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    // `void`, not `undefined`: setup() drops undefined from an inferred type, which would make input required.
    input: {} as RequestInput | void,
  },
  actors: {
    // Safe default: the real call is injected with .provide() (provideRequest) where the actor is created.
    perform: fromPromise<unknown, PerformInput>(() => Promise.reject(new Error('not provided'))),
  },
  actions: {
    startRequest: assign(({ context, event }) => {
      if (event.type !== 'request.start') return {};
      // Without params the last request is repeated, files included ("retry").
      const repeat = event.params === undefined;
      return {
        params: repeat ? context.params : event.params,
        files: event.files ?? (repeat ? context.files : undefined),
        result: null,
        error: null,
      };
    }),
  },
}).createMachine({
  id: 'request',
  context: ({ input }) => ({ params: input?.params, files: undefined, result: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'request.start': { target: 'loading', actions: 'startRequest' } },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'perform',
        input: ({ context }) => ({
          params: context.params,
          ...(context.files ? { files: context.files } : {}),
        }),
        onDone: { target: 'finished', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
      // request.start while loading is ignored: double submits are blocked (spec section 5).
      on: { 'request.cancel': { target: 'canceled' } },
    },
    finished: {
      on: { 'request.start': { target: 'loading', actions: 'startRequest' } },
    },
    failed: {
      on: { 'request.start': { target: 'loading', actions: 'startRequest' } },
    },
    canceled: {
      on: { 'request.start': { target: 'loading', actions: 'startRequest' } },
    },
  },
});

/**
 * The request machine performing `call` through `client`; the invoked actor's signal is the call's signal, so
 * canceling (or stopping the machine) aborts the HTTP request. `context.result` is `ResponseOf<typeof call>`.
 */
export function provideRequest<C extends ApiCall>(call: C, client: Pick<ApiClient, 'call'>) {
  return requestMachine.provide({
    actors: {
      perform: fromPromise<unknown, PerformInput>(({ input, signal }) =>
        client.call(call, input.params as PayloadOf<C>, {
          signal,
          ...(input.files ? { files: input.files } : {}),
        }),
      ),
    },
  });
}
