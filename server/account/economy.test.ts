import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ECONOMY } from '@/contract/economy';
import { loadConfig } from '../config';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createUser, placeRefs } from '../directory/listing.fixtures';
import { ledgerAccount, transfer } from '../wallet/ledger.repository';

/**
 * Issue 10 item 10: the economy of DESIGN section 6 is server configuration served to the client, and money is in
 * cents everywhere: withdrawal_rate is cents per point and withdrawable_amount is points × rate.
 */
describe('economy configuration', () => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  const economy = { ...DEFAULT_ECONOMY, unlock_price: { min: 100, max: 300, default: 150 }, withdrawal_rate: 2 };

  beforeAll(async () => {
    t = await startTestApp('pglite', { economy });
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(async () => t?.close());

  it('serves the configured economy to anyone', async () => {
    const res = await api.call('home/economy');
    expect(res.status).toBe(1);
    expect(res.data).toEqual(economy);
  });

  it('user/me: withdrawal_rate in cents per point, withdrawable_amount = earned points × rate, in cents', async () => {
    const owner = await createUser(t, api, 'EarnerOne', 1);
    await transfer(t.database.db, {
      key: `test-${randomBytes(6).toString('hex')}`,
      kind: 'unlock',
      entries: [
        { account: ledgerAccount.earned(owner.uuid), userUuid: owner.uuid, amount: 1234 },
        { account: ledgerAccount.platform('sales'), userUuid: null, amount: -1234 },
      ],
    });
    const me = (await api.call('user/me', { token: owner.token })).data as Record<string, number>;
    expect(me.withdrawal_rate).toBe(2);
    expect(me.withdrawable_fun_score).toBe(1234);
    expect(me.withdrawable_amount).toBe(2468);
  });

  it('enforces the configured unlock price range and default on profiles', async () => {
    const owner = await createUser(t, api, 'PricedGuide', 4);
    const { tokyo } = await placeRefs(t);
    const dicts = await t.database.db.selectFrom('dict_entries').select(['type', 'id']).execute();
    const first = (type: string) => dicts.find((d) => d.type === type)!.id;
    const base = { nickname: 'Priced', age: 30, sex: first('sex'), body_type: first('body_type'), languages: [first('language')], intro: 'Hello there', city_id: tokyo };
    const png = (await import('sharp')).default({ create: { width: 64, height: 64, channels: 3, background: '#a33' } }).png().toBuffer();
    const photo = { photo0: { data: await png, name: 'p.png', type: 'image/png' } };
    const low = await api.upload('partner/create', { ...base, unlock_price: 50, token: owner.token }, photo);
    expect([low.status, low.msg]).toEqual([0, 'The chat unlock price must be between 100 and 300 points.']);
    expect(await t.database.db.selectFrom('partners').select('id').where('owner_uuid', '=', owner.uuid).execute()).toHaveLength(0);
    const defaulted = await api.upload('partner/create', { ...base, token: owner.token }, photo);
    expect(defaulted.status, defaulted.msg).toBe(1);
    expect((defaulted.data as { unlock_price: number }).unlock_price).toBe(150);
  });
});

describe('ECONOMY_JSON', () => {
  const load = (json: string) => loadConfig({ DATA_DIR: '/tmp/venuely-economy-config', ECONOMY_JSON: json });

  it('defaults to DESIGN section 6, and replaces the keys it names', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/venuely-economy-config' }).economy).toEqual(DEFAULT_ECONOMY);
    const custom = load('{"withdrawal_rate": 3, "unlock_price": {"min": 20, "max": 40, "default": 30}}').economy;
    expect(custom.withdrawal_rate).toBe(3);
    expect(custom.unlock_price).toEqual({ min: 20, max: 40, default: 30 });
    expect(custom.membership_plans).toEqual(DEFAULT_ECONOMY.membership_plans);
  });

  it('refuses a malformed economy at start, naming ECONOMY_JSON', () => {
    expect(() => load('{')).toThrow(/^ECONOMY_JSON is not valid JSON/);
    expect(() => load('[1]')).toThrow(/^ECONOMY_JSON must be a JSON object/);
    expect(() => load('{"withdrawl_rate": 1}')).toThrow(/^ECONOMY_JSON: unknown key "withdrawl_rate"/);
    expect(() => load('{"withdrawal_rate": 0.01}')).toThrow(/^ECONOMY_JSON: withdrawal_rate/);
    expect(() => load('{"unlock_price": {"min": 50, "max": 10, "default": 20}}')).toThrow(/^ECONOMY_JSON: unlock_price/);
  });
});
