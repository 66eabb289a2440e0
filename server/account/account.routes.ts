import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimitHook } from '../api/rate-limit';
import * as account from '@/contract/calls/account';
import * as home from '@/contract/calls/home';
import * as user from '@/contract/calls/user';
import { EMAIL_CODE_MINUTES, RESET_TOKEN_MINUTES } from '@/contract/constants';
import { TokenPurpose } from '@/contract/feature-enums';
import { isUniqueViolation } from '../db/errors';
import { ApiFailure } from '../api/failure';
import type { RateLimitRule } from '../config';
import { ImageError } from '../images/image.service';
import { renderMail } from '../mail/mailer';
import { sendWelcome } from '../chat/welcome';
import { isStripeTestKey } from '../payments/stripe.provider';
import { createChatToken } from './chat-token';
import { clearedPageSessionCookie, pageSessionCookie } from './page-session';
import { currentUserOf } from './current-user';
import { noteRequestLocale } from './member-locale';
import {
  consumeOneTimeToken,
  countFailedEmailCode,
  createOneTimeToken,
  createSessionToken,
  emailCodeHash,
  findLiveEmailCode,
  newEmailCode,
  newOpaqueToken,
  revokeSessions,
  revokeToken,
  sha256,
} from './token.repository';
import {
  emailKey,
  findUserByAccount,
  findUserByEmail,
  findUserByUuid,
  insertUser,
  isEmailTaken,
  isUsernameTaken,
  updateUser,
  usernameKey,
} from './user.repository';

/**
 * Account API (spec section 7 "Account", user/me, user/changePassword, home/config). Sessions, one-time tokens
 * and passwords follow DESIGN section 4.
 */
