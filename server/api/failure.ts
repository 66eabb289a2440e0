import type { MessageKey, MessageParams } from '../i18n';

/**
 * A business refusal: answered as status 0 with the message in the request's language, HTTP 200 unless a
 * transport status fits better (413 oversize, 429 rate limit). Nothing the handler started is committed.
 */
export class ApiFailure extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly httpStatus = 200,
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

/** An expired, revoked or unknown session token: status 422. */
export class TokenExpired extends Error {
  constructor() {
    super('auth.tokenExpired');
  }
}
