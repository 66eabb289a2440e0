import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import type { ApiCall } from '@/contract/call';
import type { SavedCard } from '@/contract/calls/payment';
import { CARD_SETUP_MAX_RETRIES, CARD_SETUP_RETRY_MS, MAX_SAVED_CARDS } from '@/contract/constants';
import { networkFailure, pendingActor, serverRefusal } from '@/machines/app/form.model';
import { CARD_ERROR, REQUEST_FAILED } from './payment-errors';
import {
  cardSetupCalls,
  cardSetupMachine,
  pickSelection,
  selectCanAddCard,
  selectCanGoBack,
  selectCardBusy,
  selectCardChoice,
  selectCardError,
  selectCards,
  selectIsAddingCard,
  selectNewPaymentMethodId,
  selectSelectedCardId,
  toCardError,
  type CardCallClient,
  type CardIdInput,
  type CardSetupEmitted,
  type CardSetupEvent,
  type SetupIntentInput,
  type SetupKey,
  type SetupResult,
} from './card-setup.machine';
import {
  CARD_RETRY_EVENT,
  cardSetupModelFacts,
  cardSetupTestEvents as ev,
  CARDS_FIVE,
  CARDS_THREE,
  createCardSetupTestModel,
  describeCardSetupEvent,
  MODEL_CLIENT_SECRET,
  NEW_PAYMENT_METHOD_ID,
  RELOAD_DONE,
  withNewCard,
} from './card-setup.model';

const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const flush = () => pass(0);

const KEY: SetupKey = { client_secret: MODEL_CLIENT_SECRET, publishable_key: 'pk_test_model' };
const SUCCEEDED: SetupResult = { status: 'succeeded', payment_method_id: NEW_PAYMENT_METHOD_ID };
const PROCESSING: SetupResult = { status: 'processing', payment_method_id: null };

/** The card step with pending fakes for every call; `emitted` records what it emits. */
function start() {
  const load = pendingActor<SavedCard[], unknown>();
  const key = pendingActor<SetupKey, unknown>();
  const confirm = pendingActor<SetupResult, SetupIntentInput>();
  const retrieve = pendingActor<SetupResult, SetupIntentInput>();
  const del = pendingActor<null, CardIdInput>();
  const bind = pendingActor<null, CardIdInput>();
  const machine = cardSetupMachine.provide({
    actors: {
      loadCards: load.logic,
      fetchSetupKey: key.logic,
      confirmSetup: confirm.logic,
      retrieveSetup: retrieve.logic,
      deleteCard: del.logic,
      bindDefaultCard: bind.logic,
    },
  });
  const actor = createActor(machine).start();
  const emitted: CardSetupEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  const snap = () => actor.getSnapshot();
  const send = (event: CardSetupEvent) => actor.send(event);
  return { actor, snap, send, emitted, load, key, confirm, retrieve, del, bind };
}

type Run = ReturnType<typeof start>;

async function loaded(cards: SavedCard[] = CARDS_THREE) {
  const run = start();
  run.load.last().resolve(cards);
  await flush();
  return run;
}

/** In the new-card form with the element ready, the setup started and the key given: confirming. */
async function confirming(cards: SavedCard[] = CARDS_THREE) {
  const run = await loaded(cards);
  if (cards.length) run.send({ type: 'card.add' });
  run.send({ type: 'element.change', ready: true });
  run.send({ type: 'setup.start' });
  run.key.last().resolve(KEY);
  await flush();
  expect(run.snap().matches({ adding: 'confirming' })).toBe(true);
  return run;
}

async function settle<T>(call: { resolve: (v: unknown) => void }, value: T) {
  call.resolve(value);
  await flush();
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pickSelection', () => {
  const cards = CARDS_THREE;
  it('picks the default card, else the first', () => {
    expect(pickSelection(cards)).toBe(12);
    expect(pickSelection(CARDS_FIVE)).toBe(21);
    expect(pickSelection([])).toBeNull();
  });

  it('never picks a banned card: a banned default or first gives way to the next selectable one', () => {
    const bannedDefault = cards.map((c) => ({ ...c, is_ban: c.id === 12 }));
    expect(pickSelection(bannedDefault)).toBe(11);
    const bannedFirst = CARDS_FIVE.map((c) => ({ ...c, is_ban: c.id === 21 }));
    expect(pickSelection(bannedFirst)).toBe(22);
    expect(pickSelection(cards.map((c) => ({ ...c, is_ban: true })))).toBeNull();
  });

  it('keeps a listed, selectable card', () => {
    expect(pickSelection(cards, 11)).toBe(11);
    expect(pickSelection(cards, 13)).toBe(12);
    expect(pickSelection(cards, 99)).toBe(12);
  });
});

