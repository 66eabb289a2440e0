import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as feedback from '@/contract/calls/feedback';
import { VISIT_REPORT_PREVIEW_CHARS } from '@/contract/calls/feedback';
import { latestTodayIso } from '@/contract/shapes';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { RELAXED_RATE_LIMITS, startTestApp, type TestApp } from '../../tests/support/test-app';
import {
  insertMerchant,
  makeKycApproved,
  makePaid,
  type Member,
  registerMember,
  seedSocialReferences,
  socialCounts,
  testImage,
  uploadedFiles,
} from './social.fixtures';
import { previewOf } from './visit-report.routes';

const NOT_FOUND = 'This listing does not exist or is no longer available.';
const LONG = 'The sake list was short but chosen with care, and the grilled fish came out in minutes. '.repeat(4).trim();

describe('previewOf', () => {
  it('cuts on graphemes: never inside a surrogate pair, an emoji sequence, a flag or a Devanagari cluster', () => {
    const text = `${'a'.repeat(119)}😀😀tail`;
    const cut = previewOf(text);
    expect(cut).toEqual({ text: `${'a'.repeat(119)}😀`, cut: true });
    expect([...cut.text]).toHaveLength(VISIT_REPORT_PREVIEW_CHARS);
    expect(cut.text.isWellFormed()).toBe(true);
    expect(previewOf('😀'.repeat(120))).toEqual({ text: '😀'.repeat(120), cut: false });
    expect(previewOf('😀'.repeat(121)).text).toBe('😀'.repeat(120));
    expect(previewOf('short')).toEqual({ text: 'short', cut: false });
    // 👨‍👩‍👧 is five code points, 🇯🇵 two and क्ष three: each counts as one character and is kept or left out whole.
    expect(previewOf(`${'a'.repeat(119)}👨‍👩‍👧🇯🇵`)).toEqual({ text: `${'a'.repeat(119)}👨‍👩‍👧`, cut: true });
    expect(previewOf('🇯🇵'.repeat(121)).text).toBe('🇯🇵'.repeat(120));
    expect(previewOf('क्ष'.repeat(120))).toEqual({ text: 'क्ष'.repeat(120), cut: false });
  });
});

