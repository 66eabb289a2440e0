import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ApiCall, sessionFields } from './call';
import { ALL_CALLS, CALL_BY_PATH, isApiCall } from './catalog';
import * as admin from './calls/admin';
import * as chat from './calls/chat';
import * as city from './calls/city';
import * as dict from './calls/dict';
import * as favorite from './calls/favorite';
import * as feedback from './calls/feedback';
import * as kyc from './calls/kyc';
import * as merchant from './calls/merchant';
import * as partner from './calls/partner';
import * as payment from './calls/payment';
import * as track from './calls/track';
import * as wallet from './calls/wallet';
import { DEFAULT_ECONOMY, economyConfig, isAmountInRange, itemAmount } from './economy';
import { IdDocumentType, OrderType, PaymentType, WithdrawalMethod } from './feature-enums';

/** Every path of spec section 7, as the spec writes it (its shorthand "group/a, b, c" expanded). */
const SPEC_PATHS = [
  // Account
  'account/checkUsername', 'account/registerByPassword', 'account/loginByPassword', 'account/loginOut',
  'account/setting', 'account/newPwd', 'account/sendResetPwdEmail', 'account/sendEmailCode',
  'account/validationEmail', 'account/isUseEmail', 'account/updateAvatar', 'user/changePassword',
  // Chat
  'chat/getHistory', 'chat/getContactList', 'chat/status', 'chat/unlockPartner', 'chat/getPartnerChatToken',
  'user/getUserInfoByUuid',
  // Content
  'user/merchants', 'user/partners', 'user/merchant_delete', 'user/partner_delete', 'user/partner_detail',
  'user/merchant_detail',
  // Favorites
  'favorite/add', 'favorite/cancel', 'favorite/list',
  // Feedback
  'dict/feedback_type', 'user/feedback',
  // Merchant
  'merchant/list', 'merchant/detail', 'merchant/create', 'merchant/update',
  'user/merchant_toggleVisiable', 'dict/merchant_type', 'dict/merchant_tag',
  // Partner
  'partner/list', 'partner/detail', 'partner/create', 'partner/update', 'partner/setVisiable',
  'user/partner_toggleVisiable', 'dict/partner_tag', 'dict/sex', 'dict/body_type', 'dict/language',
  'dict/drive_type',
  // Payment
  'stripe/getPaymentInfo', 'stripe/offSessionPay', 'stripe/otherPay', 'user/checkPayment',
  'user/getPaymentMethods', 'user/bindDefaultPayment', 'user/delPaymentMethod', 'payment/uPay',
  'payment/checkOrderStatus', 'home/getPayTypeWithId',
  // City/search
  'city/search', 'city/searchHistory', 'city/searchHistoryAdd', 'city/clearHistory', 'city/hot', 'city/lang',
  'dict/multi',
  // User
  'user/me', 'user/merchant_update', 'user/partner_update', 'user/report', 'user/apply_kyc',
  'payment/upgradeMember', 'payment/buyFunCoin', 'payment/orderHistory', 'user/buyLog', 'user/apply_withdraw',
  'user/withdrawalLog',
  // App config
  'home/config',
] as const;

/**
 * Calls of spec section 7 the contract does not serve, each with why. The moderators' deletes: moderators hide a
 * listing and its owner still sees it with the reason; only the owner deletes (user/*_delete). Issue 31 item 12.
 */
const SPEC_PATHS_NOT_SERVED = ['merchant/delete', 'partner/delete'] as const;

/** Calls the contract adds where the spec or DESIGN needs one that section 7 does not name. */
const ADDED_PATHS = [
  'track',
  'merchant/visitReports',
  'merchant/visitReportCreate',
  'user/kycStatus',
  'dict/report_reason',
  'chat/block',
  'chat/markRead',
  'chat/uploadImage',
  'home/economy',
  'track/purchase',
  // The admin console (issue 13 item 4).
  'admin/withdrawals',
  'admin/withdrawalPay',
  'admin/withdrawalReject',
  'admin/reports',
  'admin/reportResolve',
  'admin/listings',
  'admin/listingHide',
  'admin/listingUnhide',
  'admin/userLookup',
  'admin/userSignOut',
  'admin/auditLog',
  'admin/kycQueue',
  'admin/kycReview',
  // The tabs' counts of what waits (issue 31 item 9).
  'admin/queueCounts',
] as const;

