import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KycStatus, Membership } from '@/contract/enums';
import { IdDocumentType } from '@/contract/feature-enums';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { ApiFailure } from '../api/failure';
import type { KycImageRef } from '../db/schema';
import { DocumentUnreadable, openDocument } from './document-store';
import { findSubmission, listKycQueue, reviewSubmission } from './kyc.repository';
import { filesUnder } from '../directory/social.fixtures';

/**
 * Issue 13 item 3: user/apply_kyc, user/kycStatus, the document images (owner and admins only) and the review the
 * admin console drives, on the real app through the envelope. "Nothing written" is checked on both sides: no row,
 * no change of the user, no file under DATA_DIR/kyc (nor under the public uploads).
 */

type Upload = { data: Buffer; name: string; type: string };
interface Account {
  uuid: string;
  token: string;
}

const APPLICATION = {
  consent: true,
  document_type: IdDocumentType.IdCard,
  issuing_country: 'de',
  document_number: 'L01X00T47',
  full_name: 'Erika Mustermann',
  birth_date: '1990-08-12',
};

/** A JPEG as a phone camera sends it (with EXIF), of the given size. */
async function photo(color: string, width = 640, height = 400): Promise<Upload> {
  const data = await sharp({ create: { width, height, channels: 3, background: color } })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Camera 1' } })
    .jpeg()
    .toBuffer();
  return { data, name: 'capture.jpg', type: 'image/jpeg' };
}


/** The birth date of someone who turns 18 tomorrow (UTC). */
function turns18Tomorrow(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate() + 1)).toISOString().slice(0, 10);
}

