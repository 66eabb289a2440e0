import { createHash, randomBytes, randomInt } from 'node:crypto';
import { type InferResult, type Kysely, sql } from 'kysely';
import { EMAIL_CODE_LENGTH, SESSION_IDLE_DAYS } from '@/contract/constants';
import { TokenPurpose } from '@/contract/feature-enums';
import { prepared } from '../db/prepared';
import type { Database, UserRow } from '../db/schema';

/**
 * Tokens are opaque random strings (32 bytes, base64url) handed to the user once; only their SHA-256 is stored
 * (DESIGN section 4), so a database leak reveals no usable session or reset link.
 */

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const newEmailCode = () => String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
/** E-mail codes are short, so their hash is bound to the user: the same code of two users hashes apart. */
export const emailCodeHash = (userUuid: string, code: string) => sha256(`email-code:${userUuid}:${code}`);

/**
 * How long after last use a session is still valid, and how stale last_used_at may get before it is touched. The
 * idle limit counts from last_used_at as stored: a session idle for 30 days and a second is expired. Since
 * last_used_at is written at most every TOUCH_AFTER_MS, a session used within that time after its last touch ends
 * up to that much before 30 full days of idleness, never after (docs/decisions.md, "Idle sessions").
 */
export const SESSION_IDLE_MS = SESSION_IDLE_DAYS * 86_400_000;
const TOUCH_AFTER_MS = 10 * 60_000;
export const MAX_EMAIL_CODE_ATTEMPTS = 5;

export async function createSessionToken(db: Kysely<Database>, userUuid: string, client: string): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insertInto('user_tokens')
    .values({ user_uuid: userUuid, purpose: TokenPurpose.Session, token_hash: sha256(token), client })
    .execute();
  return token;
}

export interface SessionLookup {
  tokenId: string;
  user: UserRow;
}

/**
 * The session token's row with its user's, by the token's hash: every signed-in request runs it (prepared.ts), and
 * user/me runs it with its user's standing in the same statement (current-user.ts).
 */