/** Calls that move money or points (DESIGN section 8). */
const MONEY_MOVING_PATHS = [
  'stripe/offSessionPay',
  'stripe/otherPay',
  'payment/uPay',
  'chat/unlockPartner',
  'user/apply_withdraw',
  'admin/withdrawalPay',
  'admin/withdrawalReject',
] as const;

const MESSAGE_KEY = /^(zod|errors|image)\.[A-Za-z.]+$/;

/** The key sets a payload accepts: one per variant of a discriminated union, else one. */
function payloadVariants(schema: z.ZodType): string[][] {
  if (schema instanceof z.ZodObject) return [Object.keys(schema.shape)];
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(payloadVariants);
  throw new Error(`payload is neither an object nor a union: ${schema.constructor.name}`);
}

/** A payload as debug mode sends it: every value a form string, arrays and objects as JSON. */
function toForm(payload: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value),
    ]),
  );
}

function call(path: string): ApiCall {
  const found = CALL_BY_PATH.get(path);
  if (!found) throw new Error(`no call ${path}`);
  return found;
}

function yearsAgo(years: number, dayOffset = 0, now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + dayOffset));
  return date.toISOString().slice(0, 10);
}

const KEY = '2f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const UUID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

describe('catalog', () => {
  it('collects only calls, and each call object once', () => {
    expect(ALL_CALLS.length).toBeGreaterThan(0);
    expect(ALL_CALLS.every(isApiCall)).toBe(true);
    expect(new Set(ALL_CALLS).size).toBe(ALL_CALLS.length);
    expect(isApiCall(merchant.merchantSummary)).toBe(false);
    expect(isApiCall({ path: 'x/y', mutates: false, auth: 'none', payload: {}, response: {} })).toBe(false);
  });

  it('has unique, well-formed paths', () => {
    const paths = ALL_CALLS.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path === 'track' || /^[a-z]+\/[A-Za-z_]+$/.test(path), path).toBe(true);
  });

  it('holds every call of spec section 7, and nothing it does not acknowledge', () => {
    const paths = new Set(ALL_CALLS.map((c) => c.path));
    const missing = SPEC_PATHS.filter((p) => !paths.has(p));
    expect(missing).toEqual([]);
    expect(SPEC_PATHS_NOT_SERVED.filter((p) => paths.has(p))).toEqual([]);
    const known = new Set<string>([...SPEC_PATHS, ...ADDED_PATHS]);
    expect([...paths].filter((p) => !known.has(p))).toEqual([]);
  });

  it('sends image parts only with logged-in mutating calls, under unique names', () => {
    for (const c of ALL_CALLS.filter((c) => c.files)) {
      expect(c.mutates, c.path).toBe(true);
      expect(c.auth, c.path).toBe('required');
      expect(new Set(c.files).size, c.path).toBe(c.files!.length);
    }
    expect(feedback.feedback.files).toEqual(['image0', 'image1', 'image2']);
    expect(feedback.visitReportCreate.files).toHaveLength(6);
    expect(kyc.applyKyc.files).toEqual(['front', 'back', 'selfie']);
  });

  it('never names a payload field like a session field, which the server strips before parsing', () => {
    const reserved = [...Object.keys(sessionFields.shape), 'client'];
    for (const c of ALL_CALLS) {
      for (const keys of payloadVariants(c.payload)) {
        expect(keys.filter((k) => reserved.includes(k)), c.path).toEqual([]);
      }
    }
  });

  it('gives admin calls a required session', () => {
    for (const c of ALL_CALLS.filter((c) => c.role === 'admin')) expect(c.auth, c.path).toBe('required');
  });

  it('gives every admin/ call the admin role', () => {
    const adminCalls = ALL_CALLS.filter((c) => c.path.startsWith('admin/'));
    expect(adminCalls.length).toBeGreaterThan(0);
    for (const c of adminCalls) expect(c.role, c.path).toBe('admin');
  });
});

