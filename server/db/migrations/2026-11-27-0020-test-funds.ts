import { type Kysely, sql } from 'kysely';

/**
 * Test funds (issue 29 item A; DESIGN section 9: payments have a test mode and a live mode, and funds that trace back
 * to test-mode orders can never be paid out). Values written out here, not imported (STYLE rule 24).
 *
 * - orders.test_mode: the order was paid in a test mode (the sandbox provider, or Stripe with a test key). Every
 *   sandbox order is one; a Stripe order made before this migration is taken as live (which key it was made with
 *   is not known any more).
 * - withdrawals.test_points: how many of the withdrawal's points were held from test-funded earnings; a withdrawal
 *   with any cannot be paid, only rejected.
 * - The ledger gets test twins of the accounts (`user:<uuid>:coins:test`, `…:earned:test`, `…:hold:test`,
 *   `platform:sales:test`, `platform:fees:test`). Nothing is written to them here but the reclassification below.
 *
 * Existing data: the ledger is append-only, so points that trace back to sandbox orders are moved to the test twins
 * by one new transfer per account owner (kind `test_funds.reclassify`), found by replaying the whole ledger in order
 * with the rules the code applies from now on (server/wallet/ledger.repository.ts):
 * - coins of a test-mode order are test coins;
 * - a spend takes test coins, then coins, then test earned points, then earned points; the test part of the price
 *   goes to the owner's share first, the rest to the platform's fee;
 * - a withdrawal holds earned points before test earned points; a rejection returns each part where it came from;
 * - any other debit (an adjustment) takes real points first, so nothing test-funded becomes real.
 * A paid withdrawal is history: if part of it was test-funded, its row says so (test_points) for the audit.
 */

interface Entry {
  transfer_id: string;
  kind: string;
  key: string;
  account: string;
  user_uuid: string | null;
  amount: string;
}

