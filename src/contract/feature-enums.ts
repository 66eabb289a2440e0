/**
 * The enums of the feature pages and the server (listings, wallet and payments, chat, KYC documents, dialogs,
 * tracking, roles), apart from enums.ts: that one holds what the first page needs (locales, storage keys, user levels,
 * membership) and is in its script, so these values load only with the pages that use them.
 */

export const IdDocumentType = { Passport: 1, IdCard: 2, DriverLicense: 3 } as const;
export type IdDocumentType = (typeof IdDocumentType)[keyof typeof IdDocumentType];

export const SocialChannel = { Telegram: 1, WhatsApp: 2, WeChat: 3, LINE: 4, Twitter: 5 } as const;
export type SocialChannel = (typeof SocialChannel)[keyof typeof SocialChannel];

export const TokenPurpose = { Session: 1, ResetPassword: 3, VerifyEmail: 4 } as const;
export type TokenPurpose = (typeof TokenPurpose)[keyof typeof TokenPurpose];

export const PaymentType = { other: 0, aliPay: 1, unionPay: 4, usdt: 6, creditCard: 999 } as const;
export type PaymentType = (typeof PaymentType)[keyof typeof PaymentType];

export const PAYMENT_METHOD_NAMES: Record<PaymentType, string> = {
  0: 'other', 1: 'alipay', 4: 'unionpay', 6: 'usdt', 999: 'stripe',
};

export const OrderType = { upgrade: 5, recharge: 6 } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

export const OrderStatus = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof OrderStatus)[number];

export const WithdrawalStatus = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WithdrawalStatus)[number];

export const WithdrawalMethod = ['bank_card', 'usdt', 'alipay'] as const;
export type WithdrawalMethod = (typeof WithdrawalMethod)[number];

export const ListingStatus = ['pending', 'published', 'hidden'] as const;
export type ListingStatus = (typeof ListingStatus)[number];

/** API result codes of the response envelope. */
export const ApiStatus = { Error: 0, Success: 1, TokenExpired: 422 } as const;
export type ApiStatus = (typeof ApiStatus)[keyof typeof ApiStatus];

export const ChatSocketStatus = { CLOSED: 'CLOSED', CONNECTING: 'CONNECTING', OPEN: 'OPEN' } as const;
export type ChatSocketStatus = (typeof ChatSocketStatus)[keyof typeof ChatSocketStatus];

export const ChatContentType = ['text', 'photos', 'unlock'] as const;
export type ChatContentType = (typeof ChatContentType)[number];

export const DialogMessageType = ['info', 'success', 'error', 'warning', 'custom', 'notify', 'confirm'] as const;
export type DialogMessageType = (typeof DialogMessageType)[number];

/** The four dialogs whose open/closed state is tracked app-wide (spec section 2). */
export const TrackedDialog = ['auth', 'search', 'payment', 'photo'] as const;
export type TrackedDialog = (typeof TrackedDialog)[number];

export const ClientId = { pwa: 'pwa', web: 'web' } as const;
export type ClientId = (typeof ClientId)[keyof typeof ClientId];

export const Role = { member: 'member', admin: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];

/** Page-view sections of spec section 2. */
export const TrackSection = [
  'merchant', 'partner', 'deep_report', 'search', 'message', 'favorite', 'mine', 'homepage',
] as const;
export type TrackSection = (typeof TrackSection)[number];