describe('idempotency', () => {
  it('is carried by every money-moving call, in every variant, and is required', () => {
    for (const path of MONEY_MOVING_PATHS) {
      const c = call(path);
      expect(c.mutates, path).toBe(true);
      for (const keys of payloadVariants(c.payload)) expect(keys, path).toContain('idempotency_key');
    }
  });

  it('is carried by every mutating call that names an amount or points', () => {
    for (const c of ALL_CALLS.filter((c) => c.mutates)) {
      for (const keys of payloadVariants(c.payload)) {
        if (keys.includes('amount') || keys.includes('points')) expect(keys, c.path).toContain('idempotency_key');
      }
    }
  });

  it('appears only on mutating calls', () => {
    for (const c of ALL_CALLS.filter((c) => !c.mutates)) {
      for (const keys of payloadVariants(c.payload)) expect(keys, c.path).not.toContain('idempotency_key');
    }
  });

  it('must be a uuid', () => {
    const base = { partner_uuid: UUID, price: 50 };
    expect(chat.unlockPartner.payload.safeParse(base).success).toBe(false);
    expect(chat.unlockPartner.payload.safeParse({ ...base, idempotency_key: 'again' }).success).toBe(false);
    expect(chat.unlockPartner.payload.safeParse({ ...base, idempotency_key: KEY }).success).toBe(true);
  });
});

/** Valid payloads, written as typed JSON (encrypted mode). */
const merchantSample = {
  name: 'Café Ñandú 東京',
  merchant_type: 3,
  tags: [1, 4, 9],
  city_id: 12,
  address: '1-2-3 Shibuya',
  lat: 35.6595,
  lng: 139.7005,
  phone: '+81 3-1234-5678',
  opening_hours: [{ day: 1, open: '18:00', close: '02:00' }],
  price_level: 2,
  description: 'A quiet bar.\nLive jazz on Fridays.',
  social: [{ type: 1, value: '@nandu' }],
  visible: false,
};
const partnerSample = {
  nickname: 'Mia',
  age: 24,
  sex: 2,
  body_type: 1,
  languages: [1, 3],
  intro: 'Guide for the old town.',
  city_id: 12,
  unlock_price: 80,
};
const visitSample = {
  merchant_id: 5,
  rating: 4,
  title: 'Good night',
  content: 'Friendly staff, fair prices.',
  visit_date: '2024-02-29',
};
const historySample = { page: 1, limit: 20, from_uuid: UUID, partner_uuid: KEY };
const cardPaySample = {
  type: OrderType.upgrade,
  item_id: 1,
  amount: 999,
  user_payment_method_id: 4,
  idempotency_key: KEY,
};
const popupPaySample = {
  type: OrderType.recharge,
  item_id: 102,
  amount: 499,
  payment_type: PaymentType.usdt,
  idempotency_key: KEY,
};
const bankWithdrawalSample = {
  method: 'bank_card',
  points: 1_500,
  account_name: 'Kim Min-jun',
  bank_name: 'KB Kookmin',
  card_number: '1234 5678 9012 3456',
  idempotency_key: KEY,
};
const usdtWithdrawalSample = {
  method: 'usdt',
  points: 1_000,
  network: 'ERC20',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  idempotency_key: KEY,
};
const kycSample = {
  consent: true,
  document_type: IdDocumentType.IdCard,
  issuing_country: 'de',
  document_number: 'L01X00T47',
  full_name: 'Erika Mustermann',
  birth_date: '1990-08-12',
};
const pageViewSample = { section: 'merchant', path: '/ja/merchant/12', at: 1_764_000_000_000 };