const USER_ACCOUNT = /^user:([0-9a-f-]{36}):(coins|earned|hold)$/;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table orders add column test_mode boolean not null default false`.execute(db);
  await sql`update orders set test_mode = true where provider = 'sandbox'`.execute(db);
  await sql`alter table orders add constraint orders_test_mode_check check (provider <> 'sandbox' or test_mode)`.execute(db);

  await sql`alter table withdrawals add column test_points integer not null default 0`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_test_points_check check (test_points >= 0 and test_points <= points)`.execute(db);

  // ---- Replay of the existing ledger (empty in a fresh database).
  const testOrders = new Set(
    (await sql<{ order_id: string }>`select order_id::text from orders where test_mode`.execute(db)).rows.map((r) => `order:${r.order_id}`),
  );
  if (testOrders.size === 0) return;
  const { rows } = await sql<Entry>`
    select e.transfer_id::text, t.kind, t.idempotency_key as key, e.account, e.user_uuid::text, e.amount::text
    from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
    order by e.transfer_id, e.id`.execute(db);

  const balance = new Map<string, number>();
  const test = new Map<string, number>();
  const owner = new Map<string, string>();
  const withdrawalTest = new Map<string, number>();
  let salesTest = 0;
  let feesTest = 0;
  const bal = (account: string) => balance.get(account) ?? 0;
  const tst = (account: string) => test.get(account) ?? 0;
  const addTest = (account: string, amount: number) => test.set(account, tst(account) + amount);

  for (let i = 0; i < rows.length; ) {
    let j = i;
    while (j < rows.length && rows[j].transfer_id === rows[i].transfer_id) j += 1;
    const entries = rows.slice(i, j).map((r) => ({ ...r, amount: Number(r.amount) }));
    i = j;
    const { kind, key } = entries[0];
    for (const e of entries) if (e.user_uuid) owner.set(e.account, e.user_uuid);
    const userEntries = entries.filter((e) => USER_ACCOUNT.test(e.account));

    if (kind === 'coins' && testOrders.has(key)) {
      for (const e of userEntries) if (e.amount > 0) addTest(e.account, e.amount);
      for (const e of entries) if (e.account === 'platform:sales') salesTest += -e.amount;
    } else if (kind === 'unlock') {
      let testPart = 0;
      for (const e of userEntries) {
        if (e.amount >= 0) continue;
        const taken = Math.min(tst(e.account), -e.amount);
        addTest(e.account, -taken);
        testPart += taken;
      }
      for (const e of userEntries) {
        if (e.amount <= 0) continue;
        const share = Math.min(testPart, e.amount);
        addTest(e.account, share);
        testPart -= share;
      }
      feesTest += testPart;
    } else if (kind === 'withdraw.hold') {
      const debit = userEntries.find((e) => e.amount < 0 && e.account.endsWith(':earned'));
      if (debit) {
        const real = bal(debit.account) - tst(debit.account);
        const held = Math.max(0, -debit.amount - real);
        addTest(debit.account, -held);
        withdrawalTest.set(key.replace(/:hold$/, ''), held);
      }
    } else if (kind === 'withdraw.void' || kind === 'withdraw.post') {
      const ref = key.replace(/:settle$/, '');
      const held = withdrawalTest.get(ref) ?? 0;
      if (kind === 'withdraw.void') {
        const credit = userEntries.find((e) => e.amount > 0 && e.account.endsWith(':earned'));
        if (credit && held > 0) addTest(credit.account, held);
      }
      // Settled: no longer in the hold (a paid one left the ledger; its row keeps test_points below).
      withdrawalTest.set(`${ref}:settled`, held);
      withdrawalTest.delete(ref);
    }
    for (const e of entries) balance.set(e.account, bal(e.account) + e.amount);
    // Any other debit took real points first: the test part never exceeds what is left.
    for (const e of userEntries) if (tst(e.account) > bal(e.account)) test.set(e.account, bal(e.account));
  }

  // Test points still held by pending withdrawals, per user's hold account.
  const withdrawalIds = [...withdrawalTest.keys()].map((ref) => /^withdraw:(\d+)(:settled)?$/.exec(ref)).filter((m) => m !== null);
  for (const match of withdrawalIds) {
    const points = withdrawalTest.get(match[0]) ?? 0;
    if (points <= 0) continue;
    await sql`update withdrawals set test_points = ${points} where id = ${Number(match[1])}`.execute(db);
    if (match[2]) continue;
    const row = (await sql<{ user_uuid: string }>`select user_uuid::text from withdrawals where id = ${Number(match[1])}`.execute(db)).rows[0];
    if (row) addTest(`user:${row.user_uuid}:hold`, points);
  }

  // One transfer per user (their accounts to their test twins), one for the platform.
  const byUser = new Map<string, { account: string; amount: number }[]>();
  for (const [account, amount] of test) {
    const match = USER_ACCOUNT.exec(account);
    if (!match || amount <= 0) continue;
    const list = byUser.get(match[1]) ?? [];
    list.push({ account, amount });
    byUser.set(match[1], list);
  }
  const post = async (key: string, uuid: string | null, moves: { account: string; amount: number }[]) => {
    if (moves.length === 0) return;
    const transfer = (
      await sql<{ id: string }>`insert into ledger_transfers (idempotency_key, kind, memo)
        values (${key}, 'test_funds.reclassify', '{}'::jsonb) returning id::text`.execute(db)
    ).rows[0];
    for (const move of moves) {
      const user = move.account.startsWith('platform:') ? null : (owner.get(move.account) ?? uuid);
      await sql`insert into ledger_entries (transfer_id, account, user_uuid, amount)
        values (${transfer.id}::bigint, ${move.account}, ${user}::uuid, ${-move.amount})`.execute(db);
      await sql`insert into ledger_entries (transfer_id, account, user_uuid, amount)
        values (${transfer.id}::bigint, ${`${move.account}:test`}, ${user}::uuid, ${move.amount})`.execute(db);
    }
  };
  for (const [uuid, moves] of byUser) await post(`test-funds:user:${uuid}`, uuid, moves);
  // Platform accounts may be negative (sales is): a move of -salesTest takes the sold test coins off sales.
  await post('test-funds:platform', null, [
    ...(salesTest !== 0 ? [{ account: 'platform:sales', amount: -salesTest }] : []),
    ...(feesTest !== 0 ? [{ account: 'platform:fees', amount: feesTest }] : []),
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The reclassification transfers stay (the ledger is append-only); the code before this migration reads only the
  // accounts it knows, so balances moved to test twins would be hidden from it. Down is for a fresh database.
  await sql`alter table withdrawals drop constraint if exists withdrawals_test_points_check`.execute(db);
  await sql`alter table withdrawals drop column if exists test_points`.execute(db);
  await sql`alter table orders drop constraint if exists orders_test_mode_check`.execute(db);
  await sql`alter table orders drop column if exists test_mode`.execute(db);
}
