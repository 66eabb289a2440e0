import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase } from '../../tests/support/databases';
import { settleWithdrawal } from '../admin/withdrawal-admin.service';
import { ApiFailure } from '../api/failure';
import { NoticeOutbox } from '../chat/notices';
import { ledgerTotal, transfer, userBalances, userTestBalances } from '../wallet/ledger.repository';
import { type DatabaseHandle, migrateTo, migrateToLatest } from './database';

/** The last migration before test funds existed. */
const BEFORE = '2026-11-26-0050-chat-append-batch';

/**
 * Issue 29 item A on existing data: a database written before test funds existed holds points bought through sandbox
 * orders in the ordinary accounts. Migration 2026-11-27-0020 replays the ledger and moves what traces back to sandbox
 * orders to the test twins, with the rules the code applies from then on, so such points can no longer be paid out;
 * every member's balances stay what they were and the ledger still sums to zero.
 */
describe.each(DATABASE_KINDS)('test-funds migration over existing data on %s', (kind) => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('moves what sandbox orders bought, and what it paid for, to the test twins; real money stays payable', async () => {
    database = await openTestDatabase(kind, { migrated: false });
    const db = database.db;
    await migrateTo(db, BEFORE);

    const user = async (name: string, role = 'member') => {
      const uuid = randomUUID();
      await sql`insert into users (uuid, username, username_key, email, email_key, password_hash, nickname, role, kyc_status)
        values (${uuid}, ${name}, ${name.toLowerCase()}, ${`${name}@example.test`}, ${`${name.toLowerCase()}@example.test`}, 'x', ${name}, ${role}, 2)`.execute(db);
      return uuid;
    };
    const [buyer, realBuyer, owner, admin] = [await user('Sandy'), await user('Rita'), await user('Otto'), await user('Ada', 'admin')];
    const order = async (uuid: string, provider: string, coins: number) => {
      const orderId = randomUUID();
      await sql`insert into orders (order_id, user_uuid, idempotency_key, type, item_id, amount, currency, payment_type, provider, status, paid_at)
        values (${orderId}, ${uuid}, ${randomUUID()}, 6, 103, 999, 'USD', 999, ${provider}, 'paid', now())`.execute(db);
      await transfer(db, {
        key: `order:${orderId}`,
        kind: 'coins',
        entries: [
          { account: 'platform:sales', userUuid: null, amount: -coins },
          { account: `user:${uuid}:coins`, userUuid: uuid, amount: coins },
        ],
      });
    };
    const unlock = (reader: string, price: number) =>
      transfer(db, {
        key: randomUUID(),
        kind: 'unlock',
        entries: [
          { account: `user:${reader}:coins`, userUuid: reader, amount: -price },
          { account: `user:${owner}:earned`, userUuid: owner, amount: price * 0.8 },
          { account: 'platform:fees', userUuid: null, amount: price * 0.2 },
        ],
      });
    const withdrawal = async (points: number, status: 'pending' | 'rejected') => {
      const { rows } = await sql<{ id: number }>`insert into withdrawals (user_uuid, idempotency_key, points, amount, method, account, account_mask)
        values (${owner}, ${randomUUID()}, ${points}, ${points}, 'bank_card', '{"account_name":"Otto","bank_name":"Bank","card_number":"4000123456789010"}'::jsonb, '•••• 9010')
        returning id`.execute(db);
      const id = rows[0].id;
      await transfer(db, {
        key: `withdraw:${id}:hold`,
        kind: 'withdraw.hold',
        entries: [
          { account: `user:${owner}:earned`, userUuid: owner, amount: -points },
          { account: `user:${owner}:hold`, userUuid: owner, amount: points },
        ],
      });
      if (status === 'rejected') {
        await transfer(db, {
          key: `withdraw:${id}:settle`,
          kind: 'withdraw.void',
          entries: [
            { account: `user:${owner}:hold`, userUuid: owner, amount: -points },
            { account: `user:${owner}:earned`, userUuid: owner, amount: points },
          ],
        });
        await sql`update withdrawals set status = 'rejected', reject_reason = 'No', processed_at = now(), processed_by = ${admin} where id = ${id}`.execute(db);
      }
      return id;
    };

    // Sandy buys 1 200 coins on the sandbox, Rita 550 on Stripe (live, as every Stripe order before the migration).
    await order(buyer, 'sandbox', 1_200);
    await order(realBuyer, 'stripe', 550);
    // Both unlock Otto: he earns 800 test-funded and 400 real points.
    await unlock(buyer, 1_000);
    await unlock(realBuyer, 500);
    // A withdrawal of 1 000 (400 real + 600 test) rejected, then the same applied again and pending.
    const rejected = await withdrawal(1_000, 'rejected');
    const pending = await withdrawal(1_000, 'pending');
    // A correction takes 100 of Sandy's 200 coins: real first, but she has none, so 100 test coins are left.
    await transfer(db, {
      key: randomUUID(),
      kind: 'adjustment',
      entries: [
        { account: `user:${buyer}:coins`, userUuid: buyer, amount: -100 },
        { account: 'platform:fees', userUuid: null, amount: 100 },
      ],
    });
    const before = { buyer: await userBalances(db, buyer), realBuyer: await userBalances(db, realBuyer), owner: await userBalances(db, owner) };

    await migrateToLatest(db);

    // Every balance a member sees is unchanged; their test-funded part is now on the twins.
    expect({ buyer: await userBalances(db, buyer), realBuyer: await userBalances(db, realBuyer), owner: await userBalances(db, owner) }).toEqual(before);
    expect(await userTestBalances(db, buyer)).toEqual({ coins: 100, earned: 0, hold: 0 });
    expect(await userTestBalances(db, realBuyer)).toEqual({ coins: 0, earned: 0, hold: 0 });
    expect(await userTestBalances(db, owner)).toEqual({ coins: 0, earned: 200, hold: 600 });
    const accounts = Object.fromEntries(
      (await db.selectFrom('ledger_accounts').select(['account', 'balance']).where('account', 'like', 'platform:%').execute()).map((r) => [r.account, Number(r.balance)]),
    );
    expect(accounts).toMatchObject({ 'platform:sales': -550, 'platform:sales:test': -1_200, 'platform:fees': 200, 'platform:fees:test': 200 });
    expect(await ledgerTotal(db)).toBe(0);
    expect(await db.selectFrom('orders').select(['provider', 'test_mode']).orderBy('provider').execute()).toEqual([
      { provider: 'sandbox', test_mode: true },
      { provider: 'stripe', test_mode: false },
    ]);
    expect(await db.selectFrom('withdrawals').select(['id', 'test_points']).orderBy('id').execute()).toEqual([
      { id: rejected, test_points: 600 },
      { id: pending, test_points: 600 },
    ]);

    // The pending withdrawal can no longer be paid; rejected, each part goes back where it was held from.
    const payment = settleWithdrawal(db, { uuid: admin }, pending, randomUUID(), { decision: 'pay' }, new NoticeOutbox());
    await expect(payment).rejects.toBeInstanceOf(ApiFailure);
    await expect(payment).rejects.toMatchObject({ key: 'admin.withdrawalTestFunds' });
    await settleWithdrawal(db, { uuid: admin }, pending, randomUUID(), { decision: 'reject', reason: 'Test-mode funds' }, new NoticeOutbox());
    expect(await userTestBalances(db, owner)).toEqual({ coins: 0, earned: 800, hold: 0 });
    expect(await userBalances(db, owner)).toEqual({ coins: 0, earned: 1_200, hold: 0 });
    expect(await ledgerTotal(db)).toBe(0);
  });

  it('changes nothing in the ledger of a database without sandbox orders', async () => {
    database = await openTestDatabase(kind, { migrated: false });
    await migrateTo(database.db, BEFORE);
    await migrateToLatest(database.db);
    expect(await database.db.selectFrom('ledger_transfers').select('id').execute()).toEqual([]);
  });
});