const SAMPLES: [ApiCall, Record<string, unknown>][] = [
  [merchant.list, { region_slug: 'kanto', city_slug: 'tokyo', merchant_type: 2, limit: 20, sort: 'newest' }],
  [merchant.create, merchantSample],
  [partner.create, partnerSample],
  [favorite.add, { source: 'partner', id: 7 }],
  [feedback.feedback, { feedback_type: 1, content: 'The map does not load on my phone.' }],
  [feedback.report, { target: 'user', id: UUID, reason: 3, text: 'Spam' }],
  [feedback.report, { target: 'message', to_uuid: UUID, partner_uuid: UUID, seq: 12, reason: 2 }],
  [feedback.visitReportCreate, visitSample],
  [dict.multi, { types: ['sex', 'language', 'report_reason'] }],
  [city.searchHistoryAdd, { keyword: 'Osaka', city_id: 3 }],
  [chat.getHistory, historySample],
  [chat.block, { uuid: UUID, block: true }],
  [payment.offSessionPay, cardPaySample],
  [payment.uPay, popupPaySample],
  [payment.orderHistory, { cursor: 'eyJpZCI6MTJ9', type: 6 }],
  [wallet.applyWithdraw, bankWithdrawalSample],
  [wallet.applyWithdraw, usdtWithdrawalSample],
  [kyc.applyKyc, kycSample],
  [track.track, { views: [pageViewSample] }],
  [admin.withdrawals, { status: 'pending', limit: 20 }],
  [admin.withdrawalReject, { id: 12, reason: 'The account name does not match.', idempotency_key: KEY }],
  [admin.reportResolve, { id: 3, outcome: 'dismissed', note: 'Nothing wrong' }],
  [admin.listingHide, { source: 'partner', id: 7, note: 'Photos of someone else' }],
  [admin.userLookup, { query: 'kim@example.test' }],
  [admin.userSignOut, { uuid: '0b6a3c52-5f0e-4d8e-9a51-2a4f0a1f6c11' }],
  [admin.auditLog, { action: 'withdrawal.pay', target_type: 'withdrawal', target_id: '12' }],
  [admin.kycQueue, { status: 3 }],
  [admin.kycReview, { id: 4, decision: 'reject', reason: 'The selfie is blurred.' }],
];

describe('sample payloads', () => {
  it.each(SAMPLES.map(([c, p]) => [c.path, c, p] as const))('%s parses as JSON and as form strings', (_, c, p) => {
    const typed = c.payload.safeParse(p);
    expect(typed.error?.issues ?? []).toEqual([]);
    const form = c.payload.safeParse(toForm(p));
    expect(form.error?.issues ?? []).toEqual([]);
    expect(form.data).toEqual(typed.data);
  });

  it('normalizes while parsing', () => {
    const parsed = merchant.create.payload.parse(merchantSample) as { visible: boolean; tags: number[] };
    expect(parsed.visible).toBe(false);
    const withdrawal = wallet.applyWithdraw.payload.parse(bankWithdrawalSample) as { card_number: string };
    expect(withdrawal.card_number).toBe('1234567890123456');
    expect((kyc.applyKyc.payload.parse(kycSample) as { issuing_country: string }).issuing_country).toBe('DE');
    const defaults = partner.create.payload.parse({ ...partnerSample, unlock_price: undefined }) as Record<string, unknown>;
    // Absent: the server applies its configured default (home/economy), not the contract.
    expect(defaults).toMatchObject({ tags: [], visible: true });
    expect(defaults.unlock_price).toBeUndefined();
  });
});