export default fp(
  async function accountRoutes(app: FastifyInstance) {
    const { db, config, mailer, passwords, images } = app;
    const limits = config.rateLimits;

    const limit = (name: string, rule: RateLimitRule, key: (request: FastifyRequest) => string) => rateLimitHook(app, name, rule, key);
    const byIp = (request: FastifyRequest) => request.ip;
    // The payload is not validated yet when limits run: anything but a string keys as '' (it is refused next).
    const byField = (field: string) => (request: FastifyRequest) => {
      const value = request.apiState?.raw[field];
      return typeof value === 'string' ? value.trim().normalize('NFKC').toLowerCase().slice(0, 300) : '';
    };
    const byUser = (request: FastifyRequest) => request.apiState?.session?.user.uuid ?? request.ip;

    // Both answers reveal whether an account exists, so they are limited per IP and per guest id: generous enough
    // for a person typing with the form's 500 ms debounce, far too tight to walk a list of addresses or names.
    const byGuest = (request: FastifyRequest) => {
      const guest = request.apiState?.raw.oauth_id;
      return typeof guest === 'string' ? guest.slice(0, 64) : request.ip;
    };
    const probeLimits = [limit('probe-ip', limits.accountProbePerIp, byIp), limit('probe-guest', limits.accountProbePerGuest, byGuest)];

    app.api(account.checkUsername, async ({ payload }) => ({ available: !(await isUsernameTaken(db, payload.username)) }), { preHandler: probeLimits });

    app.api(account.isUseEmail, async ({ payload }) => ({ used: await isEmailTaken(db, payload.email) }), { preHandler: probeLimits });

    app.api(
      account.registerByPassword,
      async ({ payload, client, locale }) => {
        if (await isUsernameTaken(db, payload.account)) throw new ApiFailure('account.usernameTaken', {}, 200, { field: 'account', code: 'errors.account.exists' });
        if (await isEmailTaken(db, payload.email)) throw new ApiFailure('account.emailTaken', {}, 200, { field: 'email', code: 'errors.email.exists' });
        const uuid = randomUUID();
        const passwordHash = await passwords.hash(payload.password);
        let session: { token: string };
        try {
          session = await db.transaction().execute(async (trx) => {
            await insertUser(trx, {
              uuid,
              username: payload.account,
              username_key: usernameKey(payload.account),
              email: payload.email,
              email_key: emailKey(payload.email),
              password_hash: passwordHash,
              nickname: payload.account,
              locale,
            });
            // The system contact greets every account, with it: an account never exists without its welcome.
            await sendWelcome(trx, uuid);
            return { token: await createSessionToken(trx, uuid, client) };
          });
        } catch (error) {
          // Two registrations raced for the same name or address: the loser gets the same answer as above.
          if (isUniqueViolation(error)) throw new ApiFailure('account.usernameTaken');
          throw error;
        }
        return session;
      },
      { preHandler: [limit('register-ip', limits.registerPerIp, byIp)] },
    );

    app.api(
      account.loginByPassword,
      async ({ payload, client, locale, request }) => {
        const found = await findUserByAccount(db, payload.account);
        const ok = await passwords.verify(found?.password_hash ?? null, payload.password);
        if (!found || !ok) throw new ApiFailure('account.loginFailed');
        // The language the member signs in with is theirs (member-locale.ts): the system contact's notices use it.
        await noteRequestLocale(app, request, found, locale);
        return { token: await createSessionToken(db, found.uuid, client) };
      },
      { preHandler: [limit('login-ip', limits.loginPerIp, byIp), limit('login-account', limits.loginPerAccount, byField('account'))] },
    );

    /**
     * After sessions of the user ended: their chat sockets close at once, on every process (DESIGN section 8,
     * "Sessions"). Without a chat server in this app there is nothing to close.
     */
    const sessionsEnded = async (uuid: string) => {
      if (app.hasDecorator('chatSessionsEnded')) await app.chatSessionsEnded(uuid);
    };

    app.api(account.loginOut, async ({ session, request, reply }) => {
      await revokeToken(db, session.tokenId);
      reply?.header('set-cookie', clearedPageSessionCookie(request.protocol === 'https'));
      await sessionsEnded(session.user.uuid);
      return null;
    });

    app.api(account.setting, async ({ payload, session }) => {
      const changes: Parameters<typeof updateUser>[2] = {};
      if (payload.nickname !== undefined) changes.nickname = payload.nickname;
      if (payload.email !== undefined) {
        const current = await findUserByUuid(db, session.user.uuid);
        if (current && emailKey(payload.email) !== current.email_key) {
          if (await isEmailTaken(db, payload.email, session.user.uuid)) throw new ApiFailure('account.emailTaken');
          Object.assign(changes, { email: payload.email, email_key: emailKey(payload.email), email_validation: false });
        }
      }
      try {
        await updateUser(db, session.user.uuid, changes);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiFailure('account.emailTaken');
        throw error;
      }
      return null;
    });

    app.api(
      account.sendResetPwdEmail,
      async ({ payload, locale }) => {
        const found = await findUserByEmail(db, payload.email);
        // Same answer whether or not the address has an account, so the form cannot be used to probe accounts.
        if (found) {
          const token = newOpaqueToken();
          await createOneTimeToken(db, found.uuid, TokenPurpose.ResetPassword, sha256(token), RESET_TOKEN_MINUTES * 60_000);
          const link = `${config.publicUrl}/${locale}/reset-pwd?token=${token}`;
          await mailer.send({
            kind: 'reset-password',
            to: found.email,
            locale,
            rendered: renderMail(locale, 'reset-password', { name: found.nickname, link }),
            secret: token,
            secretLifetimeMs: RESET_TOKEN_MINUTES * 60_000,
          });
        }
        return { email: payload.email };
      },
      { preHandler: [limit('reset-ip', limits.resetPerIp, byIp), limit('reset-account', limits.resetPerAccount, byField('email'))] },
    );

    app.api(account.newPwd, async ({ payload }) => {
      const passwordHash = await passwords.hash(payload.password);
      const done = await db.transaction().execute(async (trx) => {
        const uuid = await consumeOneTimeToken(trx, TokenPurpose.ResetPassword, sha256(payload.reset_token));
        if (!uuid) return false;
        await updateUser(trx, uuid, { password_hash: passwordHash });
        await revokeSessions(trx, uuid);
        return uuid;
      });
      if (!done) throw new ApiFailure('account.resetInvalid');
      await sessionsEnded(done);
      return null;
    });

    app.api(
      account.sendEmailCode,
      async ({ session, locale }) => {
        const found = await findUserByUuid(db, session.user.uuid);
        if (!found) throw new ApiFailure('auth.required');
        if (found.email_validation) throw new ApiFailure('account.emailVerified');
        const code = newEmailCode();
        await createOneTimeToken(db, found.uuid, TokenPurpose.VerifyEmail, emailCodeHash(found.uuid, code), EMAIL_CODE_MINUTES * 60_000);
        await mailer.send({
          kind: 'email-code',
          to: found.email,
          locale,
          rendered: renderMail(locale, 'email-code', { name: found.nickname, code }),
          secret: code,
          secretLifetimeMs: EMAIL_CODE_MINUTES * 60_000,
        });
        return { email: found.email, expires_in: EMAIL_CODE_MINUTES * 60 };
      },
      { preHandler: [limit('code-ip', limits.emailCodePerIp, byIp), limit('code-user', limits.emailCodePerAccount, byUser)] },
    );

    app.api(
      account.validationEmail,
      async ({ payload, session }) => {
        const uuid = session.user.uuid;
        const live = await findLiveEmailCode(db, uuid);
        if (!live) throw new ApiFailure('account.emailCodeInvalid');
        if (live.token_hash !== emailCodeHash(uuid, payload.code)) {
          await countFailedEmailCode(db, String(live.id));
          throw new ApiFailure('account.emailCodeInvalid');
        }
        const verified = await db.transaction().execute(async (trx) => {
          if (!(await consumeOneTimeToken(trx, TokenPurpose.VerifyEmail, live.token_hash))) return false;
          await updateUser(trx, uuid, { email_validation: true });
          return true;
        });
        if (!verified) throw new ApiFailure('account.emailCodeInvalid');
        return null;
      },
      { preHandler: [limit('verify-user', limits.loginPerAccount, byUser)] },
    );

    app.api(account.updateAvatar, async ({ session, files }) => {
      const file = files.image;
      if (!file) throw new ApiFailure('image.missing');
      let stored;
      try {
        stored = await images.save('avatar', file);
      } catch (error) {
        if (error instanceof ImageError) throw new ApiFailure(error.code, error.params, error.httpStatus);
        throw error;
      }
      const previous = await findUserByUuid(db, session.user.uuid);
      await updateUser(db, session.user.uuid, { image: stored.image, thumb: stored.thumb });
      if (previous?.image) await images.remove(previous.image).catch(() => undefined);
      return { image: stored.image, thumb: stored.thumb };
    });

    // The session already carries the user's row and, asked with `withStanding`, their plan and balances, all read in
    // the token's lookup: one statement, no second lookup (issue 33: user/me runs on every start of the app). Each
    // user/me (the app's start, every login) renews the page session cookie (page-session.ts), so the server can paint
    // the member's signed-in pages with their content.
    app.api(
      user.me,
      async ({ session, locale, request, reply }) => {
        reply?.header('set-cookie', pageSessionCookie(config.serverSecret, session, request.protocol === 'https'));
        return currentUserOf(db, session.user, locale, config.economy.withdrawal_rate, session.standing);
      },
      { pageRead: true, withStanding: true },
    );

    app.api(home.economy, () => config.economy, { pageRead: true });

    app.api(user.changePassword, async ({ payload, session }) => {
      const found = await findUserByUuid(db, session.user.uuid);
      if (!found || !(await passwords.verify(found.password_hash, payload.old_password))) {
        throw new ApiFailure('account.passwordWrong', {}, 200, { field: 'old_password', code: 'errors.password.wrong' });
      }
      if (payload.old_password === payload.password) throw new ApiFailure('account.passwordSame');
      const passwordHash = await passwords.hash(payload.password);
      await db.transaction().execute(async (trx) => {
        await updateUser(trx, found.uuid, { password_hash: passwordHash });
        await revokeSessions(trx, found.uuid, session.tokenId);
      });
      await sessionsEnded(found.uuid);
      return null;
    });

    /**
     * A chat socket is advertised only where one answers: the IM_URLS the operator configured, or this process's own
     * socket once the chat server is mounted (it decorates the app with `chatSocketPath`). With neither, the client
     * gets no address and no token rather than one that would fail on every reconnect.
     */
    app.api(home.config, async ({ session, request }) => {
      const proto = request.protocol === 'https' ? 'wss' : 'ws';
      const localPath = app.hasDecorator('chatSocketPath') ? (app as unknown as { chatSocketPath: string }).chatSocketPath : null;
      const imUrl = config.imUrls.length > 0 ? config.imUrls : localPath ? [`${proto}://${request.host}${localPath}`] : [];
      return {
        chat_token: session && imUrl.length > 0 ? createChatToken(config.serverSecret, { user: session.user.uuid, session: session.tokenId }) : '',
        via: 'pwa',
        im_url: imUrl,
        stripe_publishable_key: config.stripeSecretKey && config.stripePublishableKey ? config.stripePublishableKey : null,
        // The providers' own testMode (payments.routes.ts picks Stripe when STRIPE_SECRET_KEY is set, else the sandbox):
        // the sandbox always, Stripe with a test key. The client then says "Test mode" on payment screens and the console.
        payments_test_mode: !config.stripeSecretKey || isStripeTestKey(config.stripeSecretKey),
      };
    }, { pageRead: true });
  },
  { name: 'account-routes', dependencies: ['api', 'core'] },
);
