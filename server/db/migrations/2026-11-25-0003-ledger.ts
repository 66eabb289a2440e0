import { type Kysely, sql } from 'kysely';

/**
 * The ledger's guarantees in the database itself (issue 12 item 1, DESIGN sections 6 and 8), so no code path, bug or
 * concurrent request can break them:
 * - `ledger_accounts` holds each account's balance, kept by a trigger on every entry. Its check constraint refuses a
 *   negative balance for every account but the platform's, so a spend that would overdraw fails where it is written;
 *   the row lock taken by the update serialises concurrent spends of one balance.
 * - A deferred constraint trigger checks at commit that each transfer's entries sum to zero, and that it has two.
 * - Entries and transfers are append-only: updates and deletes are refused (a correction is a new transfer).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('account', 'text', (c) => c.primaryKey())
    .addColumn('user_uuid', 'uuid', (c) => c.references('users.uuid'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('ledger_accounts_not_negative', sql`balance >= 0 or account like 'platform:%'`)
    .execute();
  await db.schema.createIndex('ledger_accounts_user').on('ledger_accounts').columns(['user_uuid']).execute();

  // Balances of entries written before this migration (none in a fresh database).
  await sql`insert into ledger_accounts (account, user_uuid, balance)
    select account, min(user_uuid::text)::uuid, sum(amount) from ledger_entries group by account`.execute(db);

  await sql`create function ledger_apply_entry() returns trigger language plpgsql as $$
    begin
      -- Update first: an INSERT ... ON CONFLICT would check the proposed row (a bare debit) against the constraint.
      update ledger_accounts set balance = balance + new.amount where account = new.account;
      if not found then
        insert into ledger_accounts (account, user_uuid, balance) values (new.account, new.user_uuid, new.amount)
          on conflict (account) do update set balance = ledger_accounts.balance + excluded.balance;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger ledger_entries_apply after insert on ledger_entries
    for each row execute function ledger_apply_entry()`.execute(db);

  await sql`create function ledger_check_transfer() returns trigger language plpgsql as $$
    declare total numeric; n integer;
    begin
      select coalesce(sum(amount), 0), count(*) into total, n from ledger_entries where transfer_id = new.transfer_id;
      if total <> 0 or n < 2 then
        raise exception 'ledger transfer % does not balance (sum %, % entries)', new.transfer_id, total, n
          using errcode = 'check_violation';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger ledger_entries_balanced after insert on ledger_entries
    deferrable initially deferred for each row execute function ledger_check_transfer()`.execute(db);

  await sql`create function ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the ledger is append-only: % on % refused', tg_op, tg_table_name using errcode = 'restrict_violation';
    end $$`.execute(db);
  await sql`create trigger ledger_entries_append_only before update or delete on ledger_entries
    for each row execute function ledger_append_only()`.execute(db);
  await sql`create trigger ledger_transfers_append_only before update or delete on ledger_transfers
    for each row execute function ledger_append_only()`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_amount_not_zero check (amount <> 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_amount_not_zero`.execute(db);
  await sql`drop trigger if exists ledger_transfers_append_only on ledger_transfers`.execute(db);
  await sql`drop trigger if exists ledger_entries_append_only on ledger_entries`.execute(db);
  await sql`drop trigger if exists ledger_entries_balanced on ledger_entries`.execute(db);
  await sql`drop trigger if exists ledger_entries_apply on ledger_entries`.execute(db);
  await sql`drop function if exists ledger_append_only()`.execute(db);
  await sql`drop function if exists ledger_check_transfer()`.execute(db);
  await sql`drop function if exists ledger_apply_entry()`.execute(db);
  await db.schema.dropTable('ledger_accounts').ifExists().execute();
}
