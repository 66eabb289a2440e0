import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { TrackSection } from '@/contract/feature-enums';

/** The database as Kysely sees it: one interface per table (STYLE rule 23). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type BigIntColumn = ColumnType<string, string | number | bigint, string | number | bigint>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type GeneratedBigInt = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;

export interface UserTable {
  uuid: string;
  username: string;
  username_key: string;
  email: string;
  email_key: string;
  email_validation: Generated<boolean>;
  password_hash: string;
  nickname: string;
  image: Generated<string>;
  thumb: Generated<string>;
  role: Generated<'member' | 'admin'>;
  kyc_status: Generated<number>;
  kyc_created_at: NullableTimestamp;
  merchant_count: Generated<number>;
  partner_count: Generated<number>;
  version: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /**
   * The language of the account's latest signed-in request (a Locale; migration 2026-11-28-0010): the chat socket
   * pushes the system contact's notices in it.
   */
  locale: Generated<string>;
}
export type UserRow = Selectable<UserTable>;
export type InsertableUserRow = Insertable<UserTable>;
export type UpdateableUserRow = Updateable<UserTable>;

export interface UserTokenTable {
  id: GeneratedBigInt;
  user_uuid: string;
  purpose: number;
  token_hash: string;
  created_at: GeneratedTimestamp;
  last_used_at: GeneratedTimestamp;
  expires_at: NullableTimestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  attempts: Generated<number>;
  client: string | null;
}
export type UserTokenRow = Selectable<UserTokenTable>;

export interface GuestTable {
  oauth_id: string;
  oauth_type: string;
  client: string;
  user_uuid: string | null;
  first_seen_at: GeneratedTimestamp;
  last_seen_at: GeneratedTimestamp;
}

export interface MembershipTable {
  id: GeneratedBigInt;
  user_uuid: string;
  plan_item: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  order_id: string | null;
  created_at: GeneratedTimestamp;
}

export interface LedgerTransferTable {
  id: GeneratedBigInt;
  idempotency_key: string;
  kind: string;
  memo: ColumnType<unknown, string | undefined, string>;
  created_at: GeneratedTimestamp;
}

export interface LedgerEntryTable {
  id: GeneratedBigInt;
  transfer_id: BigIntColumn;
  account: string;
  user_uuid: string | null;
  amount: BigIntColumn;
  created_at: GeneratedTimestamp;
}

/** Each account's balance, kept by a trigger on ledger_entries; never negative but for platform accounts. */
export interface LedgerAccountTable {
  account: string;
  user_uuid: string | null;
  balance: BigIntColumn;
}

export interface WithdrawalTable {
  id: Generated<number>;
  user_uuid: string;
  idempotency_key: string;
  points: number;
  /** Cents. */
  amount: BigIntColumn;
  method: 'bank_card' | 'usdt' | 'alipay';
  account: Json<Record<string, string>>;
  account_mask: string;
  status: Generated<'pending' | 'paid' | 'rejected'>;
  reject_reason: string | null;
  created_at: GeneratedTimestamp;
  processed_at: NullableTimestamp;
  /** The admin who paid or rejected it. */
  processed_by: string | null;
  /** The idempotency key of the admin's pay or reject request. */
  processed_key: string | null;
  /** Points of it held from test-funded earnings (ledger `…:earned:test`); any makes it unpayable (issue 29). */
  test_points: Generated<number>;
}
export type WithdrawalRow = Selectable<WithdrawalTable>;

export interface OrderTable {
  order_id: string;
  user_uuid: string;
  idempotency_key: string;
  /** 5 upgrade, 6 recharge. */
  type: number;
  item_id: number;
  /** Cents. */
  amount: BigIntColumn;
  currency: string;
  payment_type: number;
  provider: 'sandbox' | 'stripe';
  /** Paid in a test mode (the sandbox, or Stripe with a test key): what it grants is test funds (issue 29). */
  test_mode: boolean;
  provider_ref: string | null;
  status: Generated<'pending' | 'paid' | 'failed' | 'expired' | 'refunded'>;
  created_at: GeneratedTimestamp;
  paid_at: NullableTimestamp;
}
export type OrderRow = Selectable<OrderTable>;

export interface PaymentEventTable {
  provider: string;
  event_id: string;
  type: string;
  order_id: string | null;
  received_at: GeneratedTimestamp;
}

