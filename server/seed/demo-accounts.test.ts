import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Membership } from '@/contract/enums';
import { OrderType } from '@/contract/feature-enums';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demo-accounts';

describe('demo accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('are created once, and log in with the printed passwords at the promised levels', async () => {
    expect(await seedDemoAccounts(t.database.db, t.app.passwords, t.config.economy)).toEqual(['member', 'paid', 'verified', 'admin', 'applicant']);
    expect(await seedDemoAccounts(t.database.db, t.app.passwords, t.config.economy)).toEqual([]);
    const api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const expected = {
      member: { membership: Membership.MEMBER, role: 'member', is_payed: false, kyc_status: 0 },
      paid: { membership: Membership.PAYED_MEMBER, role: 'member', is_payed: true, kyc_status: 0 },
      verified: { membership: Membership.KYC_PAYED_MEMBER, role: 'member', is_payed: true, is_kyc: true, kyc_status: 2 },
      admin: { membership: Membership.MEMBER, role: 'admin' },
      // Not verified yet: server/seed/demo-kyc.ts applies for it after the accounts are created.
      applicant: { membership: Membership.MEMBER, role: 'member', is_payed: false, is_kyc: false, kyc_status: 0 },
    } as const;
    for (const demo of DEMO_ACCOUNTS) {
      const login = await api.call('account/loginByPassword', { account: demo.username, password: demo.password });
      expect(login.status, demo.username).toBe(1);
      const me = await api.call('user/me', { token: (login.data as { token: string }).token });
      expect(me.data).toMatchObject(expected[demo.username as keyof typeof expected]);
      if (demo.paid) expect((me.data as { vip_txt: string }).vip_txt).toMatch(/^Annual membership until /);
      // A paid account's membership is an annual plan it bought, so its transaction list shows the paid order.
      const orders = (await api.call('payment/orderHistory', { token: (login.data as { token: string }).token })).data as { list: { type: number; item_id: number; status: string }[] };
      expect(orders.list.map((o) => [o.type, o.item_id, o.status]), demo.username).toEqual(demo.paid ? [[OrderType.upgrade, 2, 'paid']] : []);
    }
  });
});
