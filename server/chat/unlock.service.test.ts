import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createUser, insertChatProfile, placeRefs, type RawClient, type TestUser } from '../directory/listing.fixtures';
import { ledgerAccount, ledgerTotal, userBalances } from '../wallet/ledger.repository';
import { giveCoins, giveEarnedPoints } from '../wallet/wallet.fixtures';
import { ownerShareOf } from './unlock.service';

/**
 * Issue 12 (DESIGN section 6): unlocking a partner's chat spends its price once per (member, profile), coins first,
 * then earned points; the owner earns owner_share_percent (80 %) as withdrawable points and the rest is the
 * platform's fee; all of it, with the unlock row, in one transaction. A refusal writes nothing; retries and repeats
 * spend nothing; concurrent unlocks never overdraw and never pay twice; the ledger stays at zero.
 */

type LogItem = { kind: string; points: number; withdrawable: boolean; balance: number; ref: string | null };

describe.each(DATABASE_KINDS)('partner unlock on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let owner: TestUser;
  let tokyo: number;

  /** A published profile of `ownerUuid` at `price`; its uuid (the chat identity) and nickname. */
  const profile = (ownerUuid: string, price: number, nickname?: string) => insertChatProfile(t, ownerUuid, tokyo, price, nickname);

  /** Unlocks `profile` at the price the member was shown (its price when created, unless `shown` says otherwise). */
  const unlock = (user: TestUser, profile: { uuid: string; price: number }, key: string = randomUUID(), headers: Record<string, string> = {}) =>
    api.call('chat/unlockPartner', { token: user.token, partner_uuid: profile.uuid, price: profile.price, idempotency_key: key }, headers);
  const logOf = async (user: TestUser) => ((await api.call('user/buyLog', { token: user.token })).data as { list: LogItem[] }).list;
  const fees = async () =>
    Number((await t.database.db.selectFrom('ledger_accounts').select('balance').where('account', '=', ledgerAccount.platform('fees')).executeTakeFirst())?.balance ?? 0);
  const counts = async () => ({
    unlocks: (await t.database.db.selectFrom('chat_unlocks').select('user_uuid').execute()).length,
    transfers: (await t.database.db.selectFrom('ledger_transfers').select('id').execute()).length,
  });
  const earnPoints = (user: TestUser, points: number) => giveEarnedPoints(t.database.db, user.uuid, points, 'earlier');

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    owner = await createUser(t, api, 'Owner', 4);
    tokyo = (await placeRefs(t)).tokyo;
  });
  afterAll(async () => t?.close());

  it('spends the price once: the owner earns 80 %, the platform keeps the rest, and both points logs show it', async () => {
    const reader = await createUser(t, api, 'Reader', 1);
    await giveCoins(t.database.db, reader.uuid, 100);
    // 57 × 80 % = 45.6: the owner earns 45 (rounded down), the fee is 12.
    const aiko = await profile(owner.uuid, 57, 'Aiko');
    const feesBefore = await fees();
    const ownerBefore = await userBalances(t.database.db, owner.uuid);
    // The profile's page tells the member whether they unlocked it (its Chat button shows the price until then).
    const { id } = await t.database.db.selectFrom('partners').select('id').where('uuid', '=', aiko.uuid).executeTakeFirstOrThrow();
    const unlockedOnPage = async (user: TestUser) => ((await api.call('partner/detail', { token: user.token, id })).data as { is_unlocked: boolean }).is_unlocked;
    expect(await unlockedOnPage(reader)).toBe(false);

    const answer = await unlock(reader, aiko);
    expect([answer.status, answer.msg]).toEqual([1, 'ok']);
    expect(answer.data).toEqual({ is_unlocked: true, spent: 57, fun_score: 43 });
    expect(ownerShareOf(57, t.config.economy.owner_share_percent)).toBe(45);
    expect(await userBalances(t.database.db, reader.uuid)).toEqual({ coins: 43, earned: 0, hold: 0 });
    expect(await userBalances(t.database.db, owner.uuid)).toEqual({ ...ownerBefore, earned: ownerBefore.earned + 45 });
    expect((await fees()) - feesBefore).toBe(12);
    expect(await ledgerTotal(t.database.db)).toBe(0);

    // The reader's log: the spend of coins, named by the profile. The owner's: the earning, withdrawable.
    expect((await logOf(reader))[0]).toEqual(expect.objectContaining({ kind: 'unlock_spend', points: -57, withdrawable: false, balance: 43, ref: 'Aiko' }));
    expect((await logOf(owner))[0]).toEqual(expect.objectContaining({ kind: 'unlock_earn', points: 45, withdrawable: true, ref: 'Aiko' }));
    const me = (await api.call('user/me', { token: owner.token })).data as Record<string, number>;
    expect(me.withdrawable_fun_score).toBe(ownerBefore.earned + 45);

    const row = await t.database.db.selectFrom('chat_unlocks').selectAll().where('user_uuid', '=', reader.uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ partner_uuid: aiko.uuid, price: 57, spent: 57 });
    const status = await api.call('chat/status', { token: reader.token, to_uuid: aiko.uuid, partner_uuid: aiko.uuid });
    expect(status.data).toMatchObject({ is_unlocked: true, can_send: true });
    expect([await unlockedOnPage(reader), await unlockedOnPage(owner)]).toEqual([true, true]);
  });

  it('spends purchased coins first, then earned points', async () => {
    const reader = await createUser(t, api, 'Mixed', 4);
    await giveCoins(t.database.db, reader.uuid, 30);
    await earnPoints(reader, 50);
    const mika = await profile(owner.uuid, 57, 'Mika');
    expect((await unlock(reader, mika)).data).toEqual({ is_unlocked: true, spent: 57, fun_score: 23 });
    expect(await userBalances(t.database.db, reader.uuid)).toEqual({ coins: 0, earned: 23, hold: 0 });
    const log = await logOf(reader);
    expect(log.slice(0, 2).map((e) => [e.kind, e.points, e.withdrawable, e.ref])).toEqual(
      expect.arrayContaining([
        ['unlock_spend', -30, false, 'Mika'],
        ['unlock_spend', -27, true, 'Mika'],
      ]),
    );
    expect(log[0].balance).toBe(23);
    expect(await ledgerTotal(t.database.db)).toBe(0);
  });

  it('spends nothing on a retry with the same key or on unlocking again; the same key for another profile is refused', async () => {
    const reader = await createUser(t, api, 'Retrier', 1);
    await giveCoins(t.database.db, reader.uuid, 200);
    const [nao, rin] = [await profile(owner.uuid, 60, 'Nao'), await profile(owner.uuid, 70, 'Rin')];
    const key = randomUUID();
    expect((await unlock(reader, nao, key)).data).toEqual({ is_unlocked: true, spent: 60, fun_score: 140 });
    const before = await counts();
    expect((await unlock(reader, nao, key)).data).toEqual({ is_unlocked: true, spent: 0, fun_score: 140 });
    expect((await unlock(reader, nao)).data).toEqual({ is_unlocked: true, spent: 0, fun_score: 140 });
    const reused = await unlock(reader, rin, key);
    expect([reused.status, reused.msg]).toEqual([0, 'This request was already used for something else. Please try again.']);
    expect(await counts()).toEqual(before);
    expect(await userBalances(t.database.db, reader.uuid)).toEqual({ coins: 140, earned: 0, hold: 0 });
    expect((await logOf(reader)).filter((e) => e.kind === 'unlock_spend')).toHaveLength(1);
  });

  it('refuses an unlock the points do not cover, in the member’s language, and writes nothing', async () => {
    const reader = await createUser(t, api, 'Short', 1);
    await giveCoins(t.database.db, reader.uuid, 30);
    await earnPoints(reader, 10);
    const sora = await profile(owner.uuid, 57, 'Sora');
    const before = { counts: await counts(), fees: await fees(), owner: await userBalances(t.database.db, owner.uuid) };

    const refused = await unlock(reader, sora);
    expect([refused.status, refused.msg]).toEqual([0, 'This costs 57 points and you have 40. Buy coins to continue.']);
    expect(refused.data).toEqual({ price: 57, balance: 40 });
    const ja = await unlock(reader, sora, randomUUID(), { 'Accept-Language': 'ja-JP' });
    expect(ja.msg).toBe('57ポイントが必要ですが、残高は40ポイントです。続けるにはコインを購入してください。');

    expect(await counts()).toEqual(before.counts);
    expect(await fees()).toBe(before.fees);
    expect(await userBalances(t.database.db, owner.uuid)).toEqual(before.owner);
    expect(await userBalances(t.database.db, reader.uuid)).toEqual({ coins: 30, earned: 10, hold: 0 });
    const status = await api.call('chat/status', { token: reader.token, to_uuid: sora.uuid, partner_uuid: sora.uuid });
    expect(status.data).toMatchObject({ is_unlocked: false, can_send: false, unlock_price: 57 });

    // Enough once more coins are bought: the same profile unlocks.
    await giveCoins(t.database.db, reader.uuid, 17);
    expect((await unlock(reader, sora)).data).toEqual({ is_unlocked: true, spent: 57, fun_score: 0 });
  });

  /** What an unlock may change: rows, the reader's, the owner's and the platform's balances, the ledger's sum. */
  const wallets = async (reader: TestUser) => ({
    counts: await counts(),
    fees: await fees(),
    owner: await userBalances(t.database.db, owner.uuid),
    reader: await userBalances(t.database.db, reader.uuid),
    total: await ledgerTotal(t.database.db),
  });

  it('charges only the price the member was shown: a changed price is refused, naming the new one, and nothing is spent', async () => {
    const reader = await createUser(t, api, 'Shown', 1);
    await giveCoins(t.database.db, reader.uuid, 200);
    const hana = await profile(owner.uuid, 50, 'Hana');
    // The member saw 50; the owner raises the price before the tap.
    await t.database.db.updateTable('partners').set({ unlock_price: 70 }).where('uuid', '=', hana.uuid).execute();
    const before = await wallets(reader);

    const raised = await unlock(reader, hana);
    expect([raised.status, raised.msg]).toEqual([0, 'The price to unlock this chat is now 70 points. Nothing was charged. Unlock again to pay the new price.']);
    expect(raised.data).toEqual({ code: 'chat.priceChanged', price: 70 });
    const ja = await unlock(reader, hana, randomUUID(), { 'Accept-Language': 'ja-JP' });
    expect(ja.msg).toBe('このチャットのロック解除価格は70ポイントに変更されました。ポイントは引き落とされていません。新しい価格で支払うには、もう一度ロックを解除してください。');
    // A lower price is refused as well: the member confirms what they pay.
    await t.database.db.updateTable('partners').set({ unlock_price: 40 }).where('uuid', '=', hana.uuid).execute();
    expect((await unlock(reader, hana)).data).toEqual({ code: 'chat.priceChanged', price: 40 });
    expect(await wallets(reader)).toEqual(before);
    const status = await api.call('chat/status', { token: reader.token, to_uuid: hana.uuid, partner_uuid: hana.uuid });
    expect(status.data).toMatchObject({ is_unlocked: false, unlock_price: 40 });

    // Asked again with the new price, the member pays it.
    expect((await unlock(reader, { ...hana, price: 40 })).data).toEqual({ is_unlocked: true, spent: 40, fun_score: 160 });
    const row = await t.database.db.selectFrom('chat_unlocks').selectAll().where('user_uuid', '=', reader.uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ partner_uuid: hana.uuid, price: 40, spent: 40 });
    // Unlocked already: any price the client still holds answers as before, spending nothing.
    await t.database.db.updateTable('partners').set({ unlock_price: 90 }).where('uuid', '=', hana.uuid).execute();
    expect((await unlock(reader, { ...hana, price: 40 })).data).toEqual({ is_unlocked: true, spent: 0, fun_score: 160 });
    expect(await ledgerTotal(t.database.db)).toBe(0);
  });

  it('a price change being saved while the member taps is checked after it: the unlock waits for it and refuses', async () => {
    const reader = await createUser(t, api, 'Racing', 1);
    await giveCoins(t.database.db, reader.uuid, 200);
    const iris = await profile(owner.uuid, 50, 'Iris');
    const before = await wallets(reader);
    // The owner's update holds the profile's row, not yet committed, when the member's unlock (at 50) arrives.
    let updated!: () => void;
    let commit!: () => void;
    const rowHeld = new Promise<void>((resolve) => (updated = resolve));
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const change = t.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('partners').set({ unlock_price: 90 }).where('uuid', '=', iris.uuid).execute();
      updated();
      await committing;
    });
    await rowHeld;
    const tapped = unlock(reader, iris);
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    await change;
    const answer = await tapped;
    expect([answer.status, answer.data]).toEqual([0, { code: 'chat.priceChanged', price: 90 }]);
    expect(await wallets(reader)).toEqual(before);
  });

  it('refuses an unlock while the member blocks the profile or its owner blocks the member, spending nothing', async () => {
    const reader = await createUser(t, api, 'Blocky', 1);
    await giveCoins(t.database.db, reader.uuid, 500);
    const [jun, kai] = [await profile(owner.uuid, 50, 'Jun'), await profile(owner.uuid, 50, 'Kai')];
    const block = async (user: TestUser, uuid: string, on: boolean) => {
      const res = await api.call('chat/block', { token: user.token, uuid, block: on });
      expect([res.status, res.data]).toEqual([1, { is_block: on }]);
    };
    const before = await wallets(reader);

    await block(reader, jun.uuid, true);
    const own = await unlock(reader, jun);
    expect([own.status, own.msg, own.data]).toEqual([0, 'You have blocked this profile. Unblock it to unlock its chat.', { code: 'chat.unlockYouBlocked' }]);
    expect((await unlock(reader, jun, randomUUID(), { 'Accept-Language': 'de-DE' })).msg).toBe('Du hast dieses Profil blockiert. Hebe die Blockierung auf, um den Chat freizuschalten.');

    // The owner blocks the member's account: every profile of theirs refuses the member.
    await block(owner, reader.uuid, true);
    for (const p of [jun, kai]) {
      const theirs = await unlock(reader, p);
      expect([theirs.status, theirs.data]).toEqual([0, { code: p === jun ? 'chat.unlockYouBlocked' : 'chat.unlockBlocked' }]);
    }
    expect((await unlock(reader, kai)).msg).toBe('This profile does not accept messages from you, so its chat cannot be unlocked. Nothing was charged.');
    expect(await wallets(reader)).toEqual(before);

    // Unblocked on both sides, the same profile unlocks.
    await block(owner, reader.uuid, false);
    await block(reader, jun.uuid, false);
    expect((await unlock(reader, jun)).data).toEqual({ is_unlocked: true, spent: 50, fun_score: 450 });
  });

  it('a member’s block of the owner’s account does not touch the profile: refusing would tell who owns it', async () => {
    const reader = await createUser(t, api, 'Knows', 1);
    await giveCoins(t.database.db, reader.uuid, 100);
    const lea = await profile(owner.uuid, 50, 'Lea');
    expect((await api.call('chat/block', { token: reader.token, uuid: owner.uuid, block: true })).status).toBe(1);
    const status = await api.call('chat/status', { token: reader.token, to_uuid: lea.uuid, partner_uuid: lea.uuid });
    expect(status.data).toMatchObject({ is_block: false, is_unlocked: false });
    expect((await unlock(reader, lea)).data).toEqual({ is_unlocked: true, spent: 50, fun_score: 50 });
    await api.call('chat/block', { token: reader.token, uuid: owner.uuid, block: false });
  });

  it('refuses the owner’s own profile and a profile nobody may see, writing nothing', async () => {
    const own = await profile(owner.uuid, 50, 'Own');
    await giveCoins(t.database.db, owner.uuid, 500);
    const hidden = await profile(owner.uuid, 50, 'Hidden');
    await t.database.db.updateTable('partners').set({ visible: false }).where('uuid', '=', hidden.uuid).execute();
    const reader = await createUser(t, api, 'Curious', 1);
    await giveCoins(t.database.db, reader.uuid, 500);
    const before = await counts();

    const self = await unlock(owner, own);
    expect([self.status, self.msg]).toEqual([0, 'This is your own profile.']);
    for (const missingProfile of [hidden, { uuid: randomUUID(), price: 50 }]) {
      const missing = await unlock(reader, missingProfile);
      expect(missing.status).toBe(0);
      expect(missing.msg).toMatch(/not found|no longer/i);
    }
    expect(await counts()).toEqual(before);
    expect((await userBalances(t.database.db, reader.uuid)).coins).toBe(500);
  });

  it('100 concurrent unlocks of different profiles never overdraw', async () => {
    const reader = await createUser(t, api, 'Racer', 1);
    const second = await createUser(t, api, 'Owner2', 4);
    await giveCoins(t.database.db, reader.uuid, 1_000);
    // 1 000 points cover 33 profiles at 30.
    const profiles = await Promise.all(Array.from({ length: 100 }, (_, i) => profile(i % 2 === 0 ? owner.uuid : second.uuid, 30)));
    const owners = { first: await userBalances(t.database.db, owner.uuid), second: await userBalances(t.database.db, second.uuid) };
    const feesBefore = await fees();

    const answers = await Promise.all(profiles.map((p) => unlock(reader, p)));
    const unlocked = answers.filter((a) => a.status === 1);
    expect(unlocked).toHaveLength(33);
    expect(unlocked.every((a) => (a.data as { spent: number }).spent === 30)).toBe(true);
    for (const refused of answers.filter((a) => a.status !== 1)) expect(refused.msg).toMatch(/^This costs 30 points and you have (\d|[12]\d)\. Buy coins to continue\.$/);
    expect(await userBalances(t.database.db, reader.uuid)).toEqual({ coins: 10, earned: 0, hold: 0 });
    expect(await t.database.db.selectFrom('chat_unlocks').select('partner_uuid').where('user_uuid', '=', reader.uuid).execute()).toHaveLength(33);
    const earned = (await userBalances(t.database.db, owner.uuid)).earned - owners.first.earned + (await userBalances(t.database.db, second.uuid)).earned - owners.second.earned;
    expect(earned).toBe(33 * 24);
    expect((await fees()) - feesBefore).toBe(33 * 6);
    expect(await ledgerTotal(t.database.db)).toBe(0);
  }, 60_000);

  it('concurrent unlocks of one profile spend once', async () => {
    const reader = await createUser(t, api, 'Tapper', 1);
    await giveCoins(t.database.db, reader.uuid, 1_000);
    const yui = await profile(owner.uuid, 90, 'Yui');
    const answers = await Promise.all(Array.from({ length: 20 }, () => unlock(reader, yui)));
    expect(answers.every((a) => a.status === 1)).toBe(true);
    expect(answers.map((a) => (a.data as { spent: number }).spent).sort((a, b) => b - a)).toEqual([90, ...Array(19).fill(0)]);
    expect(await userBalances(t.database.db, reader.uuid)).toEqual({ coins: 910, earned: 0, hold: 0 });
    expect((await logOf(reader)).filter((e) => e.kind === 'unlock_spend')).toHaveLength(1);
    expect(await ledgerTotal(t.database.db)).toBe(0);
  });

  it('two owners unlocking each other’s profiles at the same time both succeed (no deadlock)', async () => {
    const [ana, ben] = [await createUser(t, api, 'AnaOwner', 4), await createUser(t, api, 'BenOwner', 4)];
    // Both hold coins and earned points, so each transfer touches accounts of both users.
    for (const user of [ana, ben]) {
      await giveCoins(t.database.db, user.uuid, 10);
      await earnPoints(user, 1_000);
    }
    const anas = await Promise.all(Array.from({ length: 10 }, () => profile(ana.uuid, 40)));
    const bens = await Promise.all(Array.from({ length: 10 }, () => profile(ben.uuid, 40)));
    const answers = await Promise.all([...bens.map((p) => unlock(ana, p)), ...anas.map((p) => unlock(ben, p))]);
    expect(answers.map((a) => [a.status, a.msg])).toEqual(Array(20).fill([1, 'ok']));
    // Each spent 10 × 40 (coins first) and earned 10 × 32.
    for (const user of [ana, ben]) expect(await userBalances(t.database.db, user.uuid)).toEqual({ coins: 0, earned: 1_000 - 390 + 320, hold: 0 });
    expect(await ledgerTotal(t.database.db)).toBe(0);
  }, 60_000);
});