describe.each(DATABASE_KINDS)('identity verification (KYC) on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  let admin: Account;
  let images: { front: Upload; back: Upload; selfie: Upload };
  let serial = 0;

  const kycDir = () => path.join(t.config.dataDir, 'kyc');
  const kycFiles = () => filesUnder(kycDir());
  const uploads = () => filesUnder(path.join(t.config.dataDir, 'uploads'));

  async function register(prefix = 'kyc'): Promise<Account> {
    serial += 1;
    const account = `${prefix}_${serial}_${randomBytes(3).toString('hex')}`;
    const res = await api.call('account/registerByPassword', { account, email: `${account}@example.test`, password: 'long-enough-1' });
    expect(res.status, res.msg).toBe(1);
    const { uuid } = await t.database.db.selectFrom('users').select('uuid').where('username', '=', account).executeTakeFirstOrThrow();
    return { uuid, token: (res.data as { token: string }).token };
  }

  const apply = (who: Account | null, payload: Record<string, unknown> = {}, files: Record<string, Upload> = images) =>
    api.upload('user/apply_kyc', { ...(who ? { token: who.token } : {}), ...APPLICATION, ...payload }, files);
  const rowsOf = (uuid: string) => t.database.db.selectFrom('kyc_submissions').selectAll().where('user_uuid', '=', uuid).orderBy('id').execute();
  const userOf = (uuid: string) => t.database.db.selectFrom('users').select(['kyc_status', 'kyc_created_at', 'version']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
  const me = async (who: Account) => (await api.call('user/me', { token: who.token })).data as { is_kyc: boolean; kyc_status: number; kyc_created_date: string | null; membership: number };
  const kycStatus = async (who: Account) => {
    const res = await api.call('user/kycStatus', { token: who.token });
    expect(res.status, res.msg).toBe(1);
    return res.data as { status: number; document_type: number | null; reject_reason: string | null; submitted_at: string | null; reviewed_at: string | null };
  };
  const getImage = (id: number | string, part: string, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}/api/kyc/image/${id}/${part}`, { headers });
  const bearer = (who: Account) => ({ authorization: `Bearer ${who.token}` });
  async function applied(who: Account, payload: Record<string, unknown> = {}, files: Record<string, Upload> = images): Promise<number> {
    const res = await apply(who, payload, files);
    expect([res.status, res.msg]).toEqual([1, 'ok']);
    return (await rowsOf(who.uuid)).at(-1)!.id;
  }
  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(ApiFailure);
      return (error as ApiFailure).key;
    }
    throw new Error('not refused');
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    images = { front: await photo('#2a6fb0', 2600, 1640), back: await photo('#b07a2a'), selfie: await photo('#c04020', 480, 640) };
    admin = await register('admin');
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('uuid', '=', admin.uuid).execute();
  });
  afterAll(async () => t?.close());

  it.each([
    ['a passport', IdDocumentType.Passport, ['front', 'selfie']],
    ['an identity card', IdDocumentType.IdCard, ['front', 'back', 'selfie']],
    ['a driver licence', IdDocumentType.DriverLicense, ['front', 'back', 'selfie']],
  ] as const)('applies with %s: the row, the encrypted files and the user move to Applying together', async (_name, documentType, parts) => {
    const member = await register();
    const before = kycFiles();
    const files = Object.fromEntries(parts.map((part) => [part, images[part]]));
    const res = await apply(member, { document_type: documentType, full_name: '  Erika Mustermann ' }, files);
    expect([res.status, res.msg]).toEqual([1, 'ok']);
    expect(res.data).toMatchObject({ status: KycStatus.Applying, document_type: documentType, reject_reason: null, reviewed_at: null });
    expect(Date.now() - Date.parse((res.data as { submitted_at: string }).submitted_at)).toBeLessThan(60_000);
    expect(await kycStatus(member)).toEqual(res.data);

    const [row] = await rowsOf(member.uuid);
    expect(row).toMatchObject({
      document_type: documentType,
      issuing_country: 'DE',
      document_number: 'L01X00T47',
      full_name: 'Erika Mustermann',
      status: KycStatus.Applying,
      reject_reason: null,
      reviewed_at: null,
      reviewer_uuid: null,
    });
    expect(row.back === null).toBe(documentType === IdDocumentType.Passport);
    // The member's agreement to the check arrived with the application (issue 31 item 7), and is kept with it.
    expect(Date.now() - new Date(row.consented_at!).getTime()).toBeLessThan(60_000);
    const submission = (await findSubmission(t.database.db, row.id))!;
    expect(submission.birth_date).toBe('1990-08-12');
    expect(submission.images.back === null).toBe(documentType === IdDocumentType.Passport);

    const profile = await me(member);
    expect(profile).toMatchObject({ kyc_status: KycStatus.Applying, is_kyc: false, membership: Membership.MEMBER });
    expect(profile.kyc_created_date).toBe(new Date((await userOf(member.uuid)).kyc_created_at!).toISOString());
    // One encrypted file per part, under DATA_DIR/kyc, none in the public uploads.
    expect(kycFiles().filter((f) => !before.includes(f))).toHaveLength(parts.length);
    expect(uploads()).toEqual([]);
  });

  it('refuses under-18 birth dates, bad countries and numbers, missing or extra images, writing nothing', async () => {
    const member = await register();
    const before = { files: kycFiles(), user: await userOf(member.uuid) };
    const cases: [string, Record<string, unknown>, Record<string, Upload>, string, unknown][] = [
      ['no agreement to the check', { consent: false }, images, 'Agree to the identity check before you send your documents.', { field: 'consent', code: 'errors.kyc.consent' }],
      ['the agreement left out', { consent: undefined }, images, 'Agree to the identity check before you send your documents.', { field: 'consent', code: 'errors.kyc.consent' }],
      ['turns 18 tomorrow', { birth_date: turns18Tomorrow() }, images, 'You must be 18 or older to verify your identity.', { field: 'birth_date', code: 'errors.kyc.underage' }],
      ['13 years old', { birth_date: '2013-01-01' }, images, 'You must be 18 or older to verify your identity.', { field: 'birth_date', code: 'errors.kyc.underage' }],
      ['no date', { birth_date: '1990-02-30' }, images, 'Invalid value for "birth_date".', { field: 'birth_date', code: 'zod.date.invalid' }],
      ['a country name', { issuing_country: 'Germany' }, images, 'Choose the country that issued your document.', { field: 'issuing_country', code: 'errors.kyc.country' }],
      ['no country', { issuing_country: 'XX' }, images, 'Choose the country that issued your document.', { field: 'issuing_country', code: 'errors.kyc.country' }],
      ['a territory that issues no documents', { issuing_country: 'aq' }, images, 'Choose the country that issued your document.', { field: 'issuing_country', code: 'errors.kyc.country' }],
      ['a number with symbols', { document_number: 'L01#47' }, images, 'A document number may contain only Latin letters, digits, spaces and dashes.', { field: 'document_number', code: 'errors.kyc.documentNumber' }],
      ['document type 4', { document_type: 4 }, images, '"document_type" must be at most 3.', { field: 'document_type', code: 'zod.number.max' }],
      ['an identity card without its back', {}, { front: images.front, selfie: images.selfie }, 'Add a photo of the back of your document.', { field: 'back', code: 'image.missing' }],
      ['a driver licence without its back', { document_type: IdDocumentType.DriverLicense }, { front: images.front, selfie: images.selfie }, 'Add a photo of the back of your document.', { field: 'back', code: 'image.missing' }],
      ['a passport with a back', { document_type: IdDocumentType.Passport }, images, 'A passport has no back side: send only its photo page and your selfie.', { field: 'back', code: 'errors.kyc.back' }],
      ['no selfie', {}, { front: images.front, back: images.back }, 'Add a selfie that shows your face.', { field: 'selfie', code: 'image.missing' }],
      ['an empty selfie', {}, { ...images, selfie: { data: Buffer.alloc(0), name: 'a.jpg', type: 'image/jpeg' } }, 'Add a selfie that shows your face.', { field: 'selfie', code: 'image.missing' }],
      ['no front', {}, { back: images.back, selfie: images.selfie }, 'Add a photo of the front of your document.', { field: 'front', code: 'image.missing' }],
      ['no images at all', {}, {}, 'Add a photo of the front of your document.', { field: 'front', code: 'image.missing' }],
      ['a selfie that is no image', {}, { ...images, selfie: { data: Buffer.from('GIF89a-not-really'), name: 'a.gif', type: 'image/gif' } }, 'This file is not a supported image (JPEG, PNG, WebP, GIF, AVIF or HEIC).', { field: 'selfie', code: 'image.invalid' }],
      ['a part of another form', {}, { ...images, photo0: images.front }, 'Invalid value for "photo0".', { field: 'photo0', code: 'zod.invalid' }],
    ];
    for (const [name, payload, files, msg, data] of cases) {
      const res = await apply(member, payload, files);
      expect([res.httpStatus, res.status, res.msg, res.data], name).toEqual([200, 0, msg, data]);
    }
    const guest = await apply(null);
    expect([guest.status, guest.msg]).toEqual([0, 'Please log in first.']);

    expect(await rowsOf(member.uuid)).toEqual([]);
    expect(await userOf(member.uuid)).toEqual(before.user);
    expect(await kycStatus(member)).toEqual({ status: KycStatus.NotApply, document_type: null, reject_reason: null, submitted_at: null, reviewed_at: null });
    expect(kycFiles()).toEqual(before.files);
    expect(uploads()).toEqual([]);
  });

  it('serves the images to their owner and to admins only, re-encoded and never cached', async () => {
    const owner = await register();
    const other = await register();
    const id = await applied(owner);
    const passport = await applied(other, { document_type: IdDocumentType.Passport }, { front: images.front, selfie: images.selfie });

    const mine = await getImage(id, 'front', bearer(owner));
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/webp');
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    const front = Buffer.from(await mine.arrayBuffer());
    const meta = await sharp(front).metadata();
    // Through the image pipeline: WebP, documents at most 2 000 px, no camera metadata.
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 2000, 1262, undefined]);
    const latest = await getImage('latest', 'front', bearer(owner));
    expect(Buffer.from(await latest.arrayBuffer()).equals(front)).toBe(true);
    for (const part of ['back', 'selfie']) expect((await getImage(id, part, bearer(owner))).status, part).toBe(200);

    const asAdmin = await getImage(id, 'selfie', bearer(admin));
    expect(asAdmin.status).toBe(200);
    expect((await sharp(Buffer.from(await asAdmin.arrayBuffer())).metadata()).width).toBe(480);
    expect((await getImage(passport, 'front', bearer(admin))).status).toBe(200);

    const refused: [string, Promise<Response>][] = [
      ['another member', getImage(id, 'front', bearer(other))],
      ['another member, latest', getImage('latest', 'back', bearer(other))],
      ['a guest', getImage(id, 'front')],
      ['an unknown token', getImage(id, 'front', { authorization: `Bearer ${randomBytes(32).toString('base64url')}` })],
      ['the token without Bearer', getImage(id, 'front', { authorization: owner.token })],
      ['a passport has no back', getImage(passport, 'back', bearer(other))],
      ['an unknown part', getImage(id, 'passport', bearer(owner))],
      ['an unknown submission', getImage(999_999, 'front', bearer(admin))],
      ['a malformed id', getImage('1e3', 'front', bearer(admin))],
      ['the path of the file', getImage(`..%2F..%2Fkyc%2F${kycFiles()[0]}`, 'front', bearer(owner))],
    ];
    for (const [name, pending] of refused) {
      const res = await pending;
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.status, name).toBe(404);
      expect(JSON.parse(body.toString('utf8')), name).toEqual({ status: 0, msg: 'Not found.', data: null });
    }
    // A member who never applied has no latest submission.
    expect((await getImage('latest', 'front', bearer(await register()))).status).toBe(404);
    // The files are outside the static uploads: no path reaches them.
    const [file] = kycFiles();
    for (const url of [`/uploads/../kyc/${file}`, `/kyc/${file}`, `/uploads/kyc/${file}`]) {
      const res = await fetch(`${t.baseUrl}${url}`);
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(path.join(kycDir(), file))), url).toBe(false);
      expect(res.status, url).not.toBe(200);
    }
  });

  it('keeps files on disk that are not the images and do not decrypt with another key', async () => {
    const member = await register();
    const id = await applied(member);
    const [row] = await rowsOf(member.uuid);
    const served = Buffer.from(await (await getImage(id, 'front', bearer(member))).arrayBuffer());
    const ref = row.front as KycImageRef;
    const file = path.join(kycDir(), ref.file);
    const onDisk = readFileSync(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Neither the upload (JPEG) nor the re-encoded picture (WebP) is on disk.
    expect(onDisk.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(onDisk.subarray(0, 4).toString('latin1')).not.toBe('RIFF');
    expect(onDisk.includes(Buffer.from('WEBP'))).toBe(false);
    expect(onDisk.includes(images.front.data.subarray(0, 64))).toBe(false);
    expect(onDisk.includes(served.subarray(32, 96))).toBe(false);
    // The server key opens it to exactly what the owner was served; any other key fails.
    expect(openDocument(t.config.kycKey, onDisk, ref, 'front').equals(served)).toBe(true);
    expect(() => openDocument(randomBytes(32).toString('hex'), onDisk, ref, 'front')).toThrow(DocumentUnreadable);
    expect(() => openDocument(t.config.serverSecret, onDisk, ref, 'front')).toThrow(DocumentUnreadable);
    // Nothing of the key material leaves the server with a submission.
    const submission = await findSubmission(t.database.db, id);
    expect(JSON.stringify(submission)).not.toContain(ref.iv);
    expect(JSON.stringify(submission)).not.toContain(ref.file);
  });

  it('refuses a second application while one is under review or approved', async () => {
    const member = await register();
    const id = await applied(member);
    const files = kycFiles();
    const again = await apply(member, { document_type: IdDocumentType.Passport }, { front: images.front, selfie: images.selfie });
    expect([again.status, again.msg]).toEqual([0, 'Your identity verification is already under review.']);
    expect(await rowsOf(member.uuid)).toHaveLength(1);
    expect(kycFiles()).toEqual(files);

    await reviewSubmission(t.database.db, { id, reviewer: admin.uuid, decision: 'approve' });
    const approved = await apply(member);
    expect([approved.status, approved.msg]).toEqual([0, 'Your identity is already verified.']);
    expect(await rowsOf(member.uuid)).toHaveLength(1);
    expect(kycFiles()).toEqual(files);
  });

  it('stores one of two applications sent at once, and no file of the other', async () => {
    const member = await register();
    const before = kycFiles();
    const answers = await Promise.all([apply(member), apply(member)]);
    expect(answers.map((a) => a.status).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.status === 0)!.msg).toBe('Your identity verification is already under review.');
    const rows = await rowsOf(member.uuid);
    expect(rows).toHaveLength(1);
    const refs = [rows[0].front, rows[0].back, rows[0].selfie].map((ref) => (ref as KycImageRef).file);
    expect(kycFiles().filter((f) => !before.includes(f)).sort()).toEqual(refs.map((f) => path.join(...f.split('/'))).sort());
  });

  it('approves: user/me reads is_kyc, and the review cannot be made twice or by the applicant', async () => {
    const member = await register();
    const id = await applied(member);
    const version = (await userOf(member.uuid)).version;
    const reviewed = await reviewSubmission(t.database.db, { id, reviewer: admin.uuid, decision: 'approve', reason: 'ignored' });
    expect(reviewed).toMatchObject({ id, status: KycStatus.Approved, reject_reason: null, user: { uuid: member.uuid }, reviewer: { uuid: admin.uuid } });
    expect(reviewed.reviewed_at).not.toBeNull();
    expect(await me(member)).toMatchObject({ is_kyc: true, kyc_status: KycStatus.Approved, membership: Membership.KYC_MEMBER });
    expect((await userOf(member.uuid)).version).toBe(version + 1);
    expect(await kycStatus(member)).toMatchObject({ status: KycStatus.Approved, reject_reason: null, reviewed_at: reviewed.reviewed_at });

    expect(await refusal(reviewSubmission(t.database.db, { id, reviewer: admin.uuid, decision: 'reject', reason: 'Too late' }))).toBe('kyc.notPending');
    expect(await refusal(reviewSubmission(t.database.db, { id: 999_999, reviewer: admin.uuid, decision: 'approve' }))).toBe('kyc.notFound');
    const own = await applied(admin);
    expect(await refusal(reviewSubmission(t.database.db, { id: own, reviewer: admin.uuid, decision: 'approve' }))).toBe('kyc.reviewOwn');
    expect((await findSubmission(t.database.db, own))!.status).toBe(KycStatus.Applying);
    expect((await findSubmission(t.database.db, id))!.status).toBe(KycStatus.Approved);
  });

  it('of an approval and a rejection sent at once, exactly one is stored', async () => {
    const member = await register();
    const id = await applied(member);
    const results = await Promise.allSettled([
      reviewSubmission(t.database.db, { id, reviewer: admin.uuid, decision: 'approve' }),
      reviewSubmission(t.database.db, { id, reviewer: admin.uuid, decision: 'reject', reason: 'Blurry' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const stored = (await findSubmission(t.database.db, id))!;
    expect((await me(member)).kyc_status).toBe(stored.status);
  });

  it('rejects with the reason the member reads, and lets them apply again', async () => {
    const member = await register();
    const id = await applied(member);
    expect(await refusal(reviewSubmission(t.database.db, { id, reviewer: admin.uuid, decision: 'reject' }))).toBe('kyc.reasonRequired');
    expect(await refusal(reviewSubmission(t.database.db, { id, reviewer: admin.uuid, decision: 'reject', reason: '   ' }))).toBe('kyc.reasonRequired');
    expect(await refusal(reviewSubmission(t.database.db, { id, reviewer: admin.uuid, decision: 'reject', reason: 'x'.repeat(501) }))).toBe('validation.max');
    expect((await findSubmission(t.database.db, id))!.status).toBe(KycStatus.Applying);

    const rejected = await reviewSubmission(t.database.db, { id, reviewer: admin.uuid, decision: 'reject', reason: '  The back of the card is blurry.\n' });
    expect(rejected).toMatchObject({ status: KycStatus.Rejected, reject_reason: 'The back of the card is blurry.' });
    expect(await me(member)).toMatchObject({ is_kyc: false, kyc_status: KycStatus.Rejected });
    expect(await kycStatus(member)).toMatchObject({ status: KycStatus.Rejected, document_type: IdDocumentType.IdCard, reject_reason: 'The back of the card is blurry.' });
    // The rejected submission's images stay readable for its owner and admins (the record of the decision).
    expect((await getImage(id, 'back', bearer(member))).status).toBe(200);

    const retry = await apply(member, { document_type: IdDocumentType.Passport }, { front: images.front, selfie: images.selfie });
    expect([retry.status, retry.msg]).toEqual([1, 'ok']);
    expect(retry.data).toMatchObject({ status: KycStatus.Applying, document_type: IdDocumentType.Passport, reject_reason: null, reviewed_at: null });
    expect((await rowsOf(member.uuid)).map((row) => row.status)).toEqual([KycStatus.Rejected, KycStatus.Applying]);
    expect((await me(member)).kyc_status).toBe(KycStatus.Applying);
    // 'latest' is the new application; the old one keeps its id.
    expect((await getImage('latest', 'back', bearer(member))).status).toBe(404);
  });

  it('lists the queue oldest first, page by page, and reviewed submissions newest first', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await applied(await register('queue')));
    const pending: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await listKycQueue(t.database.db, { cursor, limit: 2 });
      expect(page.list.length).toBeLessThanOrEqual(2);
      for (const item of page.list) {
        expect(item.status).toBe(KycStatus.Applying);
        expect(item.images.front).toBe(`/api/kyc/image/${item.id}/front`);
        expect(item.user.username).toMatch(/^[a-z]+_\d+_[0-9a-f]{6}$/);
      }
      pending.push(...page.list.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(pending).toEqual([...pending].sort((a, b) => a - b));
    expect(pending.slice(-3)).toEqual(ids);

    await reviewSubmission(t.database.db, { id: ids[0], reviewer: admin.uuid, decision: 'reject', reason: 'Expired document' });
    await reviewSubmission(t.database.db, { id: ids[1], reviewer: admin.uuid, decision: 'reject', reason: 'Name does not match' });
    const rejected = await listKycQueue(t.database.db, { status: KycStatus.Rejected, limit: 1 });
    expect(rejected.list.map((item) => [item.id, item.reject_reason, item.reviewer?.uuid])).toEqual([[ids[1], 'Name does not match', admin.uuid]]);
    const next = await listKycQueue(t.database.db, { status: KycStatus.Rejected, cursor: rejected.next_cursor, limit: 1 });
    expect(next.list.map((item) => item.id)).toEqual([ids[0]]);
    expect((await listKycQueue(t.database.db)).list.map((item) => item.id)).not.toContain(ids[0]);

    // A cursor of another status, or one this server did not write, is refused.
    expect(await refusal(listKycQueue(t.database.db, { status: KycStatus.Applying, cursor: rejected.next_cursor }))).toBe('listing.cursorInvalid');
    expect(await refusal(listKycQueue(t.database.db, { cursor: 'bm90LWEtY3Vyc29y' }))).toBe('listing.cursorInvalid');
  });
});