export interface CardSetupTable {
  id: string;
  user_uuid: string;
  client_secret_hash: string;
  status: Generated<'requires_payment_method' | 'processing' | 'succeeded' | 'failed'>;
  payment_method_id: string | null;
  /** A setup that needed authentication completes at this time (the sandbox's stand-in for the bank's answer). */
  ready_at: NullableTimestamp;
  /** The card's expiry as the sandbox's card element sent it, kept until the setup saves the card. */
  exp_month: number | null;
  exp_year: number | null;
  created_at: GeneratedTimestamp;
}

export interface PaymentCardTable {
  id: Generated<number>;
  user_uuid: string;
  provider: 'sandbox' | 'stripe';
  provider_pm_id: string;
  brand: string;
  last4: string;
  /** 1–12 and the full year; null for cards saved before the provider told it (migration 2026-11-29-0010). */
  exp_month: number | null;
  exp_year: number | null;
  is_default: Generated<boolean>;
  is_ban: Generated<boolean>;
  created_at: GeneratedTimestamp;
  deleted_at: NullableTimestamp;
}
export type PaymentCardRow = Selectable<PaymentCardTable>;

/** The user's Stripe Customer, created once (the Stripe provider). */
export interface StripeCustomerTable {
  user_uuid: string;
  customer_id: string;
  created_at: GeneratedTimestamp;
}

export interface MailOutboxTable {
  id: GeneratedBigInt;
  kind: string;
  to_address: string;
  locale: string;
  subject: string;
  body_text: string;
  created_at: GeneratedTimestamp;
  sent_at: NullableTimestamp;
  error: string | null;
  /** Set when body_text holds a secret (no SMTP): the row is purged after this time. */
  secret_expires_at: NullableTimestamp;
}
export type MailOutboxRow = Selectable<MailOutboxTable>;

export interface PageViewTable {
  id: GeneratedBigInt;
  /** The guest id (session field oauth_id) that sent the view. */
  oauth_id: string;
  user_uuid: string | null;
  section: TrackSection;
  path: string;
  /** The client's `at`, clamped to [received_at − 1 day, received_at + 5 min]. */
  viewed_at: Timestamp;
  received_at: GeneratedTimestamp;
  client: string;
}
export type PageViewRow = Selectable<PageViewTable>;
export type InsertablePageViewRow = Insertable<PageViewTable>;

/** A purchase tracking record (spec section 3), one per paid order. */
export interface PurchaseRecordTable {
  transaction_id: string;
  user_uuid: string;
  /** Cents. */
  value: ColumnType<string, number, never>;
  currency: string;
  plan: string | null;
  payment_method: string;
  fun_amount: number;
  recorded_at: GeneratedTimestamp;
}

/**
 * One encrypted document image of a KYC submission: the file under DATA_DIR/kyc (a path relative to it) with the
 * AES-256-GCM iv and authentication tag (base64) that decrypt it, and the re-encoded picture's size.
 */
export interface KycImageRef {
  file: string;
  iv: string;
  tag: string;
  width: number;
  height: number;
}

/** A KYC submission (DESIGN section 5); status is KycStatus 1 Applying, 2 Approved, 3 Rejected. */
export interface KycSubmissionTable {
  id: Generated<number>;
  user_uuid: string;
  document_type: number;
  issuing_country: string;
  document_number: string;
  full_name: string;
  /** 'YYYY-MM-DD' when written; read it with to_char (a date column would come back as a local-time Date). */
  birth_date: ColumnType<Date | string, string, string>;
  front: ColumnType<KycImageRef, string, string>;
  back: ColumnType<KycImageRef | null, string | null, string | null>;
  selfie: ColumnType<KycImageRef, string, string>;
  status: Generated<number>;
  reject_reason: string | null;
  submitted_at: GeneratedTimestamp;
  reviewed_at: NullableTimestamp;
  reviewer_uuid: string | null;
  /** When the member's agreement to the check arrived with the application (null before issue 31 item 7). */
  consented_at: NullableTimestamp;
}
export type KycSubmissionRow = Selectable<KycSubmissionTable>;

/** { locale: name } for the 15 locales. */
export type LocalizedNames = Partial<Record<string, string>>;
type Json<T> = ColumnType<T, string | T, string | T>;
type NullableJson<T> = ColumnType<T | null, string | T | null | undefined, string | T | null>;

/** An image as stored in a listing row (the cover) or the photos table. */
export interface ImageJson {
  image: string;
  thumb: string;
  width: number;
  height: number;
}

