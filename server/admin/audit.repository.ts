import type { Kysely, Transaction } from 'kysely';
import type { AdminAction, AuditEntry, AuditTargetType } from '@/contract/calls/admin';
import { usernameKey } from '../account/user.repository';
import type { Database } from '../db/schema';
import { isoOf } from '../directory/listing.mappers';

/**
 * The audit log of admin actions (issue 13 item 4). Every action writes its row with recordAdminAction inside the
 * transaction that makes the change, so the change and its record commit or roll back together; the table refuses
 * updates and deletes (migration 2026-11-26-0030-admin).
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface AdminActionRecord {
  /** The admin who acted (for `role.grant` by the admin:create command: the account made admin). */
  admin: string;
  action: AdminAction;
  targetType: AuditTargetType;
  targetId: string | number;
  details?: Record<string, unknown>;
}

/** Writes one audit row. Call it with the action's transaction, never on its own. */
export async function recordAdminAction(trx: Transaction<Database>, record: AdminActionRecord): Promise<void> {
  await trx
    .insertInto('admin_audit')
    .values({
      admin_uuid: record.admin,
      action: record.action,
      target_type: record.targetType,
      target_id: String(record.targetId),
      details: JSON.stringify(record.details ?? {}),
    })
    .execute();
}

export interface AuditFilter {
  action?: AdminAction;
  targetType?: AuditTargetType;
  targetId?: string;
  /** The acting admin's user name (compared as user names are: any case or width). */
  admin?: string;
  /** From this moment (inclusive) to that one (exclusive). */
  from?: string;
  to?: string;
}

/** Where a row's details name the member it concerned (written by the actions; see their recordAdminAction calls). */
const MEMBER_FIELDS = ['user', 'owner'] as const;

/** The uuid of the member an audit row concerned, or null. */
function memberUuidOf(row: { target_type: string; target_id: string; details: Record<string, unknown> }): string | null {
  if (row.target_type === 'user') return row.target_id;
  for (const field of MEMBER_FIELDS) {
    const value = row.details[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/** A page (limit + 1 rows) of the log, newest first, before the row id `before`. */
export async function listAudit(db: Db, filter: AuditFilter, before: string | null, limit: number): Promise<(AuditEntry & { id: number })[]> {
  const rows = await db
    .selectFrom('admin_audit as l')
    .innerJoin('users as a', 'a.uuid', 'l.admin_uuid')
    .select(['l.id', 'l.action', 'l.target_type', 'l.target_id', 'l.details', 'l.created_at', 'a.uuid', 'a.username', 'a.nickname'])
    .$if(filter.action !== undefined, (q) => q.where('l.action', '=', filter.action!))
    .$if(filter.targetType !== undefined, (q) => q.where('l.target_type', '=', filter.targetType!))
    .$if(filter.targetId !== undefined, (q) => q.where('l.target_id', '=', filter.targetId!))
    .$if(filter.admin !== undefined, (q) => q.where('a.username_key', '=', usernameKey(filter.admin!)))
    .$if(filter.from !== undefined, (q) => q.where('l.created_at', '>=', new Date(filter.from!)))
    .$if(filter.to !== undefined, (q) => q.where('l.created_at', '<', new Date(filter.to!)))
    .$if(before !== null, (q) => q.where('l.id', '<', before!))
    .orderBy('l.id', 'desc')
    .limit(limit + 1)
    .execute();
  // The members the rows name, in one query (a uuid-shaped value only: older rows may hold anything).
  const uuids = [...new Set(rows.map(memberUuidOf).filter((u): u is string => u !== null && UUID.test(u)))];
  const members = new Map(
    uuids.length === 0
      ? []
      : (await db.selectFrom('users').select(['uuid', 'username', 'nickname']).where('uuid', 'in', uuids).execute()).map((u) => [u.uuid, u] as const),
  );
  return rows.map((r) => {
    const memberUuid = memberUuidOf(r);
    const member = memberUuid === null ? undefined : members.get(memberUuid);
    return {
      id: Number(r.id),
      admin: { uuid: r.uuid, username: r.username, nickname: r.nickname },
      action: r.action as AdminAction,
      target_type: r.target_type as AuditTargetType,
      target_id: r.target_id,
      member: member ? { uuid: member.uuid, username: member.username, nickname: member.nickname } : null,
      details: r.details,
      created_at: isoOf(r.created_at),
    };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
