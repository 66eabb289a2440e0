import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminKycSubmission, AuditEntry } from '@/contract/calls/admin';
import { KycStatus } from '@/contract/enums';
import { IdDocumentType } from '@/contract/feature-enums';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import type { KycImageRef } from '../db/schema';
import { createUser, type RawClient, type TestUser } from '../directory/listing.fixtures';
import { insertSubmission } from '../kyc/kyc.repository';

interface Page<T> {
  list: T[];
  next_cursor: string | null;
}

/**
 * Issue 13 item 4, the KYC queue in the admin console: admins list submissions under review (oldest first) and
 * approve or reject them with a reason, through server/kyc's repository; the member's status follows, each review is
 * one audit row, and a reviewed submission is refused. The images themselves are kyc.routes.ts's (not read here).
 */
describe.each(DATABASE_KINDS)('admin KYC review on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let admin: TestUser;

  const image = (name: string): KycImageRef => ({ file: `test/${name}.bin`, iv: 'aXY=', tag: 'dGFn', width: 640, height: 400 });

  async function submit(user: TestUser, documentType: IdDocumentType = IdDocumentType.IdCard): Promise<number> {
    return t.database.db.transaction().execute((trx) =>
      insertSubmission(trx, {
        user_uuid: user.uuid,
        document_type: documentType,
        issuing_country: 'DE',
        document_number: 'L01X00T47',
        full_name: `${user.username} Mustermann`,
        birth_date: '1990-08-12',
        front: image('front'),
        back: documentType === IdDocumentType.Passport ? null : image('back'),
        selfie: image('selfie'),
      }),
    );
  }
  const kycStatusOf = async (user: TestUser) =>
    (await t.database.db.selectFrom('users').select('kyc_status').where('uuid', '=', user.uuid).executeTakeFirstOrThrow()).kyc_status;
  const audits = async () => (await api.call('admin/auditLog', { token: admin.token, target_type: 'kyc' })).data as Page<AuditEntry>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    admin = await createUser(t, api, 'Moderator', 1, 'admin');
  });
  afterAll(async () => t?.close());

  it('lists the queue oldest first and approves or rejects each submission once, with one audit row each', async () => {
    const anna = await createUser(t, api, 'Anna', 1);
    const ben = await createUser(t, api, 'Ben', 2);
    const annaId = await submit(anna);
    const benId = await submit(ben, IdDocumentType.Passport);

    const queue = await api.call('admin/kycQueue', { token: admin.token, limit: 1 });
    expect(queue.status, queue.msg).toBe(1);
    const page1 = queue.data as Page<AdminKycSubmission>;
    expect(page1.list).toEqual([
      expect.objectContaining({
        id: annaId,
        user: { uuid: anna.uuid, username: 'Anna', nickname: 'Anna' },
        document_type: IdDocumentType.IdCard,
        issuing_country: 'DE',
        document_number: 'L01X00T47',
        full_name: 'Anna Mustermann',
        birth_date: '1990-08-12',
        status: KycStatus.Applying,
        reviewer: null,
        images: { front: `/api/kyc/image/${annaId}/front`, back: `/api/kyc/image/${annaId}/back`, selfie: `/api/kyc/image/${annaId}/selfie` },
      }),
    ]);
    // Nothing of the stored files' keys reaches the console.
    expect(JSON.stringify(page1)).not.toMatch(/aXY=|dGFn|\.bin/);
    const page2 = (await api.call('admin/kycQueue', { token: admin.token, limit: 1, cursor: page1.next_cursor })).data as Page<AdminKycSubmission>;
    expect(page2.list.map((s) => [s.id, s.images.back])).toEqual([[benId, null]]);

    const approved = await api.call('admin/kycReview', { token: admin.token, id: annaId, decision: 'approve' });
    expect(approved.status, approved.msg).toBe(1);
    expect(approved.data).toMatchObject({ id: annaId, status: KycStatus.Approved, reviewer: { uuid: admin.uuid }, reject_reason: null });
    expect(await kycStatusOf(anna)).toBe(KycStatus.Approved);
    const me = (await api.call('user/me', { token: anna.token })).data as { is_kyc: boolean; membership: number };
    expect([me.is_kyc, me.membership]).toEqual([true, 3]);

    const rejected = await api.call('admin/kycReview', { token: admin.token, id: benId, decision: 'reject', reason: 'The selfie does not show your face.' });
    expect(rejected.data).toMatchObject({ status: KycStatus.Rejected, reject_reason: 'The selfie does not show your face.' });
    expect(await kycStatusOf(ben)).toBe(KycStatus.Rejected);

    const again = await api.call('admin/kycReview', { token: admin.token, id: annaId, decision: 'reject', reason: 'Changed my mind' });
    expect([again.status, again.msg]).toEqual([0, 'This identity verification has already been reviewed.']);
    expect(await kycStatusOf(anna)).toBe(KycStatus.Approved);

    expect(((await api.call('admin/kycQueue', { token: admin.token })).data as Page<AdminKycSubmission>).list).toEqual([]);
    const reviewed = (await api.call('admin/kycQueue', { token: admin.token, status: KycStatus.Approved })).data as Page<AdminKycSubmission>;
    expect(reviewed.list.map((s) => s.id)).toEqual([annaId]);

    const log = await audits();
    expect(log.list.map((e) => [e.action, e.target_id, e.admin.uuid])).toEqual([
      ['kyc.reject', String(benId), admin.uuid],
      ['kyc.approve', String(annaId), admin.uuid],
    ]);
    expect(log.list[0].details).toMatchObject({ user: ben.uuid, reason: 'The selfie does not show your face.' });
  });

  it('refuses a rejection without a reason, an unknown submission, an admin\'s own and members, writing no audit row', async () => {
    const carla = await createUser(t, api, 'Carla', 1);
    const id = await submit(carla);
    const before = (await audits()).list.length;

    const noReason = await api.call('admin/kycReview', { token: admin.token, id, decision: 'reject' });
    expect([noReason.status, noReason.data]).toEqual([0, { field: 'reason', code: 'zod.string.required' }]);
    const unknown = await api.call('admin/kycReview', { token: admin.token, id: 2_000_000_000, decision: 'approve' });
    expect([unknown.status, unknown.msg]).toEqual([0, 'This identity verification does not exist.']);
    const member = await api.call('admin/kycReview', { token: carla.token, id, decision: 'approve' });
    expect([member.status, member.msg]).toEqual([0, 'Only administrators can do this.']);
    const badStatus = await api.call('admin/kycQueue', { token: admin.token, status: 0 });
    expect(badStatus.data).toMatchObject({ field: 'status' });

    const ownId = await submit(admin);
    const own = await api.call('admin/kycReview', { token: admin.token, id: ownId, decision: 'approve' });
    expect([own.status, own.msg]).toEqual([0, 'You cannot review your own identity verification.']);

    expect(await kycStatusOf(carla)).toBe(KycStatus.Applying);
    expect((await audits()).list).toHaveLength(before);
  });
});
