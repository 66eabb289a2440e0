import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { RELAXED_RATE_LIMITS, startTestApp, type TestApp } from '../../tests/support/test-app';
import {
  FEEDBACK_TYPE_ID,
  insertMerchant,
  insertPartner,
  type Member,
  registerMember,
  REPORT_REASON_ID,
  seedSocialReferences,
  socialCounts,
  testImage,
  uploadedFiles,
} from './social.fixtures';

const CONTENT = 'The search page forgets my city after I go back.';

describe.each(DATABASE_KINDS)('feedback and reports API on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  let place: { regionId: number; cityId: number };
  let member: Member;
  let owner: Member;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      rateLimits: { ...RELAXED_RATE_LIMITS, feedbackPerAccount: { max: 20, windowMs: 60_000 }, reportPerAccount: { max: 40, windowMs: 60_000 } },
    });
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    place = await seedSocialReferences(t.database.db);
    member = await registerMember(api, t.database.db, 'member');
    owner = await registerMember(api, t.database.db, 'owner');
  });
  afterAll(async () => t?.close());

  const reportsOf = async (target: string, id: string | number) =>
    t.database.db.selectFrom('reports').selectAll().where('target', '=', target as 'user').where('target_id', '=', String(id)).execute();

  describe('user/feedback', () => {
    it('stores feedback with its images, the type and the request language', async () => {
      const res = await api.upload(
        'user/feedback',
        { token: member.token, feedback_type: FEEDBACK_TYPE_ID, content: `  ${CONTENT}\n`, contact: '@venuely_fan' },
        { image0: await testImage('png'), image2: await testImage('jpeg') },
      );
      expect([res.status, res.data], res.msg).toEqual([1, null]);
      const row = await t.database.db.selectFrom('feedback').selectAll().where('user_uuid', '=', member.uuid).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ feedback_type: FEEDBACK_TYPE_ID, content: CONTENT, contact: '@venuely_fan', locale: 'en' });
      const photos = await t.database.db
        .selectFrom('photos')
        .select(['position', 'image', 'thumb'])
        .where('owner_kind', '=', 'feedback')
        .where('owner_id', '=', row.id)
        .orderBy('position')
        .execute();
      expect(photos.map((p) => p.position)).toEqual([0, 1]);
      for (const photo of photos) expect(photo.image).toMatch(/^\/uploads\/feedback\//);
      expect(uploadedFiles(t.config.dataDir).filter((f) => f.startsWith('feedback/'))).toHaveLength(4);
    });

    it('records the language the user wrote in, without images or contact', async () => {
      const res = await api.call('user/feedback', { token: member.token, feedback_type: FEEDBACK_TYPE_ID, content: 'ページが表示されません。何度試してもだめです。' }, { 'accept-language': 'ja-JP' });
      expect(res.status, res.msg).toBe(1);
      const row = await t.database.db.selectFrom('feedback').selectAll().where('user_uuid', '=', member.uuid).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ locale: 'ja', contact: null });
    });

    it('refuses an unknown type, bad fields, a fourth image or a broken one, writing nothing', async () => {
      const before = await socialCounts(t.database.db);
      const files = uploadedFiles(t.config.dataDir);
      const unknown = await api.call('user/feedback', { token: member.token, feedback_type: 424_242, content: CONTENT });
      expect([unknown.status, unknown.msg]).toEqual([0, 'Choose a feedback type from the list.']);
      expect(unknown.data).toEqual({ field: 'feedback_type', code: 'zod.enum.invalid' });
      const cases: [Record<string, unknown>, string][] = [
        [{ content: 'too short' }, '"content" must have at least 10 characters.'],
        [{ content: 'x'.repeat(1001) }, '"content" must have at most 1,000 characters.'],
        [{ content: `bad\u0000${CONTENT}` }, 'Invalid value for "content".'],
        [{ contact: 'x'.repeat(101) }, '"contact" must have at most 100 characters.'],
        [{ feedback_type: 0 }, '"feedback_type" must be at least 1.'],
      ];
      for (const [overrides, msg] of cases) {
        const res = await api.call('user/feedback', { token: member.token, feedback_type: FEEDBACK_TYPE_ID, content: CONTENT, ...overrides });
        expect([res.status, res.msg], JSON.stringify(overrides)).toEqual([0, msg]);
      }
      const fourth = await api.upload('user/feedback', { token: member.token, feedback_type: FEEDBACK_TYPE_ID, content: CONTENT }, { image3: await testImage() });
      expect(fourth.status).toBe(0);
      const broken = await api.upload(
        'user/feedback',
        { token: member.token, feedback_type: FEEDBACK_TYPE_ID, content: CONTENT },
        { image0: await testImage(), image1: { data: Buffer.from('GIF89a-not-really'), name: 'a.gif', type: 'image/gif' } },
      );
      expect([broken.status, broken.data]).toEqual([0, { field: 'image1', code: 'image.invalid' }]);
      const guest = await api.call('user/feedback', { feedback_type: FEEDBACK_TYPE_ID, content: CONTENT });
      expect([guest.status, guest.msg]).toEqual([0, 'Please log in first.']);
      expect(await socialCounts(t.database.db)).toEqual(before);
      expect(uploadedFiles(t.config.dataDir)).toEqual(files);
    });
  });

  describe('user/report', () => {
    const call = (who: Member, payload: Record<string, unknown>) =>
      api.call('user/report', { token: who.token, reason: REPORT_REASON_ID, ...payload });

    it('reports a listing once while the report is open; a later report after it closes is new', async () => {
      const merchant = await insertMerchant(t.database.db, place, owner.uuid);
      for (let i = 0; i < 3; i++) {
        const res = await call(member, { target: 'merchant', id: merchant, text: 'Fake photos.' });
        expect([res.status, res.data], res.msg).toEqual([1, null]);
      }
      const rows = await reportsOf('merchant', merchant);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ reporter_uuid: member.uuid, reason: REPORT_REASON_ID, text: 'Fake photos.', status: 'open' });
      // Closed as a moderator closes it (admin/reportResolve): a closed report has its closing time.
      await t.database.db.updateTable('reports').set({ status: 'resolved', resolved_at: new Date() }).where('id', '=', rows[0].id).execute();
      expect((await call(member, { target: 'merchant', id: merchant })).status).toBe(1);
      expect(await reportsOf('merchant', merchant)).toHaveLength(2);
      // Another reporter has their own report.
      const other = await registerMember(api, t.database.db, 'other');
      expect((await call(other, { target: 'merchant', id: merchant })).status).toBe(1);
      expect(await reportsOf('merchant', merchant)).toHaveLength(3);
    });

    it('keeps one open report under concurrent repeats', async () => {
      const partner = await insertPartner(t.database.db, place, owner.uuid);
      const results = await Promise.all(Array.from({ length: 8 }, () => call(member, { target: 'partner', id: partner })));
      for (const res of results) expect(res.status, res.msg).toBe(1);
      expect(await reportsOf('partner', partner)).toHaveLength(1);
    });

    it('accepts listings in any state, and users by uuid', async () => {
      const hidden = await insertMerchant(t.database.db, place, owner.uuid, { status: 'hidden' });
      const invisible = await insertPartner(t.database.db, place, owner.uuid, { visible: false });
      expect((await call(member, { target: 'merchant', id: hidden })).status).toBe(1);
      expect((await call(member, { target: 'partner', id: invisible })).status).toBe(1);
      expect((await call(member, { target: 'user', id: owner.uuid.toUpperCase() })).status).toBe(1);
      expect(await reportsOf('user', owner.uuid)).toHaveLength(1);
    });

    it('answers "not found" for what does not exist, and refuses oneself and one’s own listings', async () => {
      const before = await socialCounts(t.database.db);
      const mine = await insertMerchant(t.database.db, place, owner.uuid);
      const cases: [Member, Record<string, unknown>, string][] = [
        [member, { target: 'merchant', id: 2_000_000_000 }, 'This listing does not exist or is no longer available.'],
        [member, { target: 'partner', id: 2_000_000_000 }, 'This listing does not exist or is no longer available.'],
        [member, { target: 'user', id: randomUUID() }, 'This user does not exist.'],
        [member, { target: 'message', to_uuid: randomUUID(), seq: 1 }, 'This message does not exist.'],
        [member, { target: 'user', id: member.uuid }, 'You cannot report yourself or your own listings.'],
        [owner, { target: 'merchant', id: mine }, 'You cannot report yourself or your own listings.'],
        [member, { target: 'merchant', id: mine, reason: 424_242 }, 'Choose a reason from the list.'],
        [member, { target: 'chat', id: 1 }, 'Invalid value for "target".'],
        [member, { target: 'user', id: 'not-a-uuid' }, 'Invalid value for "id".'],
        [member, { target: 'merchant', id: mine, text: 'x'.repeat(1001) }, '"text" must have at most 1,000 characters.'],
      ];
      for (const [who, payload, msg] of cases) {
        const res = await call(who, payload);
        expect([res.status, res.msg], JSON.stringify(payload)).toEqual([0, msg]);
      }
      const guest = await api.call('user/report', { target: 'merchant', id: mine, reason: REPORT_REASON_ID });
      expect([guest.status, guest.msg]).toEqual([0, 'Please log in first.']);
      expect(await socialCounts(t.database.db)).toEqual(before);
    });
  });

  it('limits feedback per account', async () => {
    const app = await startTestApp(kind, { rateLimits: { ...RELAXED_RATE_LIMITS, feedbackPerAccount: { max: 2, windowMs: 60_000 } } });
    try {
      const client = createRawClient(app.baseUrl, app.config.aesKey, app.config.signKey);
      await seedSocialReferences(app.database.db);
      const who = await registerMember(client, app.database.db, 'chatty');
      for (let i = 0; i < 2; i++) expect((await client.call('user/feedback', { token: who.token, feedback_type: FEEDBACK_TYPE_ID, content: CONTENT })).status).toBe(1);
      const limited = await client.call('user/feedback', { token: who.token, feedback_type: FEEDBACK_TYPE_ID, content: CONTENT });
      expect([limited.httpStatus, limited.status]).toEqual([429, 0]);
    } finally {
      await app.close();
    }
  });
});
