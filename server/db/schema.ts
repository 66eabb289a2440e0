import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { TrackSection } from '@/contract/enums';

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

export interface Database {
  users: UserTable;
  user_tokens: UserTokenTable;
  guests: GuestTable;
  memberships: MembershipTable;
  ledger_transfers: LedgerTransferTable;
  ledger_entries: LedgerEntryTable;
  mail_outbox: MailOutboxTable;
  page_views: PageViewTable;
}
