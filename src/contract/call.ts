import { z } from 'zod';

/**
 * One product call of the wire contract: its path under /api, whether it changes data (never retried when it
 * does), who may call it, which multipart image fields travel outside the envelope, and the zod schemas of its
 * payload and of the response `data`. Client and server both read these; no shape is written twice.
 */
export type CallAuth = 'none' | 'optional' | 'required';

export interface ApiCall<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType, A extends CallAuth = CallAuth> {
  readonly path: string;
  readonly mutates: boolean;
  /** 'required': a valid token is needed; 'optional': a token is used when present; 'none': ignored. */
  readonly auth: A;
  /** Role needed besides a valid session. */
  readonly role?: 'admin';
  /** Image file fields carried as multipart parts, outside the encryption. */
  readonly files?: readonly string[];
  readonly payload: P;
  readonly response: R;
}

export type PayloadOf<C extends ApiCall> = z.input<C['payload']>;
export type ParsedPayloadOf<C extends ApiCall> = z.output<C['payload']>;
export type ResponseOf<C extends ApiCall> = z.output<C['response']>;

export function defineCall<P extends z.ZodType, R extends z.ZodType, A extends CallAuth>(call: ApiCall<P, R, A>): ApiCall<P, R, A> {
  return call;
}

/** The fields every payload carries besides its own (DESIGN section 4). */
export const sessionFields = z.object({
  oauth_id: z.uuid({ message: 'zod.string.uuid' }),
  oauth_type: z.literal('pwa'),
  token: z.string().min(1).max(200).optional(),
  debug: z.literal('1').optional(),
});
export type SessionFields = z.infer<typeof sessionFields>;

export const responseEnvelope = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(422)]),
  msg: z.string(),
  data: z.unknown(),
});
export type ResponseEnvelope = z.infer<typeof responseEnvelope>;

/**
 * Status 422, an expired or revoked session token (DESIGN section 4): `msg` is exactly `token expired`, and `data`
 * (encrypted like any answer's when the request was) carries the text to show, in the request's language.
 */
export const TOKEN_EXPIRED_MSG = 'token expired';
export const tokenExpiredData = z.object({ message: z.string() });
export type TokenExpiredData = z.infer<typeof tokenExpiredData>;

export const emptyPayload = z.object({});
export const nullResponse = z.null();
