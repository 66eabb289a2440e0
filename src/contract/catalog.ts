import { z } from 'zod';
import type { ApiCall } from './call';
import * as account from './calls/account';
import * as admin from './calls/admin';
import * as chat from './calls/chat';
import * as city from './calls/city';
import * as content from './calls/content';
import * as dict from './calls/dict';
import * as favorite from './calls/favorite';
import * as feedback from './calls/feedback';
import * as home from './calls/home';
import * as kyc from './calls/kyc';
import * as merchant from './calls/merchant';
import * as partner from './calls/partner';
import * as payment from './calls/payment';
import * as track from './calls/track';
import * as user from './calls/user';
import * as wallet from './calls/wallet';

/**
 * Every call of the contract, collected from the call modules so that a new call cannot be forgotten here: the
 * server mounts its routes from this list and the tests check it against the spec. Besides calls, the modules
 * export shapes and constants, which the guard leaves out.
 */

const AUTH_MODES: readonly unknown[] = ['none', 'optional', 'required'];

export function isApiCall(value: unknown): value is ApiCall {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Record<keyof ApiCall, unknown>>;
  return (
    typeof v.path === 'string' &&
    typeof v.mutates === 'boolean' &&
    AUTH_MODES.includes(v.auth) &&
    v.payload instanceof z.ZodType &&
    v.response instanceof z.ZodType
  );
}

const MODULES = [
  account, admin, chat, city, content, dict, favorite, feedback, home, kyc, merchant, partner, payment, track, user, wallet,
] as const;

export const ALL_CALLS: readonly ApiCall[] = Object.freeze(
  MODULES.flatMap((module) => Object.values(module).filter(isApiCall)),
);

/** The calls by path (under /api); a duplicate path is a contract bug, caught by catalog.test.ts. */
export const CALL_BY_PATH: ReadonlyMap<string, ApiCall> = new Map(ALL_CALLS.map((call) => [call.path, call]));
