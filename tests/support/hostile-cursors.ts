/**
 * Crafted `cursor` values for every call of the contract that takes one (issue 29): the wire form of the server's
 * own cursor for the call's default list (server/directory/recent-cursor.ts, listing-cursor.ts,
 * server/admin/admin-cursor.ts, the wallet's, the KYC queue's and the order history's), with an id (or sort key)
 * that is huge, negative, fractional, non-numeric or beyond 2^31 and 2^63. Such a cursor passes the contract's
 * pattern, so only the server's decoding stands between it and the database: it must answer status 0 naming
 * `cursor`, or a page, never a fault. A new cursor-taking call fails the fuzz test until it is listed here.
 */

const b64 = (fields: Record<string, unknown>) => Buffer.from(JSON.stringify(fields)).toString('base64url');

/**
 * Values for a cursor's id and sort key, as numbers and as the decimal text bigint ids travel in: around the integer
 * and bigint column limits (2^31 - 1, 2^63 - 1), negative, fractional, beyond JavaScript's exact integers, not
 * numbers at all.
 */
export const HOSTILE_CURSOR_VALUES: readonly unknown[] = [
  -1, 1.5, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 2 ** 63, 1e308,
  '-1', '2147483647', '2147483648', '4294967296', '99999999999', '999999999999999999', '9223372036854775807',
  '9223372036854775808', '99999999999999999999', '1e3', 'abc',
  null, [1],
];

/** A valid moment and uuid, for the parts of a cursor that are not under test. */
const MICROS = '1700000000000000';
const UUID = '00000000-0000-4000-8000-000000000000';

export interface CursorCall {
  /** The rest of a valid payload (fields the call requires). */
  payload: Record<string, unknown>;
  /**
   * Cursors of the call's default list: the first with `value` as the id, then one with it as each sort key
   * (`merchantId`: see `merchant`).
   */
  cursors(value: unknown, merchantId: number): string[];
  /** The column the cursor's id is compared with: an id beyond an integer one is refused, never queried. */
  idColumn: 'integer' | 'bigint' | 'uuid';
  /** Needs an admin's session. */
  admin?: boolean;
  /** Needs a merchant that can be read: its id goes in the payload as `merchant_id` and names the list. */
  merchant?: boolean;
}

export const CURSOR_CALLS: Readonly<Record<string, CursorCall>> = {
  'admin/withdrawals': { admin: true, idColumn: 'integer', payload: {}, cursors: (v) => [b64({ l: 'withdrawals:all', id: v })] },
  'admin/reports': { admin: true, idColumn: 'integer', payload: {}, cursors: (v) => [b64({ l: 'reports:open:all', id: v })] },
  'admin/listings': { admin: true, idColumn: 'integer', payload: { source: 'merchant' }, cursors: (v) => [b64({ l: 'listings:merchant:hidden:all', id: v })] },
  'admin/auditLog': { admin: true, idColumn: 'bigint', payload: {}, cursors: (v) => [b64({ l: 'audit:::', id: v })] },
  'admin/kycQueue': { admin: true, idColumn: 'integer', payload: {}, cursors: (v) => [b64({ l: 'kyc', s: 1, i: v })] },
  'user/buyLog': { idColumn: 'bigint', payload: {}, cursors: (v) => [b64({ l: 'points', id: v })] },
  'user/withdrawalLog': { idColumn: 'integer', payload: {}, cursors: (v) => [b64({ l: 'withdrawals', id: v })] },
  'user/merchants': { idColumn: 'integer', payload: {}, cursors: (v) => [b64({ l: 'm', o: 'o', k: null, i: v })] },
  'user/partners': { idColumn: 'integer', payload: {}, cursors: (v) => [b64({ l: 'p', o: 'o', k: null, i: v })] },
  'merchant/list': { idColumn: 'integer', payload: {}, cursors: (v) => [b64({ l: 'm', o: 'p', k: 0, i: v }), b64({ l: 'm', o: 'p', k: v, i: 1 })] },
  'partner/list': { idColumn: 'integer', payload: {}, cursors: (v) => [b64({ l: 'p', o: 'p', k: 0, i: v }), b64({ l: 'p', o: 'p', k: v, i: 1 })] },
  'favorite/list': { idColumn: 'integer', payload: { source: 'merchant' }, cursors: (v) => [b64({ l: 'fav:merchant', t: MICROS, i: v }), b64({ l: 'fav:merchant', t: v, i: 1 })] },
  'merchant/visitReports': {
    idColumn: 'integer',
    merchant: true,
    payload: {},
    cursors: (v, merchantId) => [b64({ l: `vr:${merchantId}`, t: MICROS, i: v }), b64({ l: `vr:${merchantId}`, t: v, i: 1 })],
  },
  'payment/orderHistory': { idColumn: 'uuid', payload: {}, cursors: (v) => [b64({ l: 'orders', at: MICROS, id: v }), b64({ l: 'orders', at: v, id: UUID })] },
};