describe('hostile input', () => {
  const long = (n: number) => 'x'.repeat(n);
  const thirteen = yearsAgo(13);

  const HOSTILE: [string, ApiCall, Record<string, unknown>][] = [
    ['oversize name', merchant.create, { ...merchantSample, name: long(101) }],
    ['oversize description', merchant.create, { ...merchantSample, description: long(5_001) }],
    ['control characters', merchant.create, { ...merchantSample, name: 'Bar\u0000' }],
    ['too many tags', merchant.create, { ...merchantSample, tags: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }],
    ['repeated tags', merchant.create, { ...merchantSample, tags: [1, 1] }],
    ['tags not JSON', merchant.create, { ...merchantSample, tags: '[1,2' }],
    ['half a location', merchant.create, { ...merchantSample, lng: undefined }],
    ['price level as text', merchant.create, { ...merchantSample, price_level: 'cheap' }],
    ['bad opening time', merchant.create, { ...merchantSample, opening_hours: [{ day: 8, open: '25:00', close: '' }] }],
    ['negative id', merchant.detail, { id: -1 }],
    ['negative id as string', merchant.detail, { id: '-5' }],
    ['zero id', merchant.detail, { id: 0 }],
    ['fractional id', merchant.detail, { id: '1.5' }],
    ['id as object', favorite.add, { source: 'merchant', id: { $gt: 0 } }],
    ['unknown source', favorite.add, { source: 'user', id: 1 }],
    ['oversize limit', merchant.list, { limit: 1_000 }],
    ['city without region', merchant.list, { city_slug: 'tokyo' }],
    ['slug injection', merchant.list, { region_slug: "kanto' OR 1=1" }],
    ['cursor injection', favorite.list, { source: 'merchant', cursor: '../../etc' }],
    ['underage partner', partner.create, { ...partnerSample, age: 17 }],
    ['too many languages', partner.create, { ...partnerSample, languages: [1, 2, 3, 4, 5, 6] }],
    ['unlock price beyond any configuration', partner.create, { ...partnerSample, unlock_price: 1_000_001 }],
    ['short feedback', feedback.feedback, { feedback_type: 1, content: 'bad' }],
    ['oversize feedback', feedback.feedback, { feedback_type: 1, content: long(1_001) }],
    ['user reported by number', feedback.report, { target: 'user', id: 5, reason: 1 }],
    ['unknown report target', feedback.report, { target: 'everyone', id: 5, reason: 1 }],
    ['rating 6', feedback.visitReportCreate, { ...visitSample, rating: 6 }],
    ['future visit', feedback.visitReportCreate, { ...visitSample, visit_date: '2999-01-01' }],
    ['impossible date', feedback.visitReportCreate, { ...visitSample, visit_date: '2023-02-29' }],
    ['unknown dictionary', dict.multi, { types: ['sex', 'passwords'] }],
    ['no dictionaries', dict.multi, { types: [] }],
    ['13-year-old', kyc.applyKyc, { ...kycSample, birth_date: thirteen }],
    ['one day short of 18', kyc.applyKyc, { ...kycSample, birth_date: yearsAgo(18, 1) }],
    ['unknown document type', kyc.applyKyc, { ...kycSample, document_type: 4 }],
    ['bad country', kyc.applyKyc, { ...kycSample, issuing_country: 'Germany' }],
    ['no agreement to the check', kyc.applyKyc, { ...kycSample, consent: false }],
    ['the agreement left out', kyc.applyKyc, { ...kycSample, consent: undefined }],
    ['withdraw of no points', wallet.applyWithdraw, { ...bankWithdrawalSample, points: 0 }],
    ['unknown method', wallet.applyWithdraw, { ...bankWithdrawalSample, method: 'cash' }],
    ['bad card number', wallet.applyWithdraw, { ...bankWithdrawalSample, card_number: '1234abcd' }],
    ['address of another network', wallet.applyWithdraw, { ...usdtWithdrawalSample, network: 'TRC20' }],
    ['two payment methods', payment.offSessionPay, { ...cardPaySample, payment_method_id: 'pm_123' }],
    ['no payment method', payment.offSessionPay, { ...cardPaySample, user_payment_method_id: undefined }],
    ['order type 7', payment.uPay, { ...popupPaySample, type: 7 }],
    ['popup with a card', payment.uPay, { ...popupPaySample, payment_type: PaymentType.creditCard }],
    ['negative amount', payment.uPay, { ...popupPaySample, amount: -100 }],
    ['fractional cents', payment.uPay, { ...popupPaySample, amount: 9.99 }],
    ['page size over 20', chat.getHistory, { ...historySample, limit: 21 }],
    ['empty track batch', track.track, { views: [] }],
    ['oversize track batch', track.track, { views: Array.from({ length: 51 }, () => pageViewSample) }],
    ['oversize track path', track.track, { views: [{ ...pageViewSample, path: `/${long(300)}` }] }],
    ['track path with a query', track.track, { views: [{ ...pageViewSample, path: '/search?q=x' }] }],
    ['track time in 1970', track.track, { views: [{ ...pageViewSample, at: 0 }] }],
    ['unknown section', track.track, { views: [{ ...pageViewSample, section: 'admin' }] }],
    ['rejection without a reason', admin.withdrawalReject, { id: 12, reason: '  ', idempotency_key: KEY }],
    ['payout without a key', admin.withdrawalPay, { id: 12 }],
    ['unknown withdrawal status', admin.withdrawals, { status: 'approved' }],
    ['report reopened', admin.reportResolve, { id: 3, outcome: 'open' }],
    ['hide without a note', admin.listingHide, { source: 'merchant', id: 7 }],
    ['hide a user', admin.listingHide, { source: 'user', id: 7, note: 'Spam' }],
    ['audit target without its type', admin.auditLog, { target_id: '12' }],
    ['KYC rejection without a reason', admin.kycReview, { id: 4, decision: 'reject' }],
    ['KYC status 0', admin.kycQueue, { status: 0 }],
  ];

  it.each(HOSTILE)('rejects %s, with message keys', (_, c, p) => {
    for (const input of [p, toForm(Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)))]) {
      const result = c.payload.safeParse(input);
      expect(result.success).toBe(false);
      for (const issue of result.error!.issues) expect(issue.message).toMatch(MESSAGE_KEY);
    }
  });

  it('answers missing or mistyped fields of every call with message keys', () => {
    for (const c of ALL_CALLS) {
      for (const keys of payloadVariants(c.payload)) {
        const junk = Object.fromEntries(keys.map((k) => [k, { $ne: null }]));
        for (const input of [{}, junk]) {
          const result = c.payload.safeParse(input);
          for (const issue of result.error?.issues ?? []) expect(issue.message, c.path).toMatch(MESSAGE_KEY);
        }
        if (keys.length > 0) expect(c.payload.safeParse(junk).success, c.path).toBe(false);
      }
    }
  });
});