export function sessionByHashQuery(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('user_tokens as t')
    .innerJoin('users as u', 'u.uuid', 't.user_uuid')
    .selectAll('u')
    .select(['t.id as token_id', 't.last_used_at as token_last_used_at'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.purpose', '=', TokenPurpose.Session)
    .where('t.revoked_at', 'is', null);
}

const sessionByHash = prepared('find_session', 1, sessionByHashQuery);

/** A row of `sessionByHashQuery`: the user's columns and the token's id and last use. */
export type SessionRow = InferResult<ReturnType<typeof sessionByHashQuery>>[number];

/** The user of a live session token, or null when unknown, revoked or idle for longer than 30 days. */
export async function findSession(db: Kysely<Database>, token: string, nowMs = Date.now()): Promise<SessionLookup | null> {
  const [row] = await sessionByHash(db, sha256(token));
  return liveSession(db, row, nowMs);
}

/**
 * The session of a row `sessionByHashQuery` found (or null: none, or idle for longer than 30 days), its use noted when
 * the last note is older than TOUCH_AFTER_MS.
 */
export async function liveSession(db: Kysely<Database>, row: SessionRow | undefined, nowMs = Date.now()): Promise<SessionLookup | null> {
  if (!row) return null;
  const lastUsed = new Date(row.token_last_used_at).getTime();
  if (nowMs - lastUsed > SESSION_IDLE_MS) return null;
  if (nowMs - lastUsed > TOUCH_AFTER_MS) {
    await db.updateTable('user_tokens').set({ last_used_at: new Date(nowMs) }).where('id', '=', row.token_id).execute();
  }
  const { token_id, token_last_used_at: _, ...user } = row;
  return { tokenId: String(token_id), user: user as UserRow };
}

/**
 * The user of live session `sessionId` of `userUuid` (a signed grant's: server/account/page-session.ts), or null when
 * it is unknown, someone else's, revoked or idle for longer than 30 days. It does not count as a use of the session.
 */
export async function findLiveSessionById(db: Kysely<Database>, sessionId: string, userUuid: string, nowMs = Date.now()): Promise<SessionLookup | null> {
  const row = await db
    .selectFrom('user_tokens as t')
    .innerJoin('users as u', 'u.uuid', 't.user_uuid')
    .selectAll('u')
    .where('t.id', '=', sessionId)
    .where('t.user_uuid', '=', userUuid)
    .where('t.purpose', '=', TokenPurpose.Session)
    .where('t.revoked_at', 'is', null)
    .where('t.last_used_at', '>=', new Date(nowMs - SESSION_IDLE_MS))
    .executeTakeFirst();
  return row ? { tokenId: sessionId, user: row as UserRow } : null;
}

/**
 * Which of these sessions of `userUuid` are live (not revoked, not idle beyond the limit): the chat socket's check of
 * the session its token came from, when it opens and while it stays open.
 */
export async function liveSessionIds(db: Kysely<Database>, sessionIds: readonly string[], nowMs = Date.now()): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_tokens')
    .select(['id', 'user_uuid'])
    .where('id', 'in', sessionIds)
    .where('purpose', '=', TokenPurpose.Session)
    .where('revoked_at', 'is', null)
    .where('last_used_at', '>=', new Date(nowMs - SESSION_IDLE_MS))
    .execute();
  return new Set(rows.map((row) => `${row.user_uuid}:${row.id}`));
}

export async function revokeToken(db: Kysely<Database>, tokenId: string): Promise<void> {
  await db.updateTable('user_tokens').set({ revoked_at: sql`now()` }).where('id', '=', tokenId).where('revoked_at', 'is', null).execute();
}

/** Revokes every session of the user, except `keepTokenId` when given (password change keeps the current one). */
export async function revokeSessions(db: Kysely<Database>, userUuid: string, keepTokenId?: string): Promise<number> {
  let query = db
    .updateTable('user_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_uuid', '=', userUuid)
    .where('purpose', '=', TokenPurpose.Session)
    .where('revoked_at', 'is', null);
  if (keepTokenId) query = query.where('id', '!=', keepTokenId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Creates a single-use token of `purpose`, retiring earlier unused ones of the same purpose. */
export async function createOneTimeToken(
  db: Kysely<Database>,
  userUuid: string,
  purpose: (typeof TokenPurpose)['ResetPassword' | 'VerifyEmail'],
  tokenHash: string,
  ttlMs: number,
): Promise<void> {
  await db
    .updateTable('user_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_uuid', '=', userUuid)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .insertInto('user_tokens')
    .values({ user_uuid: userUuid, purpose, token_hash: tokenHash, expires_at: new Date(Date.now() + ttlMs) })
    .execute();
}

/**
 * Marks a live one-time token used and returns its user. The conditional update makes it single use even when
 * two requests race with the same token.
 */
export async function consumeOneTimeToken(
  db: Kysely<Database>,
  purpose: number,
  tokenHash: string,
): Promise<string | null> {
  const row = await db
    .updateTable('user_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_uuid')
    .executeTakeFirst();
  return row?.user_uuid ?? null;
}

/** The user's live e-mail code token, if any (for counting wrong attempts). */
export async function findLiveEmailCode(db: Kysely<Database>, userUuid: string) {
  return db
    .selectFrom('user_tokens')
    .select(['id', 'token_hash', 'attempts'])
    .where('user_uuid', '=', userUuid)
    .where('purpose', '=', TokenPurpose.VerifyEmail)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function countFailedEmailCode(db: Kysely<Database>, tokenId: string): Promise<void> {
  await db
    .updateTable('user_tokens')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      revoked_at: sql`case when attempts + 1 >= ${MAX_EMAIL_CODE_ATTEMPTS} then now() else null end`,
    }))
    .where('id', '=', tokenId)
    .execute();
}
