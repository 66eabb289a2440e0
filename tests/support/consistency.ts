import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../server/db/schema';
import { ledgerTotal } from '../../server/wallet/ledger.repository';

/**
 * What must hold of a database whatever happened to it (a kill -9, a backup taken while writes went on and
 * restored; DESIGN section 8): the ledger sums to zero (each transfer and all of it), each account's balance is the
 * sum of its entries, no member's account is negative, the points each member has held equal their pending
 * withdrawals, every listing has its pictures (rows, and files under `dataDir`), and every paid order was credited
 * exactly once. The crash suite (tests/crash/crash-suite.ts) and the backup test (server/backup/) both check it.
 */
export async function checkConsistency(db: Kysely<Database>, dataDir: string): Promise<void> {
  expect(await ledgerTotal(db), 'the ledger sums to zero').toBe(0);
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select('transfer_id')
    .groupBy('transfer_id')
    .having(sql`sum(amount)`, '<>', 0)
    .execute();
  expect(unbalanced, 'every transfer balances').toEqual([]);
  const drift = await sql<{ account: string }>`
  select a.account from ledger_accounts a
  left join (select account, sum(amount) as total from ledger_entries group by account) e on e.account = a.account
  where a.balance <> coalesce(e.total, 0)`.execute(db);
  expect(drift.rows, 'each balance is the sum of its entries').toEqual([]);
  const negative = await db
    .selectFrom('ledger_accounts')
    .select(['account', 'balance'])
    .where('user_uuid', 'is not', null)
    .where('balance', '<', '0')
    .execute();
  expect(negative, 'no member account is negative').toEqual([]);
  const holds = await sql<{ uuid: string; held: string; pending: string }>`
  select u.uuid,
    coalesce((select sum(balance) from ledger_accounts a where a.account in ('user:' || u.uuid || ':hold', 'user:' || u.uuid || ':hold:test')), 0) as held,
    coalesce((select sum(points) from withdrawals w where w.user_uuid = u.uuid and w.status = 'pending'), 0) as pending
  from users u`.execute(db);
  for (const row of holds.rows) expect(Number(row.held), `held points of ${row.uuid} = pending withdrawals`).toBe(Number(row.pending));
  // Every listing has its pictures: a partner its photos (and its cover one of them), and every file is stored.
  const partners = await db.selectFrom('partners').select(['id', 'cover']).execute();
  for (const partner of partners) {
    const photos = await db
      .selectFrom('photos')
      .select(['image', 'thumb'])
      .where('owner_kind', '=', 'partner')
      .where('owner_id', '=', partner.id)
      .execute();
    expect(photos.length, `partner ${partner.id} has photos`).toBeGreaterThan(0);
    expect(photos.map((p) => p.image)).toContain(partner.cover?.image);
    for (const photo of photos) {
      for (const url of [photo.image, photo.thumb]) expect(existsSync(path.join(dataDir, url)), `${url} is stored`).toBe(true);
    }
  }
  // A paid order is credited exactly once; an unpaid one not at all.
  const orders = await sql<{ order_id: string; status: string; credits: string }>`
  select o.order_id, o.status, (select count(*) from ledger_transfers t where t.idempotency_key = 'order:' || o.order_id) as credits
  from orders o`.execute(db);
  for (const order of orders.rows) expect([order.order_id, Number(order.credits)]).toEqual([order.order_id, order.status === 'paid' ? 1 : 0]);
}
