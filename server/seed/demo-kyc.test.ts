import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KycStatus } from '@/contract/enums';
import { IdDocumentType } from '@/contract/feature-enums';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { listKycQueue, reviewSubmission } from '../kyc/kyc.repository';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoKyc } from './demo-kyc';

/**
 * Issue 13 item 5: right after `npm start` the admin's KYC queue holds one pending identity verification, the
 * applicant's, sent through the product's own checks and encryption; the other demo accounts keep their status and
 * a second start adds nothing.
 */
describe.each(DATABASE_KINDS)('demo identity verification on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  const seed = () => seedDemoKyc(t.database.db, { storage: t.app.storage, kycKey: t.config.kycKey, log: t.app.log });
  const tokenOf = async (account: string, password: string) =>
    ((await api.call('account/loginByPassword', { account, password })).data as { token: string }).token;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(async () => t?.close());

  it('does nothing without the demo accounts', async () => {
    expect(await seed()).toBe(0);
    expect((await listKycQueue(t.database.db)).list).toEqual([]);
  });

  it('puts one pending submission in the queue, once, with documents an admin can open', async () => {
    await seedDemoAccounts(t.database.db, t.app.passwords, t.config.economy);
    expect(await seed()).toBe(1);
    expect(await seed()).toBe(0);

    const queue = await listKycQueue(t.database.db);
    expect(queue.list).toHaveLength(1);
    const [submission] = queue.list;
    expect(submission).toMatchObject({
      user: { username: 'applicant', nickname: 'Kim' },
      document_type: IdDocumentType.IdCard,
      issuing_country: 'KR',
      full_name: 'Kim Min-ji',
      status: KycStatus.Applying,
    });

    const admin = await tokenOf('admin', 'admin-pass-2026');
    for (const part of ['front', 'back', 'selfie'] as const) {
      const res = await fetch(`${t.baseUrl}${submission.images[part]}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.status, part).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format, part).toBe('webp');
      expect(meta.width, part).toBeGreaterThan(500);
    }

    const applicant = await tokenOf('applicant', 'applicant-pass-2026');
    expect((await api.call('user/kycStatus', { token: applicant })).data).toMatchObject({ status: KycStatus.Applying, document_type: IdDocumentType.IdCard });
    // The member demo account still has to verify (the browser tests walk it through the flow).
    const member = await tokenOf('member', 'member-pass-2026');
    expect((await api.call('user/me', { token: member })).data).toMatchObject({ kyc_status: KycStatus.NotApply, is_kyc: false });
  });

  it('does not apply again once an admin has decided', async () => {
    const [submission] = (await listKycQueue(t.database.db)).list;
    const { uuid } = await t.database.db.selectFrom('users').select('uuid').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await reviewSubmission(t.database.db, { id: submission.id, reviewer: uuid, decision: 'reject', reason: 'Demo' });
    expect(await seed()).toBe(0);
    expect((await listKycQueue(t.database.db)).list).toEqual([]);
  });
});