export interface RegionTable {
  id: Generated<number>;
  slug: string;
  names: Json<LocalizedNames>;
  /** Every name and the slug, normalized by searchKey() and joined with '\n'. */
  search_key: string;
  sort: Generated<number>;
}
export type RegionRow = Selectable<RegionTable>;

export interface CityTable {
  id: Generated<number>;
  region_id: number;
  slug: string;
  names: Json<LocalizedNames>;
  search_key: string;
  sort: Generated<number>;
}
export type CityRow = Selectable<CityTable>;

export interface DictEntryTable {
  type: string;
  id: number;
  names: Json<LocalizedNames>;
  sort: Generated<number>;
}
export type DictEntryRow = Selectable<DictEntryTable>;

export type ListingStatusColumn = 'pending' | 'published' | 'hidden';

export interface MerchantTable {
  id: Generated<number>;
  owner_uuid: string;
  name: string;
  merchant_type: number;
  tags: ColumnType<number[], string | number[] | undefined, string | number[]>;
  region_id: number;
  city_id: number;
  address: string;
  lat: number | null;
  lng: number | null;
  phone: string | null;
  opening_hours: ColumnType<{ day: number; open: string; close: string }[], string | undefined, string>;
  price_level: number;
  description: string;
  social: ColumnType<{ type: number; value: string }[], string | undefined, string>;
  cover: NullableJson<ImageJson>;
  visible: Generated<boolean>;
  status: Generated<ListingStatusColumn>;
  moderation_note: string | null;
  favorite_count: Generated<number>;
  report_count: Generated<number>;
  rating_sum: Generated<number>;
  search_key: string;
  /** The idempotency key of the merchant/create that made it (migration 2026-11-30-0040); null without one. */
  create_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
export type MerchantRow = Selectable<MerchantTable>;
export type InsertableMerchantRow = Insertable<MerchantTable>;

export interface PartnerTable {
  id: Generated<number>;
  /** The profile's chat identity (chat calls' partner_uuid). */
  uuid: string;
  owner_uuid: string;
  merchant_id: number | null;
  nickname: string;
  age: number;
  sex: number;
  body_type: number;
  languages: ColumnType<number[], string | undefined, string>;
  drive_type: number | null;
  height: number | null;
  intro: string;
  tags: ColumnType<number[], string | undefined, string>;
  region_id: number;
  city_id: number;
  unlock_price: Generated<number>;
  cover: NullableJson<ImageJson>;
  visible: Generated<boolean>;
  status: Generated<ListingStatusColumn>;
  moderation_note: string | null;
  favorite_count: Generated<number>;
  search_key: string;
  /** The idempotency key of the partner/create that made it (migration 2026-11-30-0040); null without one. */
  create_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
export type PartnerRow = Selectable<PartnerTable>;
export type InsertablePartnerRow = Insertable<PartnerTable>;

export type PhotoOwnerKind = 'merchant' | 'partner' | 'visit_report' | 'feedback';
export interface PhotoTable {
  id: GeneratedBigInt;
  owner_kind: PhotoOwnerKind;
  owner_id: number;
  position: number;
  image: string;
  thumb: string;
  width: number;
  height: number;
  created_at: GeneratedTimestamp;
}
export type PhotoRow = Selectable<PhotoTable>;

export interface FavoriteTable {
  user_uuid: string;
  source: 'merchant' | 'partner';
  listing_id: number;
  created_at: GeneratedTimestamp;
}

export interface VisitReportTable {
  id: Generated<number>;
  merchant_id: number;
  author_uuid: string;
  rating: number;
  title: string;
  content: string;
  /** 'YYYY-MM-DD' in, Date (or string from PGlite/pg date parser) out; map with care. */
  visit_date: ColumnType<Date | string, string, string>;
  created_at: GeneratedTimestamp;
}
export type VisitReportRow = Selectable<VisitReportTable>;

export interface FeedbackTable {
  id: Generated<number>;
  user_uuid: string;
  feedback_type: number;
  content: string;
  contact: string | null;
  locale: string;
  created_at: GeneratedTimestamp;
}

export interface ReportTable {
  id: Generated<number>;
  reporter_uuid: string;
  target: 'merchant' | 'partner' | 'user' | 'message';
  target_id: string;
  reason: number;
  text: string | null;
  status: Generated<'open' | 'resolved' | 'dismissed'>;
  created_at: GeneratedTimestamp;
  resolved_at: NullableTimestamp;
  resolved_by: string | null;
  resolution_note: string | null;
}

/** One admin action (server/admin/audit.repository.ts); append-only. */
export interface AdminAuditTable {
  id: GeneratedBigInt;
  admin_uuid: string;
  action: string;
  target_type: string;
  target_id: string;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: GeneratedTimestamp;
}
export type AdminAuditRow = Selectable<AdminAuditTable>;

export interface SearchHistoryTable {
  id: GeneratedBigInt;
  /** 'u:<user uuid>' or 'g:<guest id>'. */
  owner_key: string;
  keyword: string;
  keyword_key: string;
  city_id: number | null;
  created_at: GeneratedTimestamp;
}

export interface CitySearchTable {
  id: GeneratedBigInt;
  city_id: number;
  searched_at: GeneratedTimestamp;
}

export interface ChatConversationTable {
  id: GeneratedBigInt;
  /** Direct: the smaller uuid of the pair. Partner conversation: the member. */
  user_a: string;
  /** Direct: the larger uuid. Partner conversation: the profile's owner. */
  user_b: string;
  partner_uuid: string | null;
  last_seq: Generated<number>;
  last_message_at: NullableTimestamp;
  created_at: GeneratedTimestamp;
}
export type ChatConversationRow = Selectable<ChatConversationTable>;

export interface ChatMemberTable {
  conversation_id: BigIntColumn;
  user_uuid: string;
  read_seq: Generated<number>;
}

export interface ChatMessageTable {
  id: GeneratedBigInt;
  conversation_id: BigIntColumn;
  seq: number;
  sign: string;
  from_uuid: string;
  content: string;
  content_type: 'text' | 'photos' | 'unlock';
  created_at: GeneratedTimestamp;
}
export type ChatMessageRow = Selectable<ChatMessageTable>;

/**
 * A block. `partner_uuid` null: `blocker_uuid` blocked the account `blocked_uuid`. Otherwise a member blocked that
 * profile, and `blocked_uuid` is its owner: it covers that profile's conversation only (migration 2026-11-27-0010).
 */
export interface ChatBlockTable {
  blocker_uuid: string;
  blocked_uuid: string;
  partner_uuid: string | null;
  created_at: GeneratedTimestamp;
}

export interface ChatUnlockTable {
  user_uuid: string;
  partner_uuid: string;
  price: number;
  spent: number;
  idempotency_key: string;
  created_at: GeneratedTimestamp;
}

export interface ChatUploadTable {
  image: string;
  owner_uuid: string;
  created_at: GeneratedTimestamp;
}

/** One run of the retention job (server/retention/retention.job.ts): which process, when, and what it deleted. */
export interface RetentionRunTable {
  id: GeneratedBigInt;
  /** host:pid of the process that ran it. */
  process: string;
  started_at: Timestamp;
  /** Null while it runs, and for ever when it died or was stopped midway. */
  finished_at: NullableTimestamp;
  /** Rows deleted per table (`{}` until the run ends). */
  deleted: ColumnType<Record<string, number>, string | undefined, string>;
}

export interface Database {
  users: UserTable;
  user_tokens: UserTokenTable;
  guests: GuestTable;
  memberships: MembershipTable;
  ledger_transfers: LedgerTransferTable;
  ledger_entries: LedgerEntryTable;
  ledger_accounts: LedgerAccountTable;
  withdrawals: WithdrawalTable;
  orders: OrderTable;
  payment_events: PaymentEventTable;
  card_setups: CardSetupTable;
  payment_cards: PaymentCardTable;
  stripe_customers: StripeCustomerTable;
  mail_outbox: MailOutboxTable;
  page_views: PageViewTable;
  purchase_records: PurchaseRecordTable;
  kyc_submissions: KycSubmissionTable;
  regions: RegionTable;
  cities: CityTable;
  dict_entries: DictEntryTable;
  merchants: MerchantTable;
  partners: PartnerTable;
  photos: PhotoTable;
  favorites: FavoriteTable;
  visit_reports: VisitReportTable;
  feedback: FeedbackTable;
  reports: ReportTable;
  search_history: SearchHistoryTable;
  chat_conversations: ChatConversationTable;
  chat_members: ChatMemberTable;
  chat_messages: ChatMessageTable;
  chat_blocks: ChatBlockTable;
  chat_unlocks: ChatUnlockTable;
  chat_uploads: ChatUploadTable;
  city_searches: CitySearchTable;
  admin_audit: AdminAuditTable;
  retention_runs: RetentionRunTable;
}
