import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerDetail } from '@/contract/calls/partner';
import { KycStatus } from '@/contract/enums';
import type { DatabaseKind } from '../../server/db/database';
import { openDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { SANDBOX_WEBHOOK, sandboxSignature } from '../../server/payments/sandbox.provider';
import { giveCoins, giveEarnedPoints } from '../../server/wallet/wallet.fixtures';
import { userBalances } from '../../server/wallet/ledger.repository';
import { checkConsistency } from '../support/consistency';
import { DATABASE_KINDS } from '../support/databases';
import { freePort } from '../support/free-port';
import { createRawClient, type RawResponse } from '../support/raw-client';
import { type ServerProcess, serverProcessEnv, startServerProcess } from '../support/server-process';

/**
 * Issue 32 item 3, DESIGN section 8 ("a crash (kill -9) at any point leaves the database consistent"; "every
 * money-moving call is idempotent"). The real server runs as its own process and kills itself with SIGKILL at a
 * crash point (server/failpoints/failpoints.ts) of each write a member or an admin makes with money or a listing:
 * - inside the write's transaction, after every statement and before the commit (`listing.create`, `unlock`, ...);
 * - after the commit, before the answer leaves (`reply:<METHOD> <route>`), so the client never learns it worked.
 * After every kill the database is opened as it was left and checked: the ledger sums to zero (each transfer and all
 * of it), each account's balance is the sum of its entries, no member's account is negative, the points each member
 * has held equal their pending withdrawals, every listing has its pictures (rows and files), every paid order was
 * credited exactly once, and everything acknowledged before is still there. The server is then started again and the
 * client sends the same call again, with the same idempotency key: it completes exactly once.
 *
 * One process start per kill: the next start is armed with the next write's first point, which the retry of the
 * previous write never reaches (a retried write finds its first result before its transaction). One file per
 * database (pglite.crash.test.ts, postgres.crash.test.ts), so the two run side by side on the test workers.
 */

const PASSWORD = 'crash-pass-2026';

async function jpeg(color: string): Promise<{ data: Buffer; name: string; type: string }> {
  const data = await sharp({ create: { width: 48, height: 36, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { data, name: 'photo.jpg', type: 'image/jpeg' };
}

interface Member {
  uuid: string;
  token: string;
}

export function crashSuite(kind: DatabaseKind): void {
  // TEST_DATABASE_KINDS=postgres narrows a run to PostgreSQL (tests/support/databases.ts).
  describe.skipIf(!DATABASE_KINDS.includes(kind))(`SIGKILL at every money and listing write, on ${kind}`, () => {
    const cleanups: (() => Promise<unknown> | unknown)[] = [];
    let env: Record<string, string>;
    let port: number;
    let baseUrl: string;
    let server: ServerProcess | null = null;
    let api: ReturnType<typeof createRawClient>;
    let tokyo: number;
    let owner: Member;
    let buyer: Member;
    let earner: Member;
    let admin: Member;
    /** Checks of what was acknowledged so far: each must still hold after every later crash. */
    const acknowledged: { what: string; check: (db: Kysely<Database>) => Promise<void> }[] = [];
    /** Every crash point reached, in order: the suite proves it died where it meant to. */
    const died: string[] = [];

    const start = async (failpoints: string[]) => {
      server = await startServerProcess(port, { ...env, FAILPOINTS: failpoints.join(',') });
    };

    /** The database as the last process left it (the server is down: PGlite is one process's at a time). */
    async function withDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
      const handle = await openDatabase({ databaseUrl: env.DATABASE_URL ?? null, dataDir: env.DATA_DIR });
      try {
        return await work(handle.db);
      } finally {
        await handle.close();
      }
    }

    async function invariants(db: Kysely<Database>): Promise<void> {
      await checkConsistency(db, env.DATA_DIR);
      for (const { what, check } of acknowledged) {
        try {
          await check(db);
        } catch (error) {
          throw new Error(`acknowledged before, lost after a crash: ${what}\n${(error as Error).message}`);
        }
      }
    }

    /**
     * Sends `call` once for each crash point (the process dies at it; the client gets no answer), checks the database
     * after each death with `afterKill` (the point's name tells which), then once more on a server armed with `next`:
     * it succeeds, and a further send answers the same.
     */
    async function crashAndRetry(
      points: readonly [string, string],
      next: string[],
      call: () => Promise<RawResponse | Response>,
      afterKill: (db: Kysely<Database>, point: string) => Promise<void>,
    ): Promise<RawResponse | Response> {
      for (const [i, point] of points.entries()) {
        const current = server!;
        await expect(call(), `the call must die at ${point}`).rejects.toThrow();
        expect(await current.exit).toEqual({ code: null, signal: 'SIGKILL' });
        expect(current.output()).toContain(`failpoint ${point}: killing the process with SIGKILL`);
        died.push(point);
        await withDatabase(async (db) => {
          await invariants(db);
          await afterKill(db, point);
        });
        await start(i + 1 < points.length ? [points[i + 1]] : next);
      }
      return call();
    }

    const ok = (res: RawResponse | Response) => {
      const raw = res as RawResponse;
      expect(raw.status, raw.msg).toBe(1);
      return raw.data;
    };

    beforeAll(async () => {
      env = await serverProcessEnv(kind, cleanups, 'venuely-crash-');
      port = await freePort();
      cleanups.push(() => server?.stop());
      baseUrl = `http://127.0.0.1:${port}`;
      api = createRawClient(baseUrl, env.API_AES_KEY, env.API_SIGN_KEY);

      // The members sign up through the API; what no API call grants (an approved identity, a plan, real earnings, an
      // admin) is written into the database while the server is down.
      await start([]);
      const register = async (name: string): Promise<Member> => {
        const res = await api.call('account/registerByPassword', {
          account: name,
          email: `${name}@example.test`,
          password: PASSWORD,
        });
        const token = (ok(res) as { token: string }).token;
        const me = ok(await api.call('user/me', { token })) as { uuid: string };
        return { uuid: me.uuid, token };
      };
      owner = await register('crashowner');
      buyer = await register('crashbuyer');
      earner = await register('crashearner');
      admin = await register('crashadmin');
      await server!.stop();
      await withDatabase(async (db) => {
        await db
          .updateTable('users')
          .set({ kyc_status: KycStatus.Approved, kyc_created_at: new Date() })
          .where('uuid', 'in', [owner.uuid, earner.uuid])
          .execute();
        await db.updateTable('users').set({ role: 'admin' }).where('uuid', '=', admin.uuid).execute();
        await db
          .insertInto('memberships')
          .values({
            user_uuid: owner.uuid,
            plan_item: 2,
            starts_at: sql<Date>`now()`,
            ends_at: sql<Date>`now() + interval '365 days'`,
            order_id: null,
          })
          .execute();
        await giveCoins(db, buyer.uuid, 500);
        await giveEarnedPoints(db, earner.uuid, 5_000);
        const city = await db
          .selectFrom('cities')
          .innerJoin('regions', 'regions.id', 'cities.region_id')
          .select('cities.id')
          .where('regions.slug', '=', 'japan')
          .where('cities.slug', '=', 'tokyo')
          .executeTakeFirstOrThrow();
        tokyo = city.id;
        await invariants(db);
      });
      await start(['listing.create']);
    }, 120_000);

    afterAll(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    const profile = (extra: Record<string, unknown> = {}) => ({
      nickname: 'Crash guide',
      age: 30,
      sex: 1,
      body_type: 2,
      languages: [1],
      intro: 'Shows you Tokyo after dark.',
      tags: [1],
      city_id: tokyo,
      unlock_price: 80,
      visible: true,
      ...extra,
    });
    let partner: PartnerDetail;

    it('publishes a profile with its pictures once: never a profile without them, never two', async () => {
      const key = randomUUID();
      const files = { photo0: await jpeg('#c33'), photo1: await jpeg('#3c3') };
      const res = await crashAndRetry(
        ['listing.create', 'reply:POST /api/partner/create'],
        ['listing.update'],
        () => api.upload('partner/create', { token: owner.token, ...profile(), idempotency_key: key }, files),
        async (db, point) => {
          const rows = await db
            .selectFrom('partners')
            .select(['id', 'create_key'])
            .where('owner_uuid', '=', owner.uuid)
            .execute();
          const user = await db
            .selectFrom('users')
            .select('partner_count')
            .where('uuid', '=', owner.uuid)
            .executeTakeFirstOrThrow();
          // Before the commit nothing of it is there; after, all of it (its two photos are checked by invariants()).
          expect([rows.length, user.partner_count]).toEqual(point === 'listing.create' ? [0, 0] : [1, 1]);
        },
      );
      partner = ok(res) as PartnerDetail;
      expect(partner.photos).toHaveLength(2);
      const again = ok(
        await api.upload('partner/create', { token: owner.token, ...profile(), idempotency_key: key }, files),
      ) as PartnerDetail;
      expect(again.id).toBe(partner.id);
      acknowledged.push({
        what: `profile ${partner.id} with two photos`,
        check: async (db) => {
          expect(await db.selectFrom('partners').select('id').where('owner_uuid', '=', owner.uuid).execute()).toEqual([
            { id: partner.id },
          ]);
        },
      });
    }, 120_000);

    it('updates a profile and its pictures all at once or not at all', async () => {
      const kept = partner.photos[0];
      const files = { photo0: await jpeg('#33c') };
      const update = () =>
        api.upload(
          'user/partner_update',
          {
            token: owner.token,
            ...profile({ nickname: 'Crash guide, edited' }),
            id: partner.id,
            keep_photo_ids: [kept.id],
          },
          files,
        );
      const res = await crashAndRetry(
        ['listing.update', 'reply:POST /api/user/partner_update'],
        ['unlock'],
        update,
        async (db, point) => {
          const row = await db
            .selectFrom('partners')
            .select('nickname')
            .where('id', '=', partner.id)
            .executeTakeFirstOrThrow();
          const photos = await db
            .selectFrom('photos')
            .select('image')
            .where('owner_kind', '=', 'partner')
            .where('owner_id', '=', partner.id)
            .orderBy('position')
            .execute();
          if (point === 'listing.update') {
            expect([row.nickname, photos.map((p) => p.image)]).toEqual([
              'Crash guide',
              partner.photos.map((p) => p.image),
            ]);
          } else {
            expect(row.nickname).toBe('Crash guide, edited');
            expect(photos.map((p) => p.image)).toHaveLength(2);
            expect(photos[0].image).toBe(kept.image);
          }
        },
      );
      const edited = ok(res) as PartnerDetail;
      // Sent again, the full update leaves the same profile: the kept photo and one new one, never a third.
      expect(edited.nickname).toBe('Crash guide, edited');
      expect(edited.photos.map((p) => p.image)).toHaveLength(2);
      expect(edited.photos[0].image).toBe(kept.image);
      acknowledged.push({
        what: 'the edited profile',
        check: async (db) => {
          const row = await db
            .selectFrom('partners')
            .select('nickname')
            .where('id', '=', partner.id)
            .executeTakeFirstOrThrow();
          expect(row.nickname).toBe('Crash guide, edited');
        },
      });
    }, 120_000);

    it('unlocks a chat once: charged once, the owner paid once', async () => {
      const key = randomUUID();
      const unlock = () =>
        api.call('chat/unlockPartner', {
          token: buyer.token,
          partner_uuid: partner.uuid,
          price: 80,
          idempotency_key: key,
        });
      const res = await crashAndRetry(
        ['unlock', 'reply:POST /api/chat/unlockPartner'],
        ['order.paid'],
        unlock,
        async (db, point) => {
          const unlocked = await db
            .selectFrom('chat_unlocks')
            .select('partner_uuid')
            .where('user_uuid', '=', buyer.uuid)
            .execute();
          const balances = [(await userBalances(db, buyer.uuid)).coins, (await userBalances(db, owner.uuid)).earned];
          expect([unlocked.length, ...balances]).toEqual(point === 'unlock' ? [0, 500, 0] : [1, 420, 64]);
        },
      );
      ok(res);
      ok(await unlock());
      acknowledged.push({
        what: 'the unlock, paid once',
        check: async (db) => {
          const unlocks = await db
            .selectFrom('chat_unlocks')
            .select('partner_uuid')
            .where('user_uuid', '=', buyer.uuid)
            .execute();
          expect([unlocks, (await userBalances(db, owner.uuid)).earned]).toEqual([
            [{ partner_uuid: partner.uuid }],
            64,
          ]);
        },
      });
    }, 120_000);

    const coinOrder = async (token: string) => {
      const res = await api.call('stripe/otherPay', {
        token,
        type: 6,
        item_id: 101,
        amount: 99,
        idempotency_key: randomUUID(),
      });
      return ok(res) as { order_id: string; pay_url: string };
    };

    it('credits an order confirmed by a webhook once, whichever delivery the process died in', async () => {
      const order = await coinOrder(buyer.token);
      const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.succeeded', order_id: order.order_id });
      // The provider delivers again until it gets a 2xx, with the same event.
      const deliver = () =>
        fetch(`${baseUrl}${SANDBOX_WEBHOOK}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-sandbox-signature': sandboxSignature(env.SERVER_SECRET, body),
          },
          body,
        });
      const res = (await crashAndRetry(
        ['order.paid', `reply:POST ${SANDBOX_WEBHOOK}`],
        ['order.paid'],
        deliver,
        async (db, point) => {
          const row = await db
            .selectFrom('orders')
            .select('status')
            .where('order_id', '=', order.order_id)
            .executeTakeFirstOrThrow();
          expect([row.status, (await userBalances(db, buyer.uuid)).coins]).toEqual(
            point === 'order.paid' ? ['pending', 420] : ['paid', 520],
          );
        },
      )) as Response;
      expect([res.status, ((await res.json()) as { outcome: string }).outcome]).toEqual([200, 'duplicate']);
      expect(((await (await deliver()).json()) as { outcome: string }).outcome).toBe('duplicate');
      acknowledged.push({
        what: 'the webhook order, credited',
        check: async (db) => {
          const row = await db
            .selectFrom('orders')
            .select('status')
            .where('order_id', '=', order.order_id)
            .executeTakeFirstOrThrow();
          expect(row.status).toBe('paid');
        },
      });
    }, 120_000);

    it('credits an order approved on the sandbox page once, however often the buyer presses Approve', async () => {
      const order = await coinOrder(buyer.token);
      const url = new URL(order.pay_url, baseUrl);
      const approve = () =>
        fetch(`${baseUrl}/payment.html`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            order: url.searchParams.get('order')!,
            sig: url.searchParams.get('sig')!,
            outcome: 'approve',
          }),
        });
      const res = (await crashAndRetry(
        ['order.paid', 'reply:POST /payment.html'],
        ['withdrawal.apply'],
        approve,
        async (db, point) => {
          const row = await db
            .selectFrom('orders')
            .select('status')
            .where('order_id', '=', order.order_id)
            .executeTakeFirstOrThrow();
          expect([row.status, (await userBalances(db, buyer.uuid)).coins]).toEqual(
            point === 'order.paid' ? ['pending', 520] : ['paid', 620],
          );
        },
      )) as Response;
      expect(res.status).toBe(200);
      const status = ok(await api.call('payment/checkOrderStatus', { token: buyer.token, order_id: order.order_id }));
      expect(status).toEqual({ success: true, status: 'paid' });
      acknowledged.push({
        what: 'the page order, credited',
        check: async (db) => {
          expect((await userBalances(db, buyer.uuid)).coins).toBe(620);
        },
      });
    }, 120_000);

    const application = (points: number, key: string) => ({
      method: 'bank_card',
      points,
      idempotency_key: key,
      account_name: 'Crash Earner',
      bank_name: 'Example Bank',
      card_number: '4000 1234 5678 9010',
    });
    let toPay: number;
    let toReject: number;

    it('holds the points of a withdrawal once, with its application', async () => {
      const key = randomUUID();
      const apply = () => api.call('user/apply_withdraw', { token: earner.token, ...application(1_500, key) });
      const res = await crashAndRetry(
        ['withdrawal.apply', 'reply:POST /api/user/apply_withdraw'],
        ['withdrawal.pay'],
        apply,
        async (db, point) => {
          const rows = await db
            .selectFrom('withdrawals')
            .select('status')
            .where('user_uuid', '=', earner.uuid)
            .execute();
          const { earned, hold } = await userBalances(db, earner.uuid);
          expect([rows.length, earned, hold]).toEqual(point === 'withdrawal.apply' ? [0, 5_000, 0] : [1, 3_500, 1_500]);
        },
      );
      toPay = (ok(res) as { id: number }).id;
      expect((ok(await apply()) as { id: number }).id).toBe(toPay);
      toReject = (
        ok(await api.call('user/apply_withdraw', { token: earner.token, ...application(1_000, randomUUID()) })) as {
          id: number;
        }
      ).id;
      acknowledged.push({
        what: 'two withdrawals, their points held',
        check: async (db) => {
          const rows = await db
            .selectFrom('withdrawals')
            .select('id')
            .where('user_uuid', '=', earner.uuid)
            .orderBy('id')
            .execute();
          expect(rows.map((r) => r.id)).toEqual([toPay, toReject]);
        },
      });
    }, 120_000);

    it('pays a withdrawal once: the hold posted once', async () => {
      const key = randomUUID();
      const pay = () => api.call('admin/withdrawalPay', { token: admin.token, id: toPay, idempotency_key: key });
      const res = await crashAndRetry(
        ['withdrawal.pay', 'reply:POST /api/admin/withdrawalPay'],
        ['withdrawal.reject'],
        pay,
        async (db, point) => {
          const row = await db
            .selectFrom('withdrawals')
            .select('status')
            .where('id', '=', toPay)
            .executeTakeFirstOrThrow();
          expect([row.status, (await userBalances(db, earner.uuid)).hold]).toEqual(
            point === 'withdrawal.pay' ? ['pending', 2_500] : ['paid', 1_000],
          );
        },
      );
      expect(ok(res)).toMatchObject({ id: toPay, status: 'paid' });
      expect(ok(await pay())).toMatchObject({ id: toPay, status: 'paid' });
      acknowledged.push({
        what: 'the paid withdrawal',
        check: async (db) => {
          const payouts = await db
            .selectFrom('ledger_accounts')
            .select('balance')
            .where('account', '=', 'platform:payouts')
            .executeTakeFirstOrThrow();
          expect(Number(payouts.balance)).toBe(1_500);
        },
      });
    }, 120_000);

    it('rejects a withdrawal once: the hold released once', async () => {
      const key = randomUUID();
      const reject = () =>
        api.call('admin/withdrawalReject', {
          token: admin.token,
          id: toReject,
          reason: 'The card number does not match the name.',
          idempotency_key: key,
        });
      const res = await crashAndRetry(
        ['withdrawal.reject', 'reply:POST /api/admin/withdrawalReject'],
        [],
        reject,
        async (db, point) => {
          const row = await db
            .selectFrom('withdrawals')
            .select('status')
            .where('id', '=', toReject)
            .executeTakeFirstOrThrow();
          const { earned, hold } = await userBalances(db, earner.uuid);
          expect([row.status, earned, hold]).toEqual(
            point === 'withdrawal.reject' ? ['pending', 2_500, 1_000] : ['rejected', 3_500, 0],
          );
        },
      );
      expect(ok(res)).toMatchObject({ id: toReject, status: 'rejected' });
      expect(ok(await reject())).toMatchObject({ id: toReject, status: 'rejected' });

      // Every point was reached, in order, and the last server is left as the others: checked down.
      expect(died).toEqual([
        'listing.create',
        'reply:POST /api/partner/create',
        'listing.update',
        'reply:POST /api/user/partner_update',
        'unlock',
        'reply:POST /api/chat/unlockPartner',
        'order.paid',
        `reply:POST ${SANDBOX_WEBHOOK}`,
        'order.paid',
        'reply:POST /payment.html',
        'withdrawal.apply',
        'reply:POST /api/user/apply_withdraw',
        'withdrawal.pay',
        'reply:POST /api/admin/withdrawalPay',
        'withdrawal.reject',
        'reply:POST /api/admin/withdrawalReject',
      ]);
      await server!.stop();
      await withDatabase(invariants);
      expect(acknowledged).toHaveLength(7);
    }, 120_000);
  });
}