describe.each(DATABASE_KINDS)('visit reports API on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  let place: { regionId: number; cityId: number };
  let owner: Member;
  let writer: Member;

  beforeAll(async () => {
    t = await startTestApp(kind, { rateLimits: { ...RELAXED_RATE_LIMITS, visitReportPerAccount: { max: 6, windowMs: 60_000 } } });
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    place = await seedSocialReferences(t.database.db);
    owner = await registerMember(api, t.database.db, 'owner');
    writer = await registerMember(api, t.database.db, 'writer');
  });
  afterAll(async () => t?.close());

  const totals = async (id: number) =>
    t.database.db.selectFrom('merchants').select(['rating_sum', 'report_count']).where('id', '=', id).executeTakeFirstOrThrow();
  const report = (merchantId: number, overrides: Record<string, unknown> = {}) => ({
    merchant_id: merchantId,
    rating: 4,
    title: 'Lunch on a Tuesday',
    content: LONG,
    visit_date: '2026-01-15',
    ...overrides,
  });
  const create = async (member: Member, payload: Record<string, unknown>, photos = 0) => {
    const files: Record<string, Awaited<ReturnType<typeof testImage>>> = {};
    for (let i = 0; i < photos; i++) files[`photo${i}`] = await testImage(i % 2 ? 'jpeg' : 'png');
    return photos > 0
      ? api.upload('merchant/visitReportCreate', { token: member.token, ...payload }, files)
      : api.call('merchant/visitReportCreate', { token: member.token, ...payload });
  };
  const read = async (member: Member | null, payload: Record<string, unknown>) => {
    const res = await api.call('merchant/visitReports', { ...(member ? { token: member.token } : {}), ...payload });
    expect(res.status, res.msg).toBe(1);
    return feedback.visitReports.response.parse(res.data);
  };

  it('writes a report with photos, answers it whole, and adds the rating in the same transaction', async () => {
    const merchant = await insertMerchant(t.database.db, place, owner.uuid);
    const res = await create(writer, report(merchant, { rating: 5 }), 3);
    expect(res.status, res.msg).toBe(1);
    const created = feedback.visitReportCreate.response.parse(res.data);
    expect(created).toMatchObject({
      merchant_id: merchant,
      // The login name is the default nickname, so it is not shown: the client shows a neutral "Member".
      author: { nickname: '', thumb: expect.any(String) },
      rating: 5,
      title: 'Lunch on a Tuesday',
      content: LONG,
      truncated: false,
      visit_date: '2026-01-15',
    });
    expect(created.photos).toHaveLength(3);
    for (const photo of created.photos) expect(photo.image).toMatch(/^\/uploads\/listing\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/);
    const rows = await t.database.db
      .selectFrom('photos')
      .select(['owner_kind', 'position', 'image'])
      .where('owner_id', '=', created.id)
      .where('owner_kind', '=', 'visit_report')
      .orderBy('position')
      .execute();
    expect(rows.map((r) => [r.position, r.image])).toEqual(created.photos.map((p, i) => [i, p.image]));
    expect(await totals(merchant)).toEqual({ rating_sum: 5, report_count: 1 });

    const second = await registerMember(api, t.database.db, 'second');
    expect((await create(second, report(merchant, { rating: 2 }))).status).toBe(1);
    expect(await totals(merchant)).toEqual({ rating_sum: 7, report_count: 2 });
  });

  it('refuses the venue’s owner, and hidden, invisible, pending or unknown venues, writing nothing', async () => {
    const mine = await insertMerchant(t.database.db, place, owner.uuid);
    const before = await socialCounts(t.database.db);
    const files = uploadedFiles(t.config.dataDir);
    const own = await create(owner, report(mine), 2);
    expect([own.status, own.msg]).toEqual([0, 'You cannot write a visit report about your own venue.']);
    const member = await registerMember(api, t.database.db, 'refused');
    for (const options of [{ status: 'hidden' as const }, { status: 'pending' as const }, { visible: false }]) {
      const id = await insertMerchant(t.database.db, place, owner.uuid, options);
      const res = await create(member, report(id), 1);
      expect([res.status, res.msg], JSON.stringify(options)).toEqual([0, NOT_FOUND]);
      expect(await totals(id)).toEqual({ rating_sum: 0, report_count: 0 });
    }
    const unknown = await create(member, report(2_000_000_000));
    expect([unknown.status, unknown.msg]).toEqual([0, NOT_FOUND]);
    expect(await socialCounts(t.database.db)).toEqual(before);
    expect(uploadedFiles(t.config.dataDir)).toEqual(files);
    expect(await totals(mine)).toEqual({ rating_sum: 0, report_count: 0 });
  });

  it('refuses a bad image and removes the photos already stored', async () => {
    const merchant = await insertMerchant(t.database.db, place, owner.uuid);
    const member = await registerMember(api, t.database.db, 'badimage');
    const before = await socialCounts(t.database.db);
    const files = uploadedFiles(t.config.dataDir);
    const res = await api.upload('merchant/visitReportCreate', { token: member.token, ...report(merchant) }, {
      photo0: await testImage('png'),
      photo1: { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'x.png', type: 'image/png' },
    });
    expect([res.status, res.msg]).toEqual([0, 'This file is not a supported image (JPEG, PNG, WebP, GIF, AVIF or HEIC).']);
    expect(res.data).toEqual({ field: 'photo1', code: 'image.invalid' });
    const extra = await api.upload('merchant/visitReportCreate', { token: member.token, ...report(merchant) }, { photo6: await testImage('png') });
    expect(extra.status).toBe(0);
    expect(await socialCounts(t.database.db)).toEqual(before);
    expect(uploadedFiles(t.config.dataDir)).toEqual(files);
    expect(await totals(merchant)).toEqual({ rating_sum: 0, report_count: 0 });
  });

  it('needs a login and validates every field', async () => {
    const merchant = await insertMerchant(t.database.db, place, owner.uuid);
    const guest = await api.call('merchant/visitReportCreate', report(merchant));
    expect([guest.status, guest.msg]).toEqual([0, 'Please log in first.']);
    const tomorrow = new Date(Date.parse(`${latestTodayIso()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 0 }, '"rating" must be at least 1.'],
      [{ rating: 6 }, '"rating" must be at most 5.'],
      [{ rating: 4.5 }, 'Invalid value for "rating".'],
      [{ title: '' }, 'Please fill in "title".'],
      [{ title: 'x'.repeat(101) }, '"title" must have at most 100 characters.'],
      [{ content: 'too short' }, '"content" must have at least 10 characters.'],
      [{ content: 'x'.repeat(5001) }, '"content" must have at most 5,000 characters.'],
      [{ visit_date: tomorrow }, 'Invalid value for "visit_date".'],
      [{ visit_date: '2026-02-30' }, 'Invalid value for "visit_date".'],
      [{ merchant_id: 'abc' }, 'Invalid value for "merchant_id".'],
    ];
    for (const [overrides, msg] of cases) {
      // Every attempt counts against the per-account limit, so the cases are spread over members.
      const who = await registerMember(api, t.database.db, 'v');
      const res = await create(who, report(merchant, overrides));
      expect([res.status, res.msg], JSON.stringify(overrides)).toEqual([0, msg]);
    }
    expect(await totals(merchant)).toEqual({ rating_sum: 0, report_count: 0 });
  });

  it('shows paid members, moderators and authors whole reports; guests and free members a preview', async () => {
    const merchant = await insertMerchant(t.database.db, place, owner.uuid);
    const author = await registerMember(api, t.database.db, 'author');
    const emoji = `${'é'.repeat(118)}😀😀${'z'.repeat(40)}`;
    expect((await create(author, report(merchant, { content: LONG, title: 'With photos' }), 2)).status).toBe(1);
    expect((await create(author, report(merchant, { content: emoji, title: 'Emoji' }))).status).toBe(1);
    expect((await create(author, report(merchant, { content: 'Short and sweet.', title: 'Short' }))).status).toBe(1);

    const free = await registerMember(api, t.database.db, 'free');
    const paid = await registerMember(api, t.database.db, 'paid');
    await makePaid(t.database.db, paid.uuid);
    const kycPaid = await registerMember(api, t.database.db, 'kycpaid');
    await makePaid(t.database.db, kycPaid.uuid);
    await makeKycApproved(t.database.db, kycPaid.uuid);
    const kycOnly = await registerMember(api, t.database.db, 'kyconly');
    await makeKycApproved(t.database.db, kycOnly.uuid);

    for (const reader of [paid, kycPaid, author]) {
      const page = await read(reader, { merchant_id: merchant });
      expect(page.list.map((r) => r.title)).toEqual(['Short', 'Emoji', 'With photos']);
      expect(page.list.map((r) => r.content)).toEqual(['Short and sweet.', emoji, LONG]);
      expect(page.list.map((r) => r.truncated)).toEqual([false, false, false]);
      expect(page.list[2].photos).toHaveLength(2);
    }
    for (const reader of [null, free, kycOnly]) {
      const page = await read(reader, { merchant_id: merchant });
      const [short, withEmoji, withPhotos] = page.list;
      expect(short).toMatchObject({ content: 'Short and sweet.', truncated: false, photos: [] });
      expect(withEmoji).toMatchObject({ content: `${'é'.repeat(118)}😀😀`, truncated: true, photos: [] });
      expect(withPhotos.content).toBe(LONG.slice(0, VISIT_REPORT_PREVIEW_CHARS));
      expect(withPhotos).toMatchObject({ truncated: true, photos: [] });
      expect(withPhotos.author).toEqual({ nickname: '', thumb: expect.any(String) });
    }
    // A lapsed plan reads previews again.
    await t.database.db.updateTable('memberships').set({ ends_at: new Date(Date.now() - 1000) }).where('user_uuid', '=', paid.uuid).execute();
    expect((await read(paid, { merchant_id: merchant })).list[2].truncated).toBe(true);
    // A moderator reads whole reports.
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('uuid', '=', free.uuid).execute();
    expect((await read(free, { merchant_id: merchant })).list[2]).toMatchObject({ content: LONG, truncated: false });
  });

  it('pages newest first, and hides the reports of a venue that is no longer public from all but its owner', async () => {
    const merchant = await insertMerchant(t.database.db, place, owner.uuid);
    const titles: string[] = [];
    for (let i = 0; i < 5; i++) {
      const member = await registerMember(api, t.database.db, 'pg');
      titles.push(`Visit ${i}`);
      expect((await create(member, report(merchant, { title: `Visit ${i}` }))).status).toBe(1);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await read(null, { merchant_id: merchant, limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.list.map((r) => r.title));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...titles].reverse());
    const first = await read(null, { merchant_id: merchant, limit: 2 });
    const other = await insertMerchant(t.database.db, place, owner.uuid);
    const mixed = await api.call('merchant/visitReports', { merchant_id: other, cursor: first.next_cursor });
    expect(mixed.status).toBe(0);

    await t.database.db.updateTable('merchants').set({ visible: false }).where('id', '=', merchant).execute();
    const guest = await api.call('merchant/visitReports', { merchant_id: merchant });
    expect([guest.status, guest.msg]).toEqual([0, NOT_FOUND]);
    expect((await read(owner, { merchant_id: merchant })).list).toHaveLength(5);
    const unknown = await api.call('merchant/visitReports', { merchant_id: 2_000_000_000 });
    expect([unknown.status, unknown.msg]).toEqual([0, NOT_FOUND]);
  });

  it('limits reports per account (HTTP 429 with Retry-After)', async () => {
    const member = await registerMember(api, t.database.db, 'busy');
    const merchants = await Promise.all(Array.from({ length: 7 }, () => insertMerchant(t.database.db, place, owner.uuid)));
    for (const id of merchants.slice(0, 6)) expect((await create(member, report(id))).status).toBe(1);
    const limited = await create(member, report(merchants[6]));
    expect(limited.httpStatus).toBe(429);
    expect(limited.status).toBe(0);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await totals(merchants[6])).toEqual({ rating_sum: 0, report_count: 0 });
    // Another member is not affected.
    const other = await registerMember(api, t.database.db, 'calm');
    expect((await create(other, report(merchants[6]))).status).toBe(1);
  });
});
