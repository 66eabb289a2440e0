import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { checkUsername, loginByPassword, registerByPassword, sendResetPwdEmail } from '@/contract/calls/account';
import { forgotPasswordFormMachine } from '@/machines/account/forgot-password-form.machine';
import { loginFormMachine } from '@/machines/account/login-form.machine';
import { registerFormMachine } from '@/machines/account/register-form.machine';
import { ForgotPasswordForm } from '@/ui/account/forgot-password-form';
import { LoginForm } from '@/ui/account/login-form';
import { RegisterForm } from '@/ui/account/register-form';
import { useAppSystem } from './app-context';
import type { AppSystem } from './app-system';
import { useFormBinding } from './use-form-binding';

/**
 * The login, register and forgot-password forms bound to their machines and the API; shared by the auth dialog
 * and the full-page routes. What happens on success is the caller's (`onDone`).
 */

/**
 * What follows a registration, in the dialog and on the register page alike: the new member is logged in (and their
 * token stored) the moment the server answers, not when the question below is answered, so a reload, a link or a
 * closed tab meanwhile does not log them out (issue 10 item 9); then spec section 2 overlay 1 offers to verify the
 * e-mail address now. True when they chose to.
 */
export async function welcomeNewMember(system: Pick<AppSystem, 'session' | 'openDialog'>, token: string): Promise<boolean> {
  system.session.send({ type: 'session.login', token });
  const result = await system.openDialog({
    messageType: 'confirm',
    title: 'register.verify.title',
    message: 'register.verify.message',
    confirmText: 'register.verify.confirm',
    cancelText: 'register.verify.later',
    bodyImage: 'success',
  });
  return result === 'confirm';
}

export function LoginFormContainer(props: { onDone(token: string): void; onCreateAccount(): void; onForgotPassword(): void }) {
  const { api } = useAppSystem();
  const actor = useActorRef(
    loginFormMachine.provide({
      actors: { submit: fromPromise(({ input, signal }) => api.call(loginByPassword, input, { signal })) },
      actions: { notifySuccess: (_, params) => props.onDone(params.result.token) },
    }),
  );
  const form = useFormBinding<'account' | 'password'>(actor);
  return <LoginForm {...form} onCreateAccount={props.onCreateAccount} onForgotPassword={props.onForgotPassword} />;
}

export function RegisterFormContainer(props: { lang: string; onDone(token: string): void; onLogin(): void }) {
  const { api } = useAppSystem();
  const actor = useActorRef(
    registerFormMachine.provide({
      actors: {
        submit: fromPromise(({ input, signal }) => api.call(registerByPassword, input, { signal })),
        checkUsername: fromPromise(({ input, signal }) => api.call(checkUsername, input, { signal })),
      },
      actions: { notifySuccess: (_, params) => props.onDone(params.result.token) },
    }),
  );
  const form = useFormBinding<'account' | 'email' | 'password'>(actor);
  const checking = useSelector(actor, (s) => s.hasTag('checkingUsername'));
  const available = useSelector(actor, (s) => s.matches({ usernameCheck: 'available' }));
  return (
    <RegisterForm
      {...form}
      usernameCheck={checking ? 'checking' : available ? 'available' : 'idle'}
      termsHref={`/${props.lang}/info/terms`}
      privacyHref={`/${props.lang}/info/privacy-policy`}
      onLogin={props.onLogin}
    />
  );
}

export function ForgotPasswordFormContainer(props: { onDone(email: string): void }) {
  const { api } = useAppSystem();
  const actor = useActorRef(
    forgotPasswordFormMachine.provide({
      actors: { submit: fromPromise(({ input, signal }) => api.call(sendResetPwdEmail, input, { signal })) },
      actions: { notifySuccess: (_, params) => props.onDone(params.result.email) },
    }),
  );
  const form = useFormBinding<'email'>(actor);
  return <ForgotPasswordForm {...form} />;
}
