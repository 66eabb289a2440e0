import { z } from 'zod';
import { defineCall, emptyPayload, nullResponse } from '../call';
import { EMAIL_CODE_LENGTH, NICKNAME_MAX } from '../constants';
import * as f from '../fields';

/** Account calls (spec section 7 "Account"). */

export const tokenResponse = z.object({ token: z.string() });

export const checkUsername = defineCall({
  path: 'account/checkUsername',
  mutates: false,
  auth: 'none',
  payload: z.object({ username: f.username }),
  response: z.object({ available: z.boolean() }),
});

export const registerByPassword = defineCall({
  path: 'account/registerByPassword',
  mutates: true,
  auth: 'none',
  payload: z.object({ account: f.username, email: f.email, password: f.newPassword }),
  response: tokenResponse,
});

export const loginByPassword = defineCall({
  path: 'account/loginByPassword',
  mutates: true,
  auth: 'none',
  payload: z.object({ account: f.account, password: f.currentPassword }),
  response: tokenResponse,
});

export const loginOut = defineCall({
  path: 'account/loginOut',
  mutates: true,
  auth: 'required',
  payload: emptyPayload,
  response: nullResponse,
});

/** Account settings: nickname and/or e-mail. A new e-mail is unverified until validated again. */
export const setting = defineCall({
  path: 'account/setting',
  mutates: true,
  auth: 'required',
  payload: z
    .object({ nickname: f.text(1, NICKNAME_MAX).optional(), email: f.email.optional() })
    .refine((p) => p.nickname !== undefined || p.email !== undefined, { message: 'zod.object.empty' }),
  response: nullResponse,
});

/**
 * Sets a new password with the token of the e-mailed link (single use). The field is `reset_token`, not
 * `token`, because `token` is the session field of every payload.
 */
export const newPwd = defineCall({
  path: 'account/newPwd',
  mutates: true,
  auth: 'none',
  payload: z.object({ reset_token: f.opaqueToken, password: f.newPassword }),
  response: nullResponse,
});

/** Always answers success for a well-formed address, so it does not reveal which addresses have accounts. */
export const sendResetPwdEmail = defineCall({
  path: 'account/sendResetPwdEmail',
  mutates: true,
  auth: 'none',
  payload: z.object({ email: f.email }),
  response: z.object({ email: z.string() }),
});

/** Sends a 6-digit code to the logged-in user's e-mail address. */
export const sendEmailCode = defineCall({
  path: 'account/sendEmailCode',
  mutates: true,
  auth: 'required',
  payload: emptyPayload,
  response: z.object({ email: z.string(), expires_in: z.number().int() }),
});

export const validationEmail = defineCall({
  path: 'account/validationEmail',
  mutates: true,
  auth: 'required',
  payload: z.object({
    code: z
      .string({ message: 'zod.string.required' })
      .transform((s) => s.trim())
      .pipe(z.string().regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), { message: 'errors.email.code' })),
  }),
  response: nullResponse,
});

export const isUseEmail = defineCall({
  path: 'account/isUseEmail',
  mutates: false,
  auth: 'none',
  payload: z.object({ email: f.email }),
  response: z.object({ used: z.boolean() }),
});

export const imageResponse = z.object({ image: z.string(), thumb: z.string() });

export const updateAvatar = defineCall({
  path: 'account/updateAvatar',
  mutates: true,
  auth: 'required',
  files: ['image'],
  payload: emptyPayload,
  response: imageResponse,
});
