import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '@/contract/constants';
import * as f from '@/contract/fields';
import type { PasswordHasher } from '../account/password';
import { emailKey, findUserByAccount, insertUser, isEmailTaken, isUsernameTaken, usernameKey } from '../account/user.repository';
import { sendWelcome } from '../chat/welcome';
import { isUniqueViolation } from '../db/errors';
import type { Database } from '../db/schema';
import { recordAdminAction } from './audit.repository';

/**
 * Making admins (issue 13 item 4: "Admins are created by a documented command"; `npm run admin:create`). Nobody can
 * become admin through the API: only someone with access to the server's database configuration runs this. A new
 * account passes the same checks as a registration (user name, e-mail address, password length); an existing one is
 * promoted. Either way the audit log gets a `role.grant` row, in the same transaction, naming the account itself
 * (there is no admin acting through the console).
 */

/** A refusal of the command, printed as it is. */
export class AdminCommandError extends Error {
  override name = 'AdminCommandError';
}

const newAdmin = z.object({ username: f.username, email: f.email, password: f.newPassword });

const FIELD_HINT: Record<string, string> = {
  username: `the user name must be 1–${USERNAME_MAX} letters, digits, dots, dashes or underscores`,
  email: 'the e-mail address is not valid',
  password: `the password must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
};

export interface AdminCommandResult {
  uuid: string;
  username: string;
  /** False when the account was an admin already (nothing was written). */
  changed: boolean;
}

/** Creates an account with role admin; refused when the name or address is taken (promote that account instead). */
export async function createAdmin(
  db: Kysely<Database>,
  passwords: PasswordHasher,
  input: { username: string; email: string; password: string },
): Promise<AdminCommandResult> {
  const parsed = newAdmin.safeParse(input);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0].path[0]);
    throw new AdminCommandError(`Invalid --${field}: ${FIELD_HINT[field] ?? parsed.error.issues[0].message}.`);
  }
  const { username, email, password } = parsed.data;
  if (await isUsernameTaken(db, username)) throw new AdminCommandError(`The user name "${username}" is taken. To make that account an admin, run: npm run admin:create -- --promote ${username}`);
  if (await isEmailTaken(db, email)) throw new AdminCommandError(`The e-mail address ${email} belongs to another account. To make it an admin, run: npm run admin:create -- --promote ${email}`);
  const uuid = randomUUID();
  const passwordHash = await passwords.hash(password);
  try {
    await db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        uuid,
        username,
        username_key: usernameKey(username),
        email,
        email_key: emailKey(email),
        // The operator typed the address on the server: it is not a stranger's claim to verify by mail.
        email_validation: true,
        password_hash: passwordHash,
        nickname: username,
        role: 'admin',
      });
      await recordAdminAction(trx, { admin: uuid, action: 'role.grant', targetType: 'user', targetId: uuid, details: { via: 'admin:create', created: true } });
      // Like a registration, the system contact greets the account, in the same transaction. Its language is not known
      // yet: the welcome reads in whichever the admin browses in (server/chat/notices.ts).
      await sendWelcome(trx, uuid);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AdminCommandError(`The user name "${username}" or the e-mail address ${email} was just taken by another account.`);
    throw error;
  }
  return { uuid, username, changed: true };
}

/** Gives an existing account (by user name or e-mail address) the admin role. */
export async function promoteToAdmin(db: Kysely<Database>, account: string): Promise<AdminCommandResult> {
  const found = await findUserByAccount(db, account.trim());
  if (!found) throw new AdminCommandError(`No account has the user name or e-mail address "${account}".`);
  if (found.role === 'admin') return { uuid: found.uuid, username: found.username, changed: false };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ role: 'admin', version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
      .where('uuid', '=', found.uuid)
      .execute();
    await recordAdminAction(trx, { admin: found.uuid, action: 'role.grant', targetType: 'user', targetId: found.uuid, details: { via: 'admin:create', previous_role: found.role } });
  });
  return { uuid: found.uuid, username: found.username, changed: true };
}