describe('card step: the list', () => {
  it('loads the saved cards, busy meanwhile, and preselects the default card', async () => {
    const run = start();
    expect(run.snap().value).toBe('loading');
    expect(selectCardBusy(run.snap())).toBe(true);
    expect(selectCanAddCard(run.snap())).toBe(false);
    await settle(run.load.last(), CARDS_THREE);
    expect(run.snap().value).toBe('list');
    expect(selectCards(run.snap())).toEqual(CARDS_THREE);
    expect(selectSelectedCardId(run.snap())).toBe(12);
    expect(selectCardChoice(run.snap())).toEqual({ user_payment_method_id: 12 });
    expect(selectCardBusy(run.snap())).toBe(false);
    expect(selectCanGoBack(run.snap())).toBe(false);
  });

  it('preselects the first card when none is the default', async () => {
    const run = await loaded(CARDS_FIVE);
    expect(selectSelectedCardId(run.snap())).toBe(21);
  });

  it('shows the new-card form at once without saved cards, with no back arrow', async () => {
    const run = await loaded([]);
    expect(run.snap().matches({ adding: 'form' })).toBe(true);
    expect(selectIsAddingCard(run.snap())).toBe(true);
    expect(selectCanGoBack(run.snap())).toBe(false);
    run.send({ type: 'card.back' });
    expect(run.snap().matches({ adding: 'form' })).toBe(true);
    expect(selectCardChoice(run.snap())).toBeNull();
  });

  it('a failed load can be retried', async () => {
    const run = start();
    run.load.last().reject(networkFailure('user/getPaymentMethods'));
    await flush();
    expect(run.snap().value).toBe('loadFailed');
    expect(selectCardError(run.snap())).toMatchObject({ code: REQUEST_FAILED, request: { code: 'network' } });
    run.send({ type: 'card.reload' });
    expect(run.snap().value).toBe('loading');
    expect(selectCardError(run.snap())).toBeNull();
    await settle(run.load.last(), CARDS_THREE);
    expect(run.load.calls).toHaveLength(2);
    expect(selectSelectedCardId(run.snap())).toBe(12);
  });

  it('selects a card; a banned card cannot be selected; an unknown id is an Invalid card id', async () => {
    const run = await loaded();
    run.send({ type: 'card.select', id: 11 });
    expect(selectSelectedCardId(run.snap())).toBe(11);
    run.send({ type: 'card.select', id: 13 });
    expect(selectSelectedCardId(run.snap())).toBe(11);
    expect(selectCardError(run.snap())).toBeNull();
    run.send({ type: 'card.select', id: 99 });
    expect(selectSelectedCardId(run.snap())).toBe(11);
    expect(selectCardError(run.snap())).toEqual({ code: 'Invalid card id' });
    run.send({ type: 'card.select', id: 12 });
    expect(selectSelectedCardId(run.snap())).toBe(12);
    expect(selectCardError(run.snap())).toBeNull();
  });

  it(`offers add-card below ${MAX_SAVED_CARDS} cards only`, async () => {
    const four = await loaded(withNewCard(CARDS_THREE));
    expect(selectCards(four.snap())).toHaveLength(MAX_SAVED_CARDS - 1);
    expect(selectCanAddCard(four.snap())).toBe(true);
    const five = await loaded(CARDS_FIVE);
    expect(selectCanAddCard(five.snap())).toBe(false);
    five.send({ type: 'card.add' });
    expect(five.snap().value).toBe('list');
    const six = await loaded(withNewCard(CARDS_FIVE));
    expect(selectCanAddCard(six.snap())).toBe(false);
  });

  it('add-card opens the form with the back arrow; back returns to the list and its selection', async () => {
    const run = await loaded();
    run.send({ type: 'card.select', id: 11 });
    run.send({ type: 'card.add' });
    expect(run.snap().matches({ adding: 'form' })).toBe(true);
    expect(selectCanGoBack(run.snap())).toBe(true);
    expect(selectCanAddCard(run.snap())).toBe(false);
    run.send({ type: 'card.back' });
    expect(run.snap().value).toBe('list');
    expect(selectSelectedCardId(run.snap())).toBe(11);
  });

  it('deletes a card and reloads; the deleted selection falls back to the default', async () => {
    const run = await loaded();
    run.send({ type: 'card.select', id: 11 });
    run.send({ type: 'card.delete', id: 11 });
    expect(run.snap().value).toBe('deleting');
    expect(run.snap().context.pending).toEqual({ op: 'delete', id: 11 });
    expect(run.del.last().input).toEqual({ payment_method_id: 11 });
    await settle(run.del.last(), null);
    expect(run.snap().value).toBe('loading');
    await settle(run.load.last(), CARDS_THREE.filter((c) => c.id !== 11));
    expect(run.snap().value).toBe('list');
    expect(selectSelectedCardId(run.snap())).toBe(12);
    expect(run.snap().context.pending).toBeNull();
  });

  it('deleting the last card shows the new-card form', async () => {
    const run = await loaded([CARDS_THREE[0]]);
    run.send({ type: 'card.delete', id: 11 });
    await settle(run.del.last(), null);
    await settle(run.load.last(), []);
    expect(run.snap().matches({ adding: 'form' })).toBe(true);
    expect(selectSelectedCardId(run.snap())).toBeNull();
  });

  it('makes a card the default and reloads, keeping the selection', async () => {
    const run = await loaded();
    run.send({ type: 'card.makeDefault', id: 11 });
    expect(run.snap().value).toBe('bindingDefault');
    expect(run.bind.last().input).toEqual({ payment_method_id: 11 });
    await settle(run.bind.last(), null);
    await settle(run.load.last(), CARDS_THREE.map((c) => ({ ...c, is_default: c.id === 11 })));
    expect(run.snap().value).toBe('list');
    expect(selectSelectedCardId(run.snap())).toBe(12);
  });

  it('refuses delete and make-default of an unknown id with Invalid card id, calling nothing', async () => {
    const run = await loaded();
    run.send({ type: 'card.delete', id: 99 });
    expect(run.snap().value).toBe('list');
    expect(selectCardError(run.snap())).toEqual({ code: CARD_ERROR.invalidCardId });
    run.send({ type: 'card.makeDefault', id: 99 });
    expect(selectCardError(run.snap())).toEqual({ code: CARD_ERROR.invalidCardId });
    expect(run.del.calls).toHaveLength(0);
    expect(run.bind.calls).toHaveLength(0);
  });

  it('a refused delete returns to the list with the server msg', async () => {
    const run = await loaded();
    run.send({ type: 'card.delete', id: 11 });
    run.del.last().reject(serverRefusal('The card is in use'));
    await flush();
    expect(run.snap().value).toBe('list');
    expect(selectCardError(run.snap())).toMatchObject({ code: REQUEST_FAILED, request: { msg: 'The card is in use' } });
    expect(run.snap().context.pending).toBeNull();
    expect(selectCards(run.snap())).toEqual(CARDS_THREE);
  });
});

