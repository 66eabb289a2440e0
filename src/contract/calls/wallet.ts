import { z } from 'zod';
import { defineCall } from '../call';
import { EMAIL_MAX } from '../constants';
import { WithdrawalMethod, WithdrawalStatus } from '../feature-enums';
import * as f from '../fields';
import { dateTime, idempotencyKey, pageQuery, pagedList, rowId } from '../shapes';

/**
 * The wallet (spec section 7 "User": buyLog, apply_withdraw, withdrawalLog; DESIGN section 6). Balances and logs are
 * read from the ledger. No separate points-overview call: /member/point shows the wallet fields user/me already
 * carries (fun_score, withdrawable_fun_score, withdrawable_amount, withdrawal_rate), and the spec lists none.
 */

export const WITHDRAWAL_MAX_POINTS = 100_000_000;
export const ACCOUNT_NAME_MAX = 100;

/** What moved points: a coin purchase, an unlock (spent by the reader, earned by the owner), a withdrawal hold
 * and its release on rejection, and a manual correction by an admin. */
export const POINTS_LOG_KINDS = [
  'recharge',
  'unlock_spend',
  'unlock_earn',
  'withdraw_hold',
  'withdraw_release',
  'adjustment',
] as const;
export type PointsLogKind = (typeof POINTS_LOG_KINDS)[number];

/** One ledger entry of the caller's points: `points` is signed, `balance` is fun_score after it. */
export const pointsLogItem = z.object({
  id: rowId,
  kind: z.enum(POINTS_LOG_KINDS),
  points: z.number().int(),
  /** Earned (withdrawable) points rather than purchased coins. */
  withdrawable: z.boolean(),
  balance: z.number().int().min(0),
  /** The order id, partner nickname or withdrawal id the entry belongs to; null for adjustments. */
  ref: z.string().nullable(),
  created_at: dateTime,
});
export type PointsLogItem = z.infer<typeof pointsLogItem>;

/** The points log (/member/point/log), newest first. */
export const buyLog = defineCall({
  path: 'user/buyLog',
  mutates: false,
  auth: 'required',
  payload: pageQuery,
  response: pagedList(pointsLogItem),
});

const withdrawalBase = {
  /** The configured minimum (home/economy `withdrawal_min_points`) is checked by the server. */
  points: f.int(1, WITHDRAWAL_MAX_POINTS),
  idempotency_key: idempotencyKey,
};

const accountName = f.text(1, ACCOUNT_NAME_MAX);

/** Digits only, spaces and dashes as typed are dropped. */
const cardNumber = z
  .string({ message: 'zod.string.invalid' })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{8,30}$/, { message: 'errors.withdraw.cardNumber' }));

export const USDT_NETWORKS = ['TRC20', 'ERC20'] as const;
const USDT_ADDRESS: Record<(typeof USDT_NETWORKS)[number], RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
};

/**
 * A withdrawal application; the account fields depend on the method. Requires KYC approved (server-checked) and
 * holds the points until an admin pays or rejects it.
 */
export const withdrawalApplication = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('bank_card'),
      ...withdrawalBase,
      account_name: accountName,
      bank_name: f.text(1, ACCOUNT_NAME_MAX),
      card_number: cardNumber,
    }),
    z
      .object({
        method: z.literal('usdt'),
        ...withdrawalBase,
        network: z.enum(USDT_NETWORKS, { message: 'zod.enum.invalid' }),
        address: f.text(1, 64),
      })
      .refine((p) => USDT_ADDRESS[p.network].test(p.address), {
        message: 'errors.withdraw.address',
        path: ['address'],
      }),
    z.object({
      method: z.literal('alipay'),
      ...withdrawalBase,
      account_name: accountName,
      /** The Alipay login: a phone number or an e-mail address. */
      alipay_account: f.text(1, EMAIL_MAX),
    }),
  ],
  { message: 'zod.enum.invalid' },
);
export type WithdrawalApplication = z.infer<typeof withdrawalApplication>;

/** A withdrawal as its owner sees it; the account is masked (last 4 characters). */
export const withdrawal = z.object({
  id: rowId,
  points: z.number().int().min(1),
  /** Cents: points × withdrawal_rate at application time. */
  amount: z.number().int().min(0),
  method: z.enum(WithdrawalMethod),
  account_mask: z.string(),
  status: z.enum(WithdrawalStatus),
  reject_reason: z.string().nullable(),
  created_at: dateTime,
  processed_at: dateTime.nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

/** The withdrawal form's fields: the method, the points, and every method's account fields. */
export const WITHDRAW_FIELDS = ['method', 'points', 'account_name', 'bank_name', 'card_number', 'network', 'address', 'alipay_account'] as const;
export type WithdrawField = (typeof WITHDRAW_FIELDS)[number];

/** The account fields each method asks for, besides the method and the points. */
export const METHOD_FIELDS: Record<WithdrawalApplication['method'], readonly WithdrawField[]> = {
  bank_card: ['account_name', 'bank_name', 'card_number'],
  usdt: ['network', 'address'],
  alipay: ['account_name', 'alipay_account'],
};

export const applyWithdraw = defineCall({
  path: 'user/apply_withdraw',
  mutates: true,
  auth: 'required',
  payload: withdrawalApplication,
  response: withdrawal,
});

export const withdrawalLog = defineCall({
  path: 'user/withdrawalLog',
  mutates: false,
  auth: 'required',
  payload: pageQuery,
  response: pagedList(withdrawal),
});