describe('kyc', () => {
  const on = new Date(Date.UTC(2025, 5, 15));

  it('counts age in whole years', () => {
    expect(kyc.ageOn('2007-06-15', on)).toBe(18);
    expect(kyc.ageOn('2007-06-16', on)).toBe(17);
    expect(kyc.ageOn('2012-06-15', on)).toBe(13);
    expect(kyc.ageOn('2007-02-30', on)).toBeNull();
    expect(kyc.isAdult('2007-06-15', on)).toBe(true);
    expect(kyc.isAdult('2007-06-16', on)).toBe(false);
    expect(kyc.isAdult('2999-01-01', on)).toBe(false);
    // Born on 29 February: adult on 1 March of a common year.
    expect(kyc.isAdult('2004-02-29', new Date(Date.UTC(2022, 1, 28)))).toBe(false);
    expect(kyc.isAdult('2004-02-29', new Date(Date.UTC(2022, 2, 1)))).toBe(true);
  });

  it('needs a back image except for passports, and refuses one for passports', () => {
    const uploads = (document_type: number, back: boolean) =>
      kyc.kycUploads.safeParse({ document_type, front: true, back, selfie: true }).success;
    expect(uploads(IdDocumentType.Passport, false)).toBe(true);
    expect(uploads(IdDocumentType.Passport, true)).toBe(false);
    expect(uploads(IdDocumentType.IdCard, true)).toBe(true);
    expect(uploads(IdDocumentType.IdCard, false)).toBe(false);
    expect(uploads(IdDocumentType.DriverLicense, false)).toBe(false);
    expect(kyc.kycUploads.safeParse({ document_type: 1, front: false, back: false, selfie: true }).success).toBe(
      false,
    );
  });
});

describe('vocabularies', () => {
  it('offers exactly the withdrawal methods of enums.ts', () => {
    const methods = wallet.withdrawalApplication.options.map((o) => o.shape.method.value);
    expect([...methods].sort()).toEqual([...WithdrawalMethod].sort());
  });

  it('reports exactly the targets it names', () => {
    const report = feedback.report.payload as z.ZodDiscriminatedUnion<z.ZodObject[]>;
    const targets = report.options.map((o) => (o.shape.target as z.ZodLiteral<string>).value);
    expect([...targets].sort()).toEqual([...feedback.REPORT_TARGETS].sort());
  });

  it('has one call per dictionary', () => {
    for (const type of dict.DICT_TYPES) expect(CALL_BY_PATH.has(`dict/${type}`), type).toBe(true);
  });
});