describe('card step: adding a card', () => {
  it('needs the card element ready: Stripe Elements is not ready', async () => {
    const run = await loaded();
    run.send({ type: 'card.add' });
    run.send({ type: 'setup.start' });
    expect(run.snap().matches({ adding: 'form' })).toBe(true);
    expect(selectCardError(run.snap())).toEqual({ code: 'Stripe Elements is not ready' });
    expect(run.key.calls).toHaveLength(0);
    run.send({ type: 'element.change', ready: true });
    run.send({ type: 'setup.start' });
    expect(run.snap().matches({ adding: 'fetchingKey' })).toBe(true);
    expect(selectCardError(run.snap())).toBeNull();
    expect(run.key.calls).toHaveLength(1);
  });

  it('the element must be ready again after leaving the form', async () => {
    const run = await loaded();
    run.send({ type: 'card.add' });
    run.send({ type: 'element.change', ready: true });
    run.send({ type: 'card.back' });
    run.send({ type: 'card.add' });
    run.send({ type: 'setup.start' });
    expect(selectCardError(run.snap())).toEqual({ code: CARD_ERROR.elementNotReady });
  });

  it('a setup key without a client secret: Stripe Client Secret is not ready', async () => {
    const run = await loaded();
    run.send({ type: 'card.add' });
    run.send({ type: 'element.change', ready: true });
    run.send({ type: 'setup.start' });
    await settle(run.key.last(), { client_secret: '', publishable_key: 'pk_test_model' });
    expect(run.snap().matches({ adding: 'form' })).toBe(true);
    expect(selectCardError(run.snap())).toEqual({ code: 'Stripe Client Secret is not ready' });
    expect(run.confirm.calls).toHaveLength(0);
  });

  it('no back arrow while a setup runs', async () => {
    const run = await confirming();
    expect(selectCanGoBack(run.snap())).toBe(false);
    expect(selectCardBusy(run.snap())).toBe(true);
    run.send({ type: 'card.back' });
    expect(run.snap().matches({ adding: 'confirming' })).toBe(true);
  });

  it('confirms with the client secret; on success reloads and selects the new card', async () => {
    const run = await confirming();
    expect(run.confirm.last().input).toEqual({ clientSecret: MODEL_CLIENT_SECRET });
    expect(run.snap().context.publishableKey).toBe('pk_test_model');
    await settle(run.confirm.last(), SUCCEEDED);
    expect(run.snap().matches({ adding: 'saving' })).toBe(true);
    expect(run.load.calls).toHaveLength(2);
    const listed = withNewCard(CARDS_THREE);
    const newId = listed.at(-1)!.id;
    await settle(run.load.last(), listed);
    expect(run.snap().value).toBe('list');
    expect(selectSelectedCardId(run.snap())).toBe(newId);
    expect(selectNewPaymentMethodId(run.snap())).toBe(NEW_PAYMENT_METHOD_ID);
    expect(selectCardChoice(run.snap())).toEqual({ user_payment_method_id: newId });
    expect(run.emitted).toEqual([{ type: 'card.added', payment_method_id: NEW_PAYMENT_METHOD_ID, cardId: newId }]);
  });

  it('when the reload lists no new card, the payment uses the provider id', async () => {
    const run = await confirming();
    await settle(run.confirm.last(), SUCCEEDED);
    await settle(run.load.last(), CARDS_THREE);
    expect(selectSelectedCardId(run.snap())).toBeNull();
    expect(selectCardChoice(run.snap())).toEqual({ payment_method_id: NEW_PAYMENT_METHOD_ID });
    expect(run.emitted).toEqual([{ type: 'card.added', payment_method_id: NEW_PAYMENT_METHOD_ID, cardId: null }]);
    // Choosing a saved card again wins.
    run.send({ type: 'card.select', id: 11 });
    expect(selectCardChoice(run.snap())).toEqual({ user_payment_method_id: 11 });
  });

  it('when the reload fails after a setup, the card is still reported and usable', async () => {
    const run = await confirming();
    await settle(run.confirm.last(), SUCCEEDED);
    run.load.last().reject(networkFailure('user/getPaymentMethods'));
    await flush();
    expect(run.snap().value).toBe('loadFailed');
    expect(selectCardChoice(run.snap())).toEqual({ payment_method_id: NEW_PAYMENT_METHOD_ID });
    expect(run.emitted).toEqual([{ type: 'card.added', payment_method_id: NEW_PAYMENT_METHOD_ID, cardId: null }]);
  });

  it('with no saved cards, the first card set up is selected', async () => {
    const run = await confirming([]);
    await settle(run.confirm.last(), SUCCEEDED);
    const listed = withNewCard([]);
    await settle(run.load.last(), listed);
    expect(selectSelectedCardId(run.snap())).toBe(listed[0].id);
  });

  it(`polls a setup that is not succeeded every ${CARD_SETUP_RETRY_MS} ms and takes its success`, async () => {
    const run = await confirming();
    await settle(run.confirm.last(), PROCESSING);
    expect(run.snap().matches({ adding: 'retrying' })).toBe(true);
    for (let i = 1; i <= 3; i += 1) {
      await pass(CARD_SETUP_RETRY_MS - 1);
      expect(run.retrieve.calls).toHaveLength(i - 1);
      await pass(1);
      expect(run.retrieve.calls).toHaveLength(i);
      expect(run.retrieve.last().input).toEqual({ clientSecret: MODEL_CLIENT_SECRET });
      if (i < 3) await settle(run.retrieve.last(), PROCESSING);
    }
    await settle(run.retrieve.last(), SUCCEEDED);
    expect(run.snap().matches({ adding: 'saving' })).toBe(true);
    expect(selectNewPaymentMethodId(run.snap())).toBe(NEW_PAYMENT_METHOD_ID);
  });

  it(`fails after ${CARD_SETUP_MAX_RETRIES} polls × ${CARD_SETUP_RETRY_MS} ms: setupIntent not succeeded after 10 retries`, async () => {
    const run = await confirming();
    const began = Date.now();
    await settle(run.confirm.last(), PROCESSING);
    for (let i = 0; i < CARD_SETUP_MAX_RETRIES; i += 1) {
      expect(run.snap().matches({ adding: 'retrying' })).toBe(true);
      await pass(CARD_SETUP_RETRY_MS);
      // A failed poll counts like one that did not see 'succeeded'.
      if (i === 4) run.retrieve.last().reject(networkFailure('stripe/retrieveSetupIntent'));
      else run.retrieve.last().resolve(PROCESSING);
      await flush();
    }
    expect(Date.now() - began).toBe(CARD_SETUP_MAX_RETRIES * CARD_SETUP_RETRY_MS);
    expect(run.retrieve.calls).toHaveLength(10);
    expect(run.snap().matches({ adding: 'form' })).toBe(true);
    expect(selectCardError(run.snap())).toEqual({ code: 'setupIntent not succeeded after 10 retries' });
    await pass(CARD_SETUP_RETRY_MS * 4);
    expect(run.retrieve.calls).toHaveLength(10);
    expect(vi.getTimerCount()).toBe(0);
    expect(run.emitted).toEqual([]);
    // A new start gets a new setup key and a fresh count.
    run.send({ type: 'setup.start' });
    await settle(run.key.last(), KEY);
    await settle(run.confirm.last(), PROCESSING);
    await pass(CARD_SETUP_RETRY_MS);
    expect(run.retrieve.calls).toHaveLength(11);
    expect(run.snap().context.retries).toBe(1);
  });

  it('a rejected confirmation keeps a spec text as its code, anything else as the failed call', async () => {
    const run = await confirming();
    run.confirm.last().reject(new Error('Stripe Elements is not ready'));
    await flush();
    expect(run.snap().matches({ adding: 'form' })).toBe(true);
    expect(selectCardError(run.snap())).toEqual({ code: CARD_ERROR.elementNotReady });
    expect(toCardError(new Error('Your card was declined.'))).toEqual({
      code: REQUEST_FAILED,
      request: { code: 'unknown', msg: 'Your card was declined.' },
    });
  });

  it('cardSetupCalls makes the named contract calls', async () => {
    const made: { path: string; payload: unknown }[] = [];
    const client: CardCallClient = {
      call: (call: ApiCall, payload: unknown) => {
        made.push({ path: call.path, payload });
        return Promise.resolve(null) as never;
      },
    };
    const calls = cardSetupCalls(client);
    createActor(calls.loadCards).start();
    createActor(calls.fetchSetupKey).start();
    createActor(calls.deleteCard, { input: { payment_method_id: 11 } }).start();
    createActor(calls.bindDefaultCard, { input: { payment_method_id: 12 } }).start();
    await flush();
    expect(made).toEqual([
      { path: 'user/getPaymentMethods', payload: {} },
      { path: 'stripe/getPaymentInfo', payload: {} },
      { path: 'user/delPaymentMethod', payload: { payment_method_id: 11 } },
      { path: 'user/bindDefaultPayment', payload: { payment_method_id: 12 } },
    ]);
  });

  it('without provided actors the load fails (safe default)', async () => {
    const actor = createActor(cardSetupMachine).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
  });
});

