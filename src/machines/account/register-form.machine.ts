import { and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import type { z } from 'zod';
import type { ResponseOf } from '@/contract/call';
import { checkUsername, registerByPassword } from '@/contract/calls/account';
import { USERNAME_CHECK_DEBOUNCE_MS } from '@/contract/constants';
import {
  emptyValues,
  hasErrors,
  submitFailure,
  validateFields,
  withoutError,
  type FieldErrors,
  type FormContext,
  type FormEvent,
  type FormValues,
} from '../app/form-validation';

/**
 * The register form (spec section 5): account required (and a valid user name: 1–32 letters, digits, '_', '.',
 * '-'), a valid e-mail, and a password of at least 8 characters. Two parallel regions:
 *
 * - `form`: editing → submitting (tag 'busy', the injected `submit` actor: account/registerByPassword) → done,
 *   as in the other forms: submit validates all fields, a failure shows the server's msg and the code of the
 *   field it names ('errors.account.exists', 'errors.email.exists'), focusing a field clears its error and
 *   the server error, and success runs `notifySuccess` with the token.
 * - `usernameCheck`: every keystroke in `account` restarts a USERNAME_CHECK_DEBOUNCE_MS timer; when it ends and
 *   the name is a valid user name, the injected `checkUsername` actor (account/checkUsername) asks whether it
 *   is free. Taken → `taken` (tag 'usernameTaken') and errors.account = 'errors.account.exists'. A name that is
 *   not a valid user name yet is not sent: its error shows on submit. A failed check is forgotten (`idle`): the
 *   server checks again on submit. A keystroke during a check stops it, so a late answer about an old name
 *   never lands.
 *
 * A submit while the name is known to be taken is refused without calling `submit`: the errors are shown, with
 * errors.account.exists on the account. A submit while a check is pending goes ahead; the server refuses a taken
 * name anyway.
 */

export const REGISTER_FIELDS = ['account', 'email', 'password'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
export type RegisterPayload = z.output<typeof registerByPassword.payload>;
export type RegisterResult = ResponseOf<typeof registerByPassword>;
export type CheckUsernameInput = z.output<typeof checkUsername.payload>;
export type CheckUsernameResult = ResponseOf<typeof checkUsername>;
export type RegisterFormContext = FormContext<RegisterField, RegisterResult>;
export type RegisterFormEvent = FormEvent<RegisterField>;
export type RegisterFormTag = 'busy' | 'checkingUsername' | 'usernameTaken';

export const ACCOUNT_EXISTS = 'errors.account.exists';

/** All fields, or only `fields`. */
export function validateRegister(
  values: FormValues<RegisterField>,
  fields?: readonly RegisterField[],
): FieldErrors<RegisterField> {
  return validateFields(registerByPassword.payload, values, fields);
}

/** Field edits are taken in every state of the form region but `done`. */
const fieldEvents = {
  'field.change': { actions: 'setValue' },
  'field.focus': { actions: 'clearFieldError' },
} as const;

export const registerFormMachine = setup({
  types: {
    context: {} as RegisterFormContext,
    events: {} as RegisterFormEvent,
    tags: {} as RegisterFormTag,
  },
  delays: {
    USERNAME_CHECK: USERNAME_CHECK_DEBOUNCE_MS,
  },
  actors: {
    // Safe defaults: the real calls are injected with .provide() where the actor is created.
    submit: fromPromise<RegisterResult, RegisterPayload>(() => Promise.reject(new Error('not provided'))),
    checkUsername: fromPromise<CheckUsernameResult, CheckUsernameInput>(() =>
      Promise.reject(new Error('not provided')),
    ),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(validateRegister(context.values)),
    isUsernameTaken: stateIn({ usernameCheck: 'taken' }),
    isRegistered: stateIn({ form: 'done' }),
    isAccountChange: ({ event }) => event.type === 'field.change' && event.field === 'account',
    /** Only a valid user name is worth asking about (the call's payload schema would refuse the others). */
    isAccountCheckable: ({ context }) => !validateRegister(context.values, ['account']).account,
    isAvailable: (_, params: { available: boolean }) => params.available,
  },
  actions: {
    // Injected by the app; the default does nothing.
    notifySuccess: (_, _params: { result: RegisterResult }) => {},

    setValue: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    clearFieldError: assign(({ context, event }) =>
      event.type === 'field.focus' ? { errors: withoutError(context.errors, event.field), serverError: null } : {},
    ),
    showErrors: assign(({ context }) => ({ errors: validateRegister(context.values), serverError: null })),
    refuseTakenUsername: assign(({ context }) => ({
      errors: { ...validateRegister(context.values), account: { code: ACCOUNT_EXISTS } },
      serverError: null,
    })),
    startSubmit: assign({ errors: {}, serverError: null, result: null }),
    showFailure: assign((_, params: { error: unknown }) => {
      const { serverError, fieldErrors } = submitFailure(params.error, REGISTER_FIELDS);
      return { serverError, errors: fieldErrors };
    }),
    setResult: assign((_, params: { result: RegisterResult }) => ({ result: params.result })),
    showAccountExists: assign(({ context }) => ({ errors: { ...context.errors, account: { code: ACCOUNT_EXISTS } } })),
    /** The name the 'exists' error was about is gone; other account errors stay until focus or submit. */
    clearAccountExists: assign(({ context }) =>
      context.errors.account?.code === ACCOUNT_EXISTS ? { errors: withoutError(context.errors, 'account') } : {},
    ),
  },
}).createMachine({
  id: 'registerForm',
  type: 'parallel',
  context: { values: emptyValues(REGISTER_FIELDS), errors: {}, serverError: null, result: null },
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            ...fieldEvents,
            'form.submit': [
              { guard: 'isUsernameTaken', actions: 'refuseTakenUsername' },
              { guard: 'isValid', target: 'submitting', actions: 'startSubmit' },
              { actions: 'showErrors' },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          // No form.submit here: a double submit while loading is ignored.
          on: fieldEvents,
          invoke: {
            id: 'submit',
            src: 'submit',
            // Guarded by isValid, so this parses (trimmed account, trimmed lower-case e-mail).
            input: ({ context }) => registerByPassword.payload.parse(context.values),
            onDone: {
              target: 'done',
              actions: [
                { type: 'setResult', params: ({ event }) => ({ result: event.output }) },
                { type: 'notifySuccess', params: ({ event }) => ({ result: event.output }) },
              ],
            },
            onError: {
              target: 'editing',
              actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        // Not `type: 'final'`: the ui reads `result` until it leaves the form; nothing leaves this state.
        done: {},
      },
    },
    usernameCheck: {
      initial: 'idle',
      // Handled on the region, so a keystroke restarts the timer from any of its states, a running check
      // included (leaving `checking` stops it). The form region stores the value in the same step, first.
      on: {
        'field.change': {
          guard: and(['isAccountChange', not('isRegistered')]),
          target: '.debouncing',
          reenter: true,
          actions: 'clearAccountExists',
        },
      },
      states: {
        idle: {},
        debouncing: {
          after: {
            USERNAME_CHECK: [{ guard: 'isAccountCheckable', target: 'checking' }, { target: 'idle' }],
          },
        },
        checking: {
          tags: ['checkingUsername'],
          invoke: {
            id: 'checkUsername',
            src: 'checkUsername',
            // Guarded by isAccountCheckable, so this parses.
            input: ({ context }) => checkUsername.payload.parse({ username: context.values.account }),
            onDone: [
              {
                guard: { type: 'isAvailable', params: ({ event }) => ({ available: event.output.available }) },
                target: 'available',
              },
              { target: 'taken', actions: 'showAccountExists' },
            ],
            onError: { target: 'idle' },
          },
        },
        available: {},
        taken: { tags: ['usernameTaken'] },
      },
    },
  },
});
