import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../../tests/support/databases';
import { createSessionToken, findSession } from './token.repository';

const DAY = 86_400_000;

describe('session idle expiry (30 days after the last use, never earlier)', () => {
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

  it('a session used 9 minutes after its last recorded use lives until 30 days after that use', async () => {
    const token = await createSessionToken(database.db, uuid, 'pwa');
    const created = new Date((await database.db.selectFrom('user_tokens').select('last_used_at').where('user_uuid', '=', uuid).executeTakeFirstOrThrow()).last_used_at).getTime();
    // Used 9 minutes later: not written back (the column is refreshed at most every 10 minutes).
    expect(await findSession(database.db, token, created + 9 * 60_000)).not.toBeNull();
    // 30 days and 5 minutes after creation is under 30 days after that last use: still valid.
    expect(await findSession(database.db, token, created + 30 * DAY + 5 * 60_000)).not.toBeNull();
  });

  it('ends a session idle for longer than 30 days', async () => {
    const token = await createSessionToken(database.db, uuid, 'pwa');
    const created = new Date((await database.db.selectFrom('user_tokens').select('last_used_at').orderBy('id', 'desc').executeTakeFirstOrThrow()).last_used_at).getTime();
    expect(await findSession(database.db, token, created + 31 * DAY)).toBeNull();
  });
});