/**
 * Model-based tests (STYLE rule 19). The model (card-setup.model.ts, printed by `npm run test:paths`) drives a
 * real card step whose calls are pending fakes the test settles. After every step the actor agrees with the model
 * on the facts the machine decides on, exactly the call of the state runs (with the right input), the retry timer
 * runs only while retrying, and `card.added` is emitted exactly when a setup's reload ends.
 */
describe('card step: model-based paths', () => {
  const paths = createCardSetupTestModel().getShortestPaths();

  it('the paths reach every state and take every event', () => {
    const reached = new Set<string>();
    for (const path of paths) for (const step of path.steps) for (const node of step.state._nodes) reached.add(node.id);
    const all = getStateNodes(cardSetupMachine.root).map((node) => node.id);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
    const used = new Set(paths.flatMap((path) => path.steps.map((step) => describeCardSetupEvent(step.event))));
    for (const event of Object.values(ev)) expect(used).toContain(describeCardSetupEvent(event));
  });

  it('has the paths the issue asks for: preselection, the 5-card limit, banned card, retries exhausted', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect(steps.some((s) => s.event === ev.loadThree && s.state.context.selectedId === 12)).toBe(true);
    expect(steps.some((s) => s.event === ev.loadFive && s.state.context.selectedId === 21 && !selectCanAddCard(s.state))).toBe(true);
    expect(steps.some((s) => s.event === ev.selectBanned)).toBe(true);
    expect(steps.some((s) => s.state.context.error?.code === CARD_ERROR.setupNotSucceeded)).toBe(true);
  });

  it('createTestModel() refuses this machine (why TestModel is used directly)', () => {
    expect(() => createTestModel(cardSetupMachine)).toThrow(/not supported/);
  });

  const nameOf = (path: (typeof paths)[number]) =>
    `${path.steps.slice(1).map((step) => describeCardSetupEvent(step.event)).join(' → ') || 'start'} ⇒ ${JSON.stringify(path.state.value)}`;

  for (const path of paths) {
    it(nameOf(path), async () => {
      const run: Run = start();
      const { snap, load, key, confirm, retrieve, del, bind } = run;
      const settleBy: Record<string, (event: AnyEventObject) => void> = {
        loadCards: load.settle,
        reloadCards: load.settle,
        fetchSetupKey: key.settle,
        confirmSetup: confirm.settle,
        retrieveSetup: retrieve.settle,
        deleteCard: del.settle,
        bindDefaultCard: bind.settle,
      };
      let heard = 0;
      const news = () => {
        const fresh = run.emitted.slice(heard);
        heard = run.emitted.length;
        return fresh;
      };

      const events: Record<string, (step: { event: AnyEventObject }) => Promise<void>> = {};
      // RELOAD_DONE's list is computed from the state; the other model events are the samples.
      for (const event of [...Object.values(ev), { type: RELOAD_DONE }, { type: CARD_RETRY_EVENT }]) {
        const completion = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
        events[event.type] = async ({ event: e }) => {
          const before = snap();
          if (completion) {
            settleBy[completion[1]](e);
            await flush();
          } else if (e.type === CARD_RETRY_EVENT) {
            const calls = retrieve.calls.length;
            await pass(CARD_SETUP_RETRY_MS - 1);
            expect(retrieve.calls).toHaveLength(calls);
            await pass(1);
            expect(retrieve.calls).toHaveLength(calls + 1);
          } else {
            run.send(e as CardSetupEvent);
          }
          const fromSaving = before.matches({ adding: 'saving' }) && !snap().matches({ adding: 'saving' });
          expect(news()).toEqual(
            fromSaving
              ? [{ type: 'card.added', payment_method_id: NEW_PAYMENT_METHOD_ID, cardId: snap().matches('list') ? snap().context.selectedId : null }]
              : [],
          );
        };
      }

      await path.test({
        states: {
          '*': (model) => {
            const real = snap();
            expect(cardSetupModelFacts(real)).toEqual(cardSetupModelFacts(model));
            expect([...real.tags].sort()).toEqual([...model.tags].sort());
            const running = (state: string) => (real.matches(state as never) ? 1 : 0);
            expect(load.outstanding()).toHaveLength(running('loading') || running('adding.saving'));
            expect(key.outstanding()).toHaveLength(running('adding.fetchingKey'));
            expect(confirm.outstanding()).toHaveLength(running('adding.confirming'));
            expect(retrieve.outstanding()).toHaveLength(running('adding.retrieving'));
            expect(del.outstanding()).toHaveLength(running('deleting'));
            expect(bind.outstanding()).toHaveLength(running('bindingDefault'));
            expect(vi.getTimerCount()).toBe(running('adding.retrying'));
            if (real.matches('deleting')) expect(del.last().input).toEqual({ payment_method_id: real.context.pending!.id });
            if (real.matches('bindingDefault')) expect(bind.last().input).toEqual({ payment_method_id: real.context.pending!.id });
            if (real.matches({ adding: 'confirming' })) expect(confirm.last().input).toEqual({ clientSecret: MODEL_CLIENT_SECRET });
            if (real.matches({ adding: 'retrieving' })) expect(retrieve.last().input).toEqual({ clientSecret: MODEL_CLIENT_SECRET });
            // The selection is never a banned or unlisted card.
            const selected = real.context.cards.find((c) => c.id === real.context.selectedId);
            if (real.context.selectedId !== null) expect(selected?.is_ban).toBe(false);
          },
        },
        events,
      });
      run.actor.stop();
    });
  }
});
