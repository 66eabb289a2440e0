import type { FastifyInstance } from 'fastify';
import type { ApiCall } from '@/contract/call';
import type { ApiContext, ApiHandler, ApiSession } from '../api/api.plugin';
import { ApiFailure } from '../api/failure';
import type { UserRow } from '../db/schema';

/**
 * The admin API's one guard (DESIGN section 7: "Admin API: role admin"). The api plugin already refuses a call of
 * role admin for anyone else before the payload is even parsed; every admin handler checks again here, first, so a
 * call registered without its role (a contract mistake) still reads and writes nothing for a member.
 */
export function requireAdmin(session: ApiSession | null): UserRow {
  if (!session) throw new ApiFailure('auth.required');
  if (session.user.role !== 'admin') throw new ApiFailure('admin.only');
  return session.user;
}

/** An admin call's handler, given the admin's row besides the usual context. */
export type AdminHandler<C extends ApiCall> = (ctx: ApiContext<C>, admin: UserRow) => ReturnType<ApiHandler<C>>;

/**
 * Registers an admin call: its contract entry must say role admin with a required session (checked at start, so a
 * mistake stops the server rather than opening a call), and its handler runs only after requireAdmin.
 */
export function adminApi<C extends ApiCall>(app: FastifyInstance, call: C, handler: AdminHandler<C>): void {
  if (call.role !== 'admin' || call.auth !== 'required') throw new Error(`${call.path} is served as an admin call but its contract entry is not role admin with a required session`);
  app.api(call, async (ctx) => handler(ctx, requireAdmin(ctx.session)));
}
