import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import * as adminCalls from '@/contract/calls/admin';
import * as wallet from '@/contract/calls/wallet';
import type { ApiSession } from '../api/api.plugin';
import { ApiFailure } from '../api/failure';
import type { UserRow } from '../db/schema';
import { adminApi, requireAdmin } from './admin-guard';

const session = (role: 'member' | 'admin'): ApiSession => ({ tokenId: '1', user: { uuid: 'u-1', role } as UserRow });

function failureKey(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof ApiFailure ? error.key : `not an ApiFailure: ${String(error)}`;
  }
  return undefined;
}

/** The guard every admin handler runs first, besides the api plugin's role check (admin.routes.test.ts). */
describe('requireAdmin', () => {
  it('lets an admin through and refuses members and guests with their own message', () => {
    expect(requireAdmin(session('admin')).uuid).toBe('u-1');
    expect(failureKey(() => requireAdmin(session('member')))).toBe('admin.only');
    expect(failureKey(() => requireAdmin(null))).toBe('auth.required');
  });

  it('refuses to serve, as an admin call, a contract entry that is not one', () => {
    const app = { api: vi.fn() } as unknown as FastifyInstance;
    expect(() => adminApi(app, wallet.buyLog as never, async () => null as never)).toThrow(/user\/buyLog .* not role admin/);
    expect(app.api).not.toHaveBeenCalled();
    adminApi(app, adminCalls.auditLog, async () => ({ list: [], next_cursor: null }));
    expect(app.api).toHaveBeenCalledTimes(1);
  });

  it('runs the handler only for an admin, even when the api plugin let a member through', async () => {
    const app = { api: vi.fn() } as unknown as FastifyInstance;
    const handler = vi.fn(async () => ({ list: [], next_cursor: null }));
    adminApi(app, adminCalls.auditLog, handler);
    const registered = vi.mocked(app.api).mock.calls[0][1] as (ctx: { session: ApiSession }) => Promise<unknown>;
    await expect(registered({ session: session('member') })).rejects.toMatchObject({ key: 'admin.only' });
    expect(handler).not.toHaveBeenCalled();
    await registered({ session: session('admin') });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
