import { createInspector } from '@statelyai/inspect';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import type { CurrentUser } from '@/contract/calls/user';
import { loginFormMachine } from '@/machines/account/login-form.machine';
import { sessionMachine, sessionTestEvents } from '@/machines/account/session.machine';
import { REDACTED, redactForInspector } from '@/services/inspector-redaction';

const PASSWORD = 'correct horse battery staple';
const TOKEN = 'tok_3fZk9QvWm2LxR8yPq7NcHd4JbA1sE6uT0oKiGy5';
const USER: CurrentUser = sessionTestEvents['xstate.done.actor.fetchUser'].output;

/**
 * Issue 10 item 4: with ?inspect, what the inspector window receives carries no password, token, card or identity
 * data. The real machines run under the real @statelyai/inspect pipeline with the redacting serializer; an adapter
 * records what would be posted to the inspector window.
 */
describe('inspector redaction', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function recordingInspector() {
    const posted: unknown[] = [];
    const inspector = createInspector(
      { send: (event: unknown) => void posted.push(event), start() {}, stop() {} },
      { serialize: (event) => redactForInspector(event, [TOKEN]) as typeof event },
    );
    return { posted, inspect: (event: InspectionEvent) => inspector.inspect.next?.(event) };
  }

  it('a login typed with a password, and the session it opens, reach the inspector without the secrets', async () => {
    const { posted, inspect } = recordingInspector();
    const form = createActor(
      loginFormMachine.provide({ actors: { submit: fromPromise(async () => ({ token: TOKEN })) } }),
      { inspect },
    ).start();
    form.send({ type: 'field.change', field: 'account', value: 'mika' });
    form.send({ type: 'field.change', field: 'password', value: PASSWORD });
    form.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(1_000);

    const session = createActor(
      sessionMachine.provide({
        actors: {
          fetchUser: fromPromise(async () => USER),
          fetchConfig: fromPromise(async () => ({ chat_token: `chat.${TOKEN}`, via: 'pwa', im_url: ['wss://im.example.test/im'] })),
        },
      }),
      { input: { token: null }, inspect },
    ).start();
    session.send({ type: 'session.login', token: TOKEN });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(session.getSnapshot().hasTag('loggedIn')).toBe(true);

    const text = JSON.stringify(posted);
    expect(posted.length).toBeGreaterThan(10);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(TOKEN);
    // Still useful to an engineer: the events, the states and the harmless data are there.
    expect(text).toContain('session.login');
    expect(text).toContain('field.change');
    expect(text).toContain('authenticated');
    expect(text).toContain(USER.nickname);
    expect(text).toContain(REDACTED);
  });

  it('redacts card and identity fields at any depth, and survives cycles and class instances', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const value = {
      event: { type: 'card.submit', card: { number: '4242424242424242', cvc: '123', exp_month: 12 } },
      context: {
        kyc: { document_number: 'X1234567', birth_date: '1990-01-01', full_name: 'Mika Tanaka', document_type: 1 },
        nested: [{ deeper: { client_secret: 'seti_123_secret_456' } }],
        cyclic,
        when: new Date(0),
        fn: () => 1,
      },
    };
    const out = JSON.stringify(redactForInspector(value));
    for (const secret of ['4242424242424242', '123"', 'X1234567', '1990-01-01', 'Mika Tanaka', 'seti_123_secret_456']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('card.submit');
    expect(out).toContain('[circular]');
    expect(out).toContain('1970-01-01T00:00:00.000Z');
  });
});
