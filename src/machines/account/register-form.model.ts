import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { USERNAME_CHECK_DEBOUNCE_MS } from '@/contract/constants';
import { ApiError } from '@/services/api-client';
import {
  afterEventOf,
  createFormTestModel,
  describeFormEvent,
  doneEvent,
  errorEvent,
  serverRefusal,
} from '../app/form.model';
import { registerFormMachine } from './register-form.machine';

/**
 * The register form's test model (STYLE rule 19), shared by register-form.machine.test.ts and `npm run
 * test:paths`. Test data only. The model types a free-looking name ('alice') or one too short to check ('al'),
 * an e-mail and a password; the name check answers free, taken or fails; the register call answers a token or
 * refuses the e-mail as taken.
 *
 * Besides typing after focus (form.model.ts), independent steps go in one order, so the paths are about the
 * form and the check rather than their interleavings: the e-mail and the password are typed, and the form
 * submitted, only while the name check is at rest (not waiting or asking), and the password after the e-mail.
 * A submit during a pending check, and typing during the call, are unit tests. The model focuses only the
 * account, the field the name check is about: focusing another field is the same transition with another
 * field name (the login model and the unit tests focus those), and each focus that clears something is a path
 * of its own (form.model.ts), so three would double the paths for nothing new.
 */

type RegisterSnapshot = SnapshotFrom<typeof registerFormMachine>;

export const USERNAME_CHECK_EVENT = afterEventOf(registerFormMachine, 'registerForm.usernameCheck.debouncing');
export const CHECK_DONE = doneEvent('checkUsername');
export const CHECK_ERROR = errorEvent('checkUsername');
export const REGISTER_SUBMIT_DONE = doneEvent('submit');
export const REGISTER_SUBMIT_ERROR = errorEvent('submit');

export const registerModelEvents: AnyEventObject[] = [
  { type: 'field.change', field: 'account', value: 'alice' },
  { type: 'field.change', field: 'account', value: 'al' },
  { type: 'field.change', field: 'email', value: 'alice@example.com' },
  { type: 'field.change', field: 'password', value: 'long-enough-pw' },
  { type: 'field.focus', field: 'account' },
  { type: 'form.submit' },
  { type: USERNAME_CHECK_EVENT },
  { type: CHECK_DONE, output: { available: true } },
  { type: CHECK_DONE, output: { available: false } },
  { type: CHECK_ERROR, error: new ApiError('account/checkUsername failed: network error', { kind: 'network' }) },
  { type: REGISTER_SUBMIT_DONE, output: { token: 'token-register' } },
  {
    type: REGISTER_SUBMIT_ERROR,
    error: serverRefusal('This e-mail address is already registered', {
      field: 'email',
      code: 'errors.email.exists',
    }),
  },
];

/** The name check is not waiting for its timer or its answer. */
const isCheckAtRest = (snapshot: RegisterSnapshot) =>
  !snapshot.matches({ usernameCheck: 'debouncing' }) && !snapshot.matches({ usernameCheck: 'checking' });

function inOrder(snapshot: RegisterSnapshot, event: AnyEventObject): boolean {
  if (event.type === 'form.submit') return isCheckAtRest(snapshot);
  if (event.type === 'field.change' && event.field !== 'account') {
    return isCheckAtRest(snapshot) && (event.field !== 'password' || snapshot.context.values.email !== '');
  }
  return true;
}

export function createRegisterFormTestModel() {
  return createFormTestModel(registerFormMachine, registerModelEvents, { filter: inOrder });
}

export function describeRegisterFormEvent(event: EventObject): string {
  return describeFormEvent(event, {
    delays: { [USERNAME_CHECK_EVENT]: `${USERNAME_CHECK_DEBOUNCE_MS} ms pass (user name check debounce)` },
    actors: { submit: 'the register call', checkUsername: 'the user name check' },
  });
}