describe('economy', () => {
  const PAYMENT_OPTIONS = DEFAULT_ECONOMY.payment_options;

  it('defaults to DESIGN section 6, in cents and points', () => {
    // Literal values of DESIGN section 6, not the constants the code uses.
    expect(DEFAULT_ECONOMY.membership_plans).toEqual([
      { item_id: 1, code: 'monthly', days: 30, amount: 999 },
      { item_id: 2, code: 'annual', days: 365, amount: 8999 },
    ]);
    expect(DEFAULT_ECONOMY.coin_packs).toEqual([
      { item_id: 101, coins: 100, amount: 99 },
      { item_id: 102, coins: 550, amount: 499 },
      { item_id: 103, coins: 1200, amount: 999 },
    ]);
    expect(DEFAULT_ECONOMY.unlock_price).toEqual({ min: 10, max: 1000, default: 50 });
    expect(DEFAULT_ECONOMY.owner_share_percent).toBe(80);
    expect(DEFAULT_ECONOMY.withdrawal_rate).toBe(1);
    expect(DEFAULT_ECONOMY.withdrawal_min_points).toBe(1000);
    expect(PAYMENT_OPTIONS.map((o) => [o.payment_type, o.min_money, o.max_money])).toEqual([
      [999, null, null],
      [6, 1000, 1000000],
      [1, 100, 500000],
      [4, 100, 500000],
      [0, null, null],
    ]);
    expect(economyConfig.safeParse(DEFAULT_ECONOMY).success).toBe(true);
  });

  it('refuses an inconsistent configuration', () => {
    expect(economyConfig.safeParse({ ...DEFAULT_ECONOMY, unlock_price: { min: 10, max: 5, default: 7 } }).success).toBe(false);
    expect(economyConfig.safeParse({ ...DEFAULT_ECONOMY, withdrawal_rate: 0.01 }).success).toBe(false);
    expect(economyConfig.safeParse({ ...DEFAULT_ECONOMY, coin_packs: [...DEFAULT_ECONOMY.coin_packs, DEFAULT_ECONOMY.coin_packs[0]] }).success).toBe(false);
  });

  it('prices every plan and pack, and nothing else', () => {
    for (const plan of DEFAULT_ECONOMY.membership_plans) expect(itemAmount(DEFAULT_ECONOMY, OrderType.upgrade, plan.item_id)).toBe(plan.amount);
    for (const pack of DEFAULT_ECONOMY.coin_packs) expect(itemAmount(DEFAULT_ECONOMY, OrderType.recharge, pack.item_id)).toBe(pack.amount);
    expect(itemAmount(DEFAULT_ECONOMY, OrderType.upgrade, 101)).toBeUndefined();
    expect(itemAmount(DEFAULT_ECONOMY, OrderType.recharge, 1)).toBeUndefined();
  });

  it('offers every payment type once, and range-checks only the ranged ones', () => {
    const types = PAYMENT_OPTIONS.map((o) => o.payment_type);
    expect([...types].sort()).toEqual(Object.values(PaymentType).sort());
    expect(new Set(PAYMENT_OPTIONS.map((o) => o.pay_type_id)).size).toBe(PAYMENT_OPTIONS.length);
    const usdt = PAYMENT_OPTIONS.find((o) => o.payment_type === PaymentType.usdt)!;
    expect(isAmountInRange(usdt, 999)).toBe(false);
    expect(isAmountInRange(usdt, 1_000)).toBe(true);
    const card = PAYMENT_OPTIONS.find((o) => o.payment_type === PaymentType.creditCard)!;
    expect(isAmountInRange(card, 99_999_999)).toBe(true);
    for (const option of PAYMENT_OPTIONS) expect(payment.paymentOption.safeParse(option).success).toBe(true);
  });
});
