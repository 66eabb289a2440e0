import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReport, AdminUser, AdminWithdrawal, AuditEntry } from '@/contract/calls/admin';
import { ALL_CALLS } from '@/contract/catalog';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createUser, insertMerchantRow, placeRefs, type RawClient, type TestUser } from '../directory/listing.fixtures';
import { giveCoins, giveEarnedPoints } from '../wallet/wallet.fixtures';
import { ledgerAccount, ledgerTotal, userBalances } from '../wallet/ledger.repository';

interface Page<T> {
  list: T[];
  next_cursor: string | null;
}

const ADMIN_ONLY = 'Only administrators can do this.';
const LOG_IN_FIRST = 'Please log in first.';

/**
 * Issue 13 item 4, the admin console's server API: only admins get an answer (members and guests are refused and
 * nothing is read or written); the withdrawals queue pays (hold → platform payouts) or rejects (hold → earned) a
 * pending withdrawal exactly once, also when a pay and a reject race; reports are listed and closed once; users are
 * found with their balances; every action writes exactly one audit row, which the audit log lists.
 */
describe.each(DATABASE_KINDS)('admin API on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let admin: TestUser;
  let earner: TestUser;
  let member: TestUser;

  const earn = (user: TestUser, points: number) => giveEarnedPoints(t.database.db, user.uuid, points);
  const apply = async (user: TestUser, points: number, account: Record<string, unknown> = { method: 'bank_card', account_name: 'Vera Example', bank_name: 'Example Bank', card_number: '4000 1234 5678 9010' }) => {
    const res = await api.call('user/apply_withdraw', { token: user.token, points, idempotency_key: randomUUID(), ...account });
    expect(res.status, res.msg).toBe(1);
    return (res.data as { id: number }).id;
  };
  const call = async <T>(path: string, payload: Record<string, unknown> = {}, token = admin.token) => {
    const res = await api.call(path, { token, ...payload });
    expect(res.status, `${path}: ${res.msg}`).toBe(1);
    return res.data as T;
  };
  const auditCount = async (action?: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('admin_audit')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .$if(action !== undefined, (q) => q.where('action', '=', action!))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** A digest of every table but the guests' bookkeeping: any write shows. */
  const digest = async () => {
    const tables = (
      await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%' and table_name <> 'guests'
        order by table_name`.execute(t.database.db)
    ).rows.map((r) => r.name);
    const query = tables.map((name) => `select '${name}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`).join(' union all ');
    return JSON.stringify((await sql.raw<{ t: string; h: string }>(query).execute(t.database.db)).rows);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    admin = await createUser(t, api, 'Moderator', 1, 'admin');
    earner = await createUser(t, api, 'Earner', 4);
    member = await createUser(t, api, 'Member', 1);
  });
  afterAll(async () => t?.close());

  describe('access', () => {
    /** A valid payload of every admin call, so a refusal cannot be a validation error. */
    const samples = (ids: { withdrawal: number; report: number; merchant: number }): Record<string, Record<string, unknown>> => ({
      'admin/withdrawals': { status: 'pending' },
      'admin/withdrawalPay': { id: ids.withdrawal, idempotency_key: randomUUID() },
      'admin/withdrawalReject': { id: ids.withdrawal, reason: 'Account name does not match', idempotency_key: randomUUID() },
      'admin/reports': {},
      'admin/reportResolve': { id: ids.report, outcome: 'resolved' },
      'admin/listings': { source: 'merchant', status: 'published' },
      'admin/listingHide': { source: 'merchant', id: ids.merchant, note: 'Fake photos' },
      'admin/listingUnhide': { source: 'merchant', id: ids.merchant },
      'admin/userLookup': { query: 'Earner' },
      'admin/userSignOut': { uuid: '00000000-0000-4000-8000-00000000ffff' },
      'admin/auditLog': {},
      'admin/queueCounts': {},
      'admin/kycQueue': {},
      'admin/kycReview': { id: 1, decision: 'approve' },
    });

    it('refuses members and guests on every admin call, reading and writing nothing', async () => {
      const refs = await placeRefs(t);
      await earn(earner, 1_500);
      const withdrawal = await apply(earner, 1_000);
      const merchant = await insertMerchantRow(t, earner.uuid, refs.tokyo, { name: 'Probe venue' });
      expect((await api.call('user/report', { token: member.token, target: 'merchant', id: merchant, reason: 1 })).status).toBe(1);
      const report = (await t.database.db.selectFrom('reports').select('id').executeTakeFirstOrThrow()).id;

      const adminCalls = ALL_CALLS.filter((c) => c.path.startsWith('admin/'));
      const payloads = samples({ withdrawal, report, merchant });
      expect(adminCalls.length).toBeGreaterThanOrEqual(10);
      for (const c of adminCalls) {
        expect(c.role, c.path).toBe('admin');
        expect(payloads[c.path], `${c.path} needs a sample payload here`).toBeDefined();
      }
      const before = await digest();
      for (const c of adminCalls) {
        const payload = payloads[c.path];
        for (const [token, msg] of [[member.token, ADMIN_ONLY], [earner.token, ADMIN_ONLY], [undefined, LOG_IN_FIRST]] as const) {
          const res = await api.call(c.path, token ? { token, ...payload } : payload);
          expect([res.httpStatus, res.status, res.msg, res.data], `${c.path} ${token ? 'member' : 'guest'}`).toEqual([200, 0, msg, null]);
        }
      }
      expect(await digest()).toBe(before);
      // The same calls answer an admin (the samples are valid): the refusal above was the role's.
      expect((await call<Page<AdminWithdrawal>>('admin/withdrawals', payloads['admin/withdrawals'])).list.map((w) => w.id)).toContain(withdrawal);
      // Cleans up for the suites below: the withdrawal is rejected, the report closed.
      await call('admin/withdrawalReject', payloads['admin/withdrawalReject']);
      await call('admin/reportResolve', payloads['admin/reportResolve']);
    });

    it('answers in the request language', async () => {
      const res = await api.call('admin/auditLog', { token: member.token }, { 'accept-language': 'ja-JP' });
      expect(res.msg).toBe('この操作は管理者のみ行えます。');
    });
  });

  describe('withdrawals', () => {
    it('lists the queue newest first with the member and the full payout account, filtered by status and paged', async () => {
      const older = await apply(earner, 1_000, { method: 'usdt', network: 'TRC20', address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' });
      await earn(earner, 1_000);
      const newer = await apply(earner, 1_000, { method: 'alipay', account_name: 'Vera Example', alipay_account: 'vera@example.test' });
      const page1 = await call<Page<AdminWithdrawal>>('admin/withdrawals', { status: 'pending', limit: 1 });
      expect(page1.list).toHaveLength(1);
      expect(page1.list[0]).toMatchObject({
        id: newer,
        user: { uuid: earner.uuid, username: 'Earner', nickname: 'Earner' },
        points: 1_000,
        amount: 1_000,
        method: 'alipay',
        account: { account_name: 'Vera Example', alipay_account: 'vera@example.test' },
        account_mask: '•••• test',
        status: 'pending',
        processed_at: null,
        processed_by: null,
      });
      const page2 = await call<Page<AdminWithdrawal>>('admin/withdrawals', { status: 'pending', limit: 1, cursor: page1.next_cursor });
      expect(page2.list[0]).toMatchObject({ id: older, method: 'usdt', account: { network: 'TRC20', address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' } });
      expect(page2.next_cursor).toBeNull();
      // The rejected one of the access test is not pending; all statuses together hold all three.
      const rejected = await call<Page<AdminWithdrawal>>('admin/withdrawals', { status: 'rejected' });
      expect(rejected.list.map((w) => w.status)).toEqual(['rejected']);
      expect((await call<Page<AdminWithdrawal>>('admin/withdrawals', {})).list).toHaveLength(3);
      // A cursor of another list is refused, not misread.
      const refused = await api.call('admin/withdrawals', { token: admin.token, status: 'paid', cursor: page1.next_cursor });
      expect([refused.status, refused.msg]).toEqual([0, 'This list position is no longer valid. Reload the list.']);
    });

    it('pays a pending withdrawal once: the hold is posted to the platform payouts, with one audit row', async () => {
      const payer = await createUser(t, api, 'Payee', 4);
      await earn(payer, 2_500);
      const id = await apply(payer, 2_000);
      expect(await userBalances(t.database.db, payer.uuid)).toEqual({ coins: 0, earned: 500, hold: 2_000 });
      const payoutsBefore = await payoutsBalance();
      const audits = await auditCount('withdrawal.pay');
      const rejectAudits = await auditCount('withdrawal.reject');

      const key = randomUUID();
      const paid = await call<AdminWithdrawal>('admin/withdrawalPay', { id, idempotency_key: key });
      expect(paid).toMatchObject({ id, status: 'paid', reject_reason: null, processed_by: { uuid: admin.uuid, username: 'Moderator' } });
      expect(paid.processed_at).not.toBeNull();
      expect(await userBalances(t.database.db, payer.uuid)).toEqual({ coins: 0, earned: 500, hold: 0 });
      expect((await payoutsBalance()) - payoutsBefore).toBe(2_000);
      expect(await ledgerTotal(t.database.db)).toBe(0);
      expect(await auditCount('withdrawal.pay')).toBe(audits + 1);

      // The same request again (a retry after a lost answer) answers the first result and writes nothing.
      const transfers = await countOf('ledger_transfers');
      expect(await call<AdminWithdrawal>('admin/withdrawalPay', { id, idempotency_key: key })).toEqual(paid);
      // Another request for it is refused, and nothing moves.
      const again = await api.call('admin/withdrawalPay', { token: admin.token, id, idempotency_key: randomUUID() });
      expect([again.status, again.msg]).toEqual([0, 'This withdrawal has already been paid.']);
      const reject = await api.call('admin/withdrawalReject', { token: admin.token, id, reason: 'Too late', idempotency_key: randomUUID() });
      expect([reject.status, reject.msg]).toEqual([0, 'This withdrawal has already been paid.']);
      // The pay key reused for a reject is no retry of it.
      const sameKey = await api.call('admin/withdrawalReject', { token: admin.token, id, reason: 'Too late', idempotency_key: key });
      expect([sameKey.status, sameKey.msg]).toEqual([0, 'This withdrawal has already been paid.']);
      expect(await countOf('ledger_transfers')).toBe(transfers);
      expect(await auditCount('withdrawal.pay')).toBe(audits + 1);
      expect(await auditCount('withdrawal.reject')).toBe(rejectAudits);
      expect(await userBalances(t.database.db, payer.uuid)).toEqual({ coins: 0, earned: 500, hold: 0 });

      // The member sees it paid, the account still masked.
      const log = await call<Page<{ id: number; status: string; account_mask: string }>>('user/withdrawalLog', {}, payer.token);
      expect(log.list[0]).toMatchObject({ id, status: 'paid', account_mask: '•••• 9010' });
    });

    it('rejects a pending withdrawal once with a reason: the points return to withdrawable and the log says so', async () => {
      const member2 = await createUser(t, api, 'Rejected', 4);
      await earn(member2, 1_200);
      await giveCoins(t.database.db, member2.uuid, 300);
      const id = await apply(member2, 1_200);
      const audits = await auditCount('withdrawal.reject');

      const rejected = await call<AdminWithdrawal>('admin/withdrawalReject', { id, reason: '  The card holder is not you.  ', idempotency_key: randomUUID() });
      expect(rejected).toMatchObject({ id, status: 'rejected', reject_reason: 'The card holder is not you.', processed_by: { uuid: admin.uuid } });
      expect(await userBalances(t.database.db, member2.uuid)).toEqual({ coins: 300, earned: 1_200, hold: 0 });
      expect(await ledgerTotal(t.database.db)).toBe(0);
      expect(await auditCount('withdrawal.reject')).toBe(audits + 1);

      const me = await call<{ fun_score: number; withdrawable_fun_score: number; held_fun_score: number }>('user/me', {}, member2.token);
      expect([me.fun_score, me.withdrawable_fun_score, me.held_fun_score]).toEqual([1_500, 1_200, 0]);
      const log = await call<Page<{ kind: string; points: number; withdrawable: boolean; balance: number; ref: string | null }>>('user/buyLog', {}, member2.token);
      expect(log.list.slice(0, 2)).toEqual([
        expect.objectContaining({ kind: 'withdraw_release', points: 1_200, withdrawable: true, balance: 1_500, ref: String(id) }),
        expect.objectContaining({ kind: 'withdraw_hold', points: -1_200, withdrawable: true, balance: 300, ref: String(id) }),
      ]);
      const withdrawals = await call<Page<{ id: number; status: string; reject_reason: string | null }>>('user/withdrawalLog', {}, member2.token);
      expect(withdrawals.list[0]).toMatchObject({ id, status: 'rejected', reject_reason: 'The card holder is not you.' });

      for (const path of ['admin/withdrawalPay', 'admin/withdrawalReject']) {
        const res = await api.call(path, { token: admin.token, id, reason: 'Again', idempotency_key: randomUUID() });
        expect([res.status, res.msg]).toEqual([0, 'This withdrawal has already been rejected.']);
      }
      expect(await auditCount('withdrawal.reject')).toBe(audits + 1);
      // The points can be applied for again.
      await apply(member2, 1_000);
    });

    it('lets exactly one of a pay and a reject sent at once win; the ledger sums to zero', async () => {
      const racer = await createUser(t, api, 'Racer', 4);
      await earn(racer, 3_000);
      for (let round = 0; round < 3; round++) {
        const id = await apply(racer, 1_000);
        const audits = await auditCount();
        const requests = Array.from({ length: 6 }, (_, i) =>
          i % 2 === 0
            ? api.call('admin/withdrawalPay', { token: admin.token, id, idempotency_key: randomUUID() })
            : api.call('admin/withdrawalReject', { token: admin.token, id, reason: 'Race', idempotency_key: randomUUID() }),
        );
        const results = await Promise.all(requests);
        const winners = results.filter((r) => r.status === 1);
        expect(winners).toHaveLength(1);
        const status = (winners[0].data as AdminWithdrawal).status;
        const refusal = status === 'paid' ? 'This withdrawal has already been paid.' : 'This withdrawal has already been rejected.';
        expect(results.filter((r) => r.status === 0).map((r) => r.msg)).toEqual(Array(5).fill(refusal));
        expect(await auditCount()).toBe(audits + 1);
        const settles = await t.database.db.selectFrom('ledger_transfers').select('kind').where('idempotency_key', '=', `withdraw:${id}:settle`).execute();
        expect(settles).toEqual([{ kind: status === 'paid' ? 'withdraw.post' : 'withdraw.void' }]);
        expect(await ledgerTotal(t.database.db)).toBe(0);
      }
      expect((await userBalances(t.database.db, racer.uuid)).hold).toBe(0);
    });

    it('refuses an unknown withdrawal and bad input with a clear message, writing nothing', async () => {
      const before = await digest();
      const unknown = await api.call('admin/withdrawalPay', { token: admin.token, id: 2_000_000_000, idempotency_key: randomUUID() });
      expect([unknown.status, unknown.msg]).toEqual([0, 'This withdrawal does not exist.']);
      const noReason = await api.call('admin/withdrawalReject', { token: admin.token, id: 1, reason: '   ', idempotency_key: randomUUID() });
      expect(noReason.status).toBe(0);
      expect(noReason.data).toMatchObject({ field: 'reason' });
      const noKey = await api.call('admin/withdrawalPay', { token: admin.token, id: 1 });
      expect(noKey.data).toMatchObject({ field: 'idempotency_key' });
      const badStatus = await api.call('admin/withdrawals', { token: admin.token, status: 'approved' });
      expect(badStatus.data).toMatchObject({ field: 'status' });
      expect(await digest()).toBe(before);
    });

    it('refuses an admin paying or rejecting their own withdrawal, writing nothing; another admin settles it (issue 29 B)', async () => {
      const selfPayer = await createUser(t, api, 'SelfPayer', 4, 'admin');
      await earn(selfPayer, 1_200);
      const id = await apply(selfPayer, 1_000);
      // The admin uses the app in German: a request in a language stores it as the account's (member-locale.ts), so
      // it is stored before the digest, and the German refusal below writes nothing either.
      await api.call('user/me', { token: selfPayer.token }, { 'Accept-Language': 'de-DE' });
      const before = await digest();
      const own = 'You cannot pay or reject your own withdrawal. Another administrator has to process it.';
      const pay = await api.call('admin/withdrawalPay', { token: selfPayer.token, id, idempotency_key: randomUUID() });
      expect([pay.status, pay.msg]).toEqual([0, own]);
      const reject = await api.call('admin/withdrawalReject', { token: selfPayer.token, id, reason: 'Changed my mind', idempotency_key: randomUUID() });
      expect([reject.status, reject.msg]).toEqual([0, own]);
      const german = await api.call('admin/withdrawalPay', { token: selfPayer.token, id, idempotency_key: randomUUID() }, { 'Accept-Language': 'de-DE' });
      expect([german.status, german.msg]).toEqual([0, 'Sie können Ihre eigene Auszahlung weder überweisen noch ablehnen. Ein anderer Administrator muss sie bearbeiten.']);
      expect(await digest()).toBe(before);

      const paid = await call<AdminWithdrawal>('admin/withdrawalPay', { id, idempotency_key: randomUUID() });
      expect(paid).toMatchObject({ status: 'paid', user: { uuid: selfPayer.uuid }, processed_by: { uuid: admin.uuid }, test_funds: false });
    });
  });

  describe('reports', () => {
    it('lists open reports with the reporter, the reason and the target, and closes one once', async () => {
      const refs = await placeRefs(t);
      const venue = await insertMerchantRow(t, earner.uuid, refs.osaka, { name: 'Reported bar' });
      const reporter = await createUser(t, api, 'Reporter', 1);
      expect((await api.call('user/report', { token: reporter.token, target: 'merchant', id: venue, reason: 2, text: 'Asks for deposits' })).status).toBe(1);
      expect((await api.call('user/report', { token: reporter.token, target: 'user', id: earner.uuid, reason: 1 })).status).toBe(1);

      const open = await call<Page<AdminReport>>('admin/reports', {});
      expect(open.list.slice(0, 2)).toEqual([
        expect.objectContaining({
          target: 'user',
          target_id: earner.uuid,
          target_label: 'Earner',
          target_status: null,
          reason: 1,
          reason_name: 'Spam',
          text: null,
          reporter: { uuid: reporter.uuid, username: 'Reporter', nickname: 'Reporter' },
          status: 'open',
          resolved_at: null,
          resolved_by: null,
        }),
        expect.objectContaining({ target: 'merchant', target_id: String(venue), target_label: 'Reported bar', target_status: 'published', reason_name: 'Scam or fraud', text: 'Asks for deposits' }),
      ]);
      const merchantOnly = await call<Page<AdminReport>>('admin/reports', { target: 'merchant' });
      expect(merchantOnly.list.every((r) => r.target === 'merchant')).toBe(true);
      const german = await api.call('admin/reports', { token: admin.token, target: 'merchant' }, { 'accept-language': 'de' });
      expect((german.data as Page<AdminReport>).list[0].reason_name).toBe('Betrug');

      const id = open.list[1].id;
      const audits = await auditCount('report.resolve');
      const resolved = await call<AdminReport>('admin/reportResolve', { id, outcome: 'resolved', note: 'Listing hidden' });
      expect(resolved).toMatchObject({ id, status: 'resolved', resolution_note: 'Listing hidden', resolved_by: { uuid: admin.uuid } });
      expect(resolved.resolved_at).not.toBeNull();
      const twice = await api.call('admin/reportResolve', { token: admin.token, id, outcome: 'dismissed' });
      expect([twice.status, twice.msg]).toEqual([0, 'This report has already been handled.']);
      expect(await auditCount('report.resolve')).toBe(audits + 1);
      expect((await call<Page<AdminReport>>('admin/reports', {})).list.map((r) => r.id)).not.toContain(id);
      expect((await call<Page<AdminReport>>('admin/reports', { status: 'resolved' })).list.map((r) => r.id)).toContain(id);

      const dismissed = await call<AdminReport>('admin/reportResolve', { id: open.list[0].id, outcome: 'dismissed' });
      expect(dismissed).toMatchObject({ status: 'dismissed', resolution_note: null });
      // Closed, the same reporter can report the same target again.
      expect((await api.call('user/report', { token: reporter.token, target: 'user', id: earner.uuid, reason: 6 })).status).toBe(1);

      const unknown = await api.call('admin/reportResolve', { token: admin.token, id: 2_000_000_000, outcome: 'resolved' });
      expect([unknown.status, unknown.msg]).toEqual([0, 'This report does not exist.']);
      const badOutcome = await api.call('admin/reportResolve', { token: admin.token, id, outcome: 'open' });
      expect(badOutcome.data).toMatchObject({ field: 'outcome' });
    });
  });

  describe('queue counts', () => {
    it('counts identity checks under review, pending withdrawals and open reports, as the queues list them', async () => {
      const counts = async () => call<{ kyc: number; withdrawals: number; reports: number }>('admin/queueCounts');
      const start = await counts();
      const pending = (await call<Page<AdminWithdrawal>>('admin/withdrawals', { status: 'pending', limit: 50 })).list.length;
      const open = (await call<Page<AdminReport>>('admin/reports', { limit: 50 })).list.length;
      expect(start).toEqual({ kyc: expect.any(Number) as number, withdrawals: pending, reports: open });

      await earn(earner, 1_000);
      const id = await apply(earner, 1_000);
      expect(await counts()).toEqual({ ...start, withdrawals: start.withdrawals + 1 });
      await call('admin/withdrawalReject', { id, reason: 'Not today.', idempotency_key: randomUUID() });
      expect(await counts()).toEqual(start);
    });
  });

  describe('user lookup', () => {
    it('finds a user by user name in any case, e-mail address or uuid, with membership, KYC and balances', async () => {
      const user = await createUser(t, api, 'Lookup', 4);
      await earn(user, 1_800);
      await giveCoins(t.database.db, user.uuid, 550);
      await apply(user, 1_100);
      const expected: Partial<AdminUser> = {
        uuid: user.uuid,
        username: 'Lookup',
        email: 'lookup@example.test',
        role: 'member',
        membership: 4,
        is_payed: true,
        kyc_status: 2,
        balances: { coins: 550, earned: 700, hold: 1_100 },
      };
      for (const query of ['Lookup', 'LOOKUP', 'ｌｏｏｋｕｐ', 'Lookup@Example.test', user.uuid, user.uuid.toUpperCase()]) {
        expect(await call<AdminUser>('admin/userLookup', { query }), query).toMatchObject(expected);
      }
      const found = await call<AdminUser>('admin/userLookup', { query: 'Moderator' });
      expect(found).toMatchObject({ role: 'admin', membership: 1, is_payed: false, kyc_status: 0, balances: { coins: 0, earned: 0, hold: 0 } });
      for (const query of ['nobody', 'nobody@example.test', randomUUID()]) {
        const res = await api.call('admin/userLookup', { token: admin.token, query });
        expect([res.status, res.msg], query).toEqual([0, 'No user has this user name, e-mail address or ID.']);
      }
    });
  });

  describe('audit log', () => {
    it('lists every action newest first, by action and target, in pages', async () => {
      const all: AuditEntry[] = [];
      let cursor: string | null = null;
      do {
        const page: Page<AuditEntry> = await call<Page<AuditEntry>>('admin/auditLog', { limit: 3, ...(cursor ? { cursor } : {}) });
        all.push(...page.list);
        cursor = page.next_cursor;
      } while (cursor !== null);
      expect(all).toHaveLength(await auditCount());
      expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
      expect(all.every((e) => e.admin.uuid === admin.uuid && e.admin.username === 'Moderator')).toBe(true);

      const pays = await call<Page<AuditEntry>>('admin/auditLog', { action: 'withdrawal.pay' });
      expect(pays.list.length).toBe(await auditCount('withdrawal.pay'));
      expect(pays.list[pays.list.length - 1]).toMatchObject({ action: 'withdrawal.pay', target_type: 'withdrawal', details: { points: 2_000, amount: 2_000, method: 'bank_card' } });
      const rejects = await call<Page<AuditEntry>>('admin/auditLog', { action: 'withdrawal.reject' });
      expect(rejects.list.map((e) => e.details.reason)).toContain('The card holder is not you.');

      const one = pays.list[0];
      const byTarget = await call<Page<AuditEntry>>('admin/auditLog', { target_type: 'withdrawal', target_id: one.target_id });
      expect(byTarget.list).toEqual([one]);
      const noType = await api.call('admin/auditLog', { token: admin.token, target_id: one.target_id });
      expect(noType.data).toMatchObject({ field: 'target_type' });
    });

    it('narrows by admin, time range and record, and names the member each row concerned (issue 31 item 10)', async () => {
      const second = await createUser(t, api, 'SecondMod', 1, 'admin');
      await earn(earner, 1_000);
      const id = await apply(earner, 1_000);
      // A moment after every row so far (the database's clock is this machine's).
      await new Promise((resolve) => setTimeout(resolve, 50));
      const before = new Date().toISOString();
      await call('admin/withdrawalReject', { id, reason: 'Wrong bank.', idempotency_key: randomUUID() }, second.token);
      const after = new Date(Date.now() + 1_000).toISOString();

      // By admin: their user name in any case; an unknown name finds nothing rather than failing.
      const theirs = await call<Page<AuditEntry>>('admin/auditLog', { admin: 'SECONDMOD' });
      expect(theirs.list).toHaveLength(1);
      expect(theirs.list[0]).toMatchObject({ action: 'withdrawal.reject', target_id: String(id), admin: { username: 'SecondMod' } });
      // The member is named, not only their uuid in the details.
      expect(theirs.list[0].member).toEqual({ uuid: earner.uuid, username: 'Earner', nickname: expect.any(String) as string });
      expect((await call<Page<AuditEntry>>('admin/auditLog', { admin: 'nobody-here' })).list).toEqual([]);

      // By time: `from` inclusive, `to` exclusive, with any offset.
      const inRange = await call<Page<AuditEntry>>('admin/auditLog', { from: before, to: after });
      expect(inRange.list.map((e) => e.id)).toEqual(theirs.list.map((e) => e.id));
      // The same moment written in UTC+9 (as a Tokyo admin's browser sends it).
      const tokyo = `${new Date(Date.parse(before) + 9 * 3_600_000).toISOString().slice(0, 23)}+09:00`;
      expect((await call<Page<AuditEntry>>('admin/auditLog', { from: tokyo })).list.map((e) => e.id)).toEqual(theirs.list.map((e) => e.id));
      expect((await call<Page<AuditEntry>>('admin/auditLog', { to: before })).list.map((e) => e.id)).not.toContain(theirs.list[0].id);

      // Filters combine, and a page's cursor belongs to its filters.
      await earn(earner, 1_000);
      const another = await apply(earner, 1_000);
      await call('admin/withdrawalReject', { id: another, reason: 'Wrong bank again.', idempotency_key: randomUUID() }, second.token);
      const both = await call<Page<AuditEntry>>('admin/auditLog', { admin: 'SecondMod', target_type: 'withdrawal', limit: 1 });
      expect(both.list.map((e) => e.target_id)).toEqual([String(another)]);
      expect(both.next_cursor).not.toBeNull();
      const next = await call<Page<AuditEntry>>('admin/auditLog', { admin: 'SecondMod', target_type: 'withdrawal', limit: 1, cursor: both.next_cursor });
      expect([next.list.map((e) => e.target_id), next.next_cursor]).toEqual([[String(id)], null]);
      const mixed = await api.call('admin/auditLog', { token: admin.token, admin: 'Moderator', target_type: 'withdrawal', cursor: both.next_cursor });
      expect([mixed.status, mixed.data]).toEqual([0, { field: 'cursor', code: 'zod.string.invalid' }]);
    });

    it('refuses bad filters with a clear message naming the field, never a 500', async () => {
      const cases: [Record<string, unknown>, string, string, string?][] = [
        [{ from: 'yesterday' }, 'from', 'zod.date.invalid'],
        [{ to: '2026-13-40T00:00:00Z' }, 'to', 'zod.date.invalid'],
        [{ from: '2026-05-02T00:00:00Z', to: '2026-05-01T00:00:00Z' }, 'to', 'zod.date.range'],
        [{ from: '2026-05-01T00:00:00Z', to: '2026-05-01T00:00:00Z' }, 'to', 'zod.date.range'],
        [{ action: 'withdrawal.steal' }, 'action', 'zod.enum.invalid'],
        [{ target_type: 'order' }, 'target_type', 'zod.enum.invalid'],
        [{ admin: 'x'.repeat(33) }, 'admin', 'zod.string.max', '"admin" must have at most 32 characters.'],
        [{ admin: 'a\u0000b' }, 'admin', 'zod.string.invalid'],
      ];
      for (const [payload, field, code, msg = `Invalid value for "${field}".`] of cases) {
        const res = await api.call('admin/auditLog', { token: admin.token, ...payload });
        expect([res.httpStatus, res.status, res.msg, res.data], JSON.stringify(payload)).toEqual([200, 0, msg, { field, code }]);
      }
    });

    it('is append-only', async () => {
      await expect(sql`update admin_audit set action = 'withdrawal.pay'`.execute(t.database.db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from admin_audit`.execute(t.database.db)).rejects.toThrow(/append-only/);
    });
  });

  async function payoutsBalance(): Promise<number> {
    const row = await t.database.db.selectFrom('ledger_accounts').select('balance').where('account', '=', ledgerAccount.platform('payouts')).executeTakeFirst();
    return Number(row?.balance ?? 0);
  }

  async function countOf(table: 'ledger_transfers' | 'admin_audit'): Promise<number> {
    return Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  }
});
