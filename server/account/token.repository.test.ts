import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../../tests/support/databases';
import { createSessionToken, findSession, SESSION_IDLE_MS, sha256 } from './token.repository';

const DAY = 86_400_000;

describe('session idle expiry (30 days after the last recorded use)', () => {
  let database: DatabaseHandle;
  let uuid: string;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    uuid = randomUUID();
    await database.db
      .insertInto('users')
      .values({ uuid, username: 'idle', username_key: 'idle', email: 'idle@example.test', email_key: 'idle@example.test', password_hash: 'x', nickname: 'idle' })
      .execute();
  });
  afterAll(async () => database?.close());

  const lastUsed = async (token: string) =>
    new Date((await database.db.selectFrom('user_tokens').select('last_used_at').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow()).last_used_at).getTime();

  it('a session idle for 30 days and a second is expired; a second short of that it is live', async () => {
    const token = await createSessionToken(database.db, uuid, 'pwa');
    const created = await lastUsed(token);
    // Checked first: a live lookup writes last_used_at forward.
    expect(await findSession(database.db, token, created + SESSION_IDLE_MS + 1000)).toBeNull();
    expect(await findSession(database.db, token, created + SESSION_IDLE_MS - 1000)).not.toBeNull();
  });

  it('a use records itself once last_used_at is 10 minutes stale, and the 30 days count from it', async () => {
    const token = await createSessionToken(database.db, uuid, 'pwa');
    const created = await lastUsed(token);
    // Used 9 minutes later: not written back (the column is refreshed at most every 10 minutes).
    expect(await findSession(database.db, token, created + 9 * 60_000)).not.toBeNull();
    expect(await lastUsed(token)).toBe(created);
    // Used 11 minutes later: recorded, so the session lives until 30 days after that use.
    expect(await findSession(database.db, token, created + 11 * 60_000)).not.toBeNull();
    expect(await lastUsed(token)).toBe(created + 11 * 60_000);
    expect(await findSession(database.db, token, created + 11 * 60_000 + SESSION_IDLE_MS - 1000)).not.toBeNull();
  });

  it('ends a session idle for longer than 30 days', async () => {
    const token = await createSessionToken(database.db, uuid, 'pwa');
    expect(await findSession(database.db, token, (await lastUsed(token)) + 31 * DAY)).toBeNull();
  });
});
