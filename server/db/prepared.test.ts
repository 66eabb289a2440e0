import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, insertTestUsers, openTestDatabase } from '../../tests/support/databases';
import type { DatabaseHandle } from './database';
import { prepared } from './prepared';

describe.each(DATABASE_KINDS)('prepared queries (%s)', (kind) => {
  let database: DatabaseHandle;
  let uuids: string[];
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    uuids = await insertTestUsers(database.db, 3);
  });
  afterAll(async () => database?.close());

  // An argument used twice, a constant of the query, and a transaction's connection.
  const usersAround = prepared('test_users_around', 2, (db, uuid: string, nickname: string) =>
    db
      .selectFrom('users')
      .select(['uuid', 'nickname'])
      .where((eb) => eb.or([eb('uuid', '=', uuid), eb.and([eb('nickname', '=', nickname), eb('uuid', '<>', uuid)])]))
      .where('password_hash', '=', '!')
      .orderBy('uuid'),
  );

  it('binds new arguments on every call to a text built once', async () => {
    for (const uuid of uuids) {
      expect(await usersAround(database.db, uuid, 'nobody')).toEqual([{ uuid, nickname: 'n' }]);
    }
    expect((await usersAround(database.db, uuids[0], 'n')).map((row) => row.uuid)).toEqual(uuids);
    const inTransaction = await database.db.transaction().execute((trx) => usersAround(trx, uuids[1], 'nobody'));
    expect(inTransaction).toEqual([{ uuid: uuids[1], nickname: 'n' }]);
  });

  it("rejects with the database's error, and the next call on the same statement works", async () => {
    await expect(usersAround(database.db, 'not a uuid', 'nobody')).rejects.toThrow(/uuid/);
    expect(await usersAround(database.db, uuids[2], 'nobody')).toEqual([{ uuid: uuids[2], nickname: 'n' }]);
  });

  it('refuses a query that does not use every argument as a parameter', async () => {
    const unused = prepared('test_unused', 2, (db, uuid: string, _other: string) => db.selectFrom('users').select('uuid').where('uuid', '=', uuid));
    await expect(unused(database.db, uuids[0], 'x')).rejects.toThrow(/1 of its 2 arguments/);
    expect(() => prepared('Bad Name', 0, (db) => db.selectFrom('users').select('uuid'))).toThrow(/a-z/);
  });
});
