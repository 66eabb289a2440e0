import type { ActorLogic, AnyEventObject, EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { SavedCard } from '@/contract/calls/payment';
import { CARD_SETUP_RETRY_MS } from '@/contract/constants';
import { afterEventOf, doneEvent, errorEvent, networkFailure, serverRefusal } from '@/machines/app/form.model';
import {
  cardSetupMachine,
  type CardSetupEvent,
  type CardSetupSnapshot,
  type SetupKey,
  type SetupResult,
} from './card-setup.machine';

/**
 * The card step's test model (STYLE rule 19), shared by card-setup.machine.test.ts and `npm run test:paths`. Test
 * data only: no app module imports this file, so it stays out of the bundle.
 *
 * The machine invokes its calls and waits with `after` (STYLE rules 7 and 8), which createTestModel() refuses, so
 * this is a TestModel of the machine as it is. The model's world is the answers of the calls and of the card
 * provider (completion events, which a test executes by settling its fake) and the retry delay (which it passes
 * on the fake clock), plus the user's events. An answer is offered only while its call runs, the delay only while
 * the machine waits for it, and a user's event only where the machine takes it (`can`): an ignored event (add at
 * five cards, back without a list) changes nothing, which the unit tests show.
 *
 * The lists are small fixtures: three cards (the second the default, the third banned), five cards without a
 * default, and none. A reload after a delete answers the list without the card, after a make-default the list
 * with the card as default, after a setup the list with one new card; so the lists stay few. A vertex is the
 * facts the machine decides on (state value, the cards' ids, the default, the selection, the error code, the
 * element's readiness, the polls so far while polling, whether a new card's id is known) plus the event and the
 * state it came from, so every transition ends a path.
 */

const saved = (id: number, last4: string, fields: Partial<SavedCard> = {}): SavedCard => ({
  id,
  is_default: false,
  is_ban: false,
  card: { brand: 'visa', last4 },
  ...fields,
});

/** Card 12 is the default; card 13 is banned. */
export const CARDS_THREE: SavedCard[] = [
  saved(11, '4242'),
  saved(12, '4444', { is_default: true, card: { brand: 'mastercard', last4: '4444' } }),
  saved(13, '0002', { is_ban: true }),
];
/** MAX_SAVED_CARDS cards, none the default. */
export const CARDS_FIVE: SavedCard[] = [21, 22, 23, 24, 25].map((id) => saved(id, `00${id}`));

export const NEW_PAYMENT_METHOD_ID = 'pm_1ModelNewCard';
export const MODEL_CLIENT_SECRET = 'seti_1Model_secret_abc';

/** The list after a setup: `cards` and one new card with the next id. */
export function withNewCard(cards: readonly SavedCard[]): SavedCard[] {
  const id = Math.max(30, ...cards.map((c) => c.id)) + 1;
  return [...cards, saved(id, '1881')];
}

export const LOAD_DONE = doneEvent('loadCards');
export const LOAD_ERROR = errorEvent('loadCards');
export const RELOAD_DONE = doneEvent('reloadCards');
export const RELOAD_ERROR = errorEvent('reloadCards');
export const DELETE_DONE = doneEvent('deleteCard');
export const DELETE_ERROR = errorEvent('deleteCard');
export const BIND_DONE = doneEvent('bindDefaultCard');
export const BIND_ERROR = errorEvent('bindDefaultCard');
export const KEY_DONE = doneEvent('fetchSetupKey');
export const KEY_ERROR = errorEvent('fetchSetupKey');
export const CONFIRM_DONE = doneEvent('confirmSetup');
export const CONFIRM_ERROR = errorEvent('confirmSetup');
export const RETRIEVE_DONE = doneEvent('retrieveSetup');
export const RETRIEVE_ERROR = errorEvent('retrieveSetup');
export const CARD_RETRY_EVENT = afterEventOf(cardSetupMachine, 'cardSetup.adding.retrying');

const key = (client_secret: string): SetupKey => ({ client_secret, publishable_key: 'pk_test_model' });
const setupResult = (status: string, payment_method_id: string | null): SetupResult => ({ status, payment_method_id });

export const cardSetupTestEvents = {
  loadThree: { type: LOAD_DONE, output: CARDS_THREE },
  loadFive: { type: LOAD_DONE, output: CARDS_FIVE },
  loadNone: { type: LOAD_DONE, output: [] },
  loadOffline: { type: LOAD_ERROR, error: networkFailure('user/getPaymentMethods') },
  reload: { type: 'card.reload' },
  select11: { type: 'card.select', id: 11 },
  selectBanned: { type: 'card.select', id: 13 },
  selectUnknown: { type: 'card.select', id: 99 },
  add: { type: 'card.add' },
  back: { type: 'card.back' },
  delete11: { type: 'card.delete', id: 11 },
  deleteUnknown: { type: 'card.delete', id: 99 },
  makeDefault11: { type: 'card.makeDefault', id: 11 },
  makeDefaultUnknown: { type: 'card.makeDefault', id: 99 },
  deleteDone: { type: DELETE_DONE, output: null },
  deleteRefused: { type: DELETE_ERROR, error: serverRefusal('The card is in use') },
  bindDone: { type: BIND_DONE, output: null },
  bindRefused: { type: BIND_ERROR, error: serverRefusal('The card is banned') },
  elementReady: { type: 'element.change', ready: true },
  elementLost: { type: 'element.change', ready: false },
  setupStart: { type: 'setup.start' },
  key: { type: KEY_DONE, output: key(MODEL_CLIENT_SECRET) },
  keyWithoutSecret: { type: KEY_DONE, output: key('') },
  keyOffline: { type: KEY_ERROR, error: networkFailure('stripe/getPaymentInfo') },
  confirmSucceeded: { type: CONFIRM_DONE, output: setupResult('succeeded', NEW_PAYMENT_METHOD_ID) },
  confirmProcessing: { type: CONFIRM_DONE, output: setupResult('processing', null) },
  confirmDeclined: { type: CONFIRM_ERROR, error: new Error('Your card was declined.') },
  retryDelay: { type: CARD_RETRY_EVENT },
  retrieveProcessing: { type: RETRIEVE_DONE, output: setupResult('processing', null) },
  retrieveSucceeded: { type: RETRIEVE_DONE, output: setupResult('succeeded', NEW_PAYMENT_METHOD_ID) },
  retrieveOffline: { type: RETRIEVE_ERROR, error: networkFailure('stripe/retrieveSetupIntent') },
  reloadOffline: { type: RELOAD_ERROR, error: networkFailure('user/getPaymentMethods') },
} as const satisfies Record<string, AnyEventObject>;

const ev = cardSetupTestEvents;

const STATE_OF: Partial<Record<string, string>> = {
  [LOAD_DONE]: 'loading',
  [LOAD_ERROR]: 'loading',
  [RELOAD_DONE]: 'adding.saving',
  [RELOAD_ERROR]: 'adding.saving',
  [DELETE_DONE]: 'deleting',
  [DELETE_ERROR]: 'deleting',
  [BIND_DONE]: 'bindingDefault',
  [BIND_ERROR]: 'bindingDefault',
  [KEY_DONE]: 'adding.fetchingKey',
  [KEY_ERROR]: 'adding.fetchingKey',
  [CONFIRM_DONE]: 'adding.confirming',
  [CONFIRM_ERROR]: 'adding.confirming',
  [RETRIEVE_DONE]: 'adding.retrieving',
  [RETRIEVE_ERROR]: 'adding.retrieving',
  [CARD_RETRY_EVENT]: 'adding.retrying',
};

/** The list a reload answers (see the header); the first load answers one of the fixtures. */
function loadAnswers(snapshot: CardSetupSnapshot): AnyEventObject[] {
  const { cards, pending } = snapshot.context;
  if (pending === null) return [ev.loadThree, ev.loadFive, ev.loadNone, ev.loadOffline];
  const answer =
    pending.op === 'delete'
      ? cards.filter((c) => c.id !== pending.id)
      : cards.map((c) => ({ ...c, is_default: c.id === pending.id }));
  return [{ type: LOAD_DONE, output: answer }, ev.loadOffline];
}

const FIXTURES = [CARDS_THREE, CARDS_FIVE, []].map((cards) => JSON.stringify(cards));
const isFixture = (cards: readonly SavedCard[]) => FIXTURES.includes(JSON.stringify(cards));

export function cardSetupModelEvents(snapshot: CardSetupSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) return loadAnswers(snapshot);
  if (snapshot.matches({ adding: 'saving' })) {
    return [{ type: RELOAD_DONE, output: withNewCard(snapshot.context.cards) }, ev.reloadOffline];
  }
  return Object.values(ev).filter((event) => {
    const state = STATE_OF[event.type];
    if (state) return snapshot.matches(state as never);
    if (event.type === 'element.change') {
      // The element exists only in the form, and reports only a change.
      return snapshot.matches({ adding: 'form' }) && (event as typeof ev.elementReady).ready !== snapshot.context.elementReady;
    }
    // One change of the list per path: a second delete, make-default or setup only repeats the first on another
    // list. So these are offered on a freshly loaded fixture, before any setup.
    const fresh = isFixture(snapshot.context.cards) && snapshot.context.newPaymentMethodId === null;
    if (!fresh && (event.type === 'card.add' || event.type === 'card.delete' || event.type === 'card.makeDefault')) return false;
    return snapshot.can(event as CardSetupEvent);
  });
}

/** The facts the machine decides on (see the header). */
export function cardSetupModelFacts(snapshot: CardSetupSnapshot) {
  const { cards, selectedId, error, elementReady, retries, newPaymentMethodId, pending } = snapshot.context;
  const polling = snapshot.matches({ adding: 'retrying' }) || snapshot.matches({ adding: 'retrieving' });
  return {
    value: snapshot.value,
    cards: cards.map((c) => c.id),
    defaultId: cards.find((c) => c.is_default)?.id ?? null,
    selectedId,
    error: error?.code ?? null,
    elementReady,
    retries: polling ? retries : null,
    newCard: newPaymentMethodId !== null,
    pending,
  };
}

export function cardSetupModelKey(snapshot: CardSetupSnapshot, event?: EventObject, previous?: CardSetupSnapshot): string {
  const via = event && previous ? ` via ${describeCardSetupEvent(event)} from ${JSON.stringify(previous.value)}` : '';
  return JSON.stringify(cardSetupModelFacts(snapshot)) + via;
}

export function createCardSetupTestModel() {
  // The model also sends completions and the delayed event, which the machine's own event type does not list.
  const logic = cardSetupMachine as unknown as ActorLogic<CardSetupSnapshot, AnyEventObject, undefined>;
  return new TestModel<CardSetupSnapshot, AnyEventObject, undefined>(logic, {
    events: cardSetupModelEvents,
    serializeState: cardSetupModelKey,
  });
}

const listText = (cards: readonly SavedCard[]) =>
  cards.length ? cards.map((c) => `${c.id}${c.is_default ? '*' : ''}${c.is_ban ? '(banned)' : ''}`).join(', ') : 'none';

/** A short description of a card model event. */
export function describeCardSetupEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  switch (e.type) {
    case LOAD_DONE:
      return `the cards load: ${listText(e.output as SavedCard[])}`;
    case RELOAD_DONE:
      return `the cards reload: ${listText(e.output as SavedCard[])}`;
    case LOAD_ERROR:
    case RELOAD_ERROR:
      return 'the card list fails: network';
    case DELETE_DONE:
      return 'the card is deleted';
    case BIND_DONE:
      return 'the card is the default';
    case DELETE_ERROR:
    case BIND_ERROR:
    case KEY_ERROR:
    case CONFIRM_ERROR:
    case RETRIEVE_ERROR:
      return `${e.type.replace('xstate.error.actor.', '')} fails: ${(e.error as Error).message}`;
    case KEY_DONE:
      return (e.output as SetupKey).client_secret ? 'the setup key arrives' : 'the setup key has no client secret';
    case CONFIRM_DONE:
    case RETRIEVE_DONE:
      return `${e.type === CONFIRM_DONE ? 'the setup is confirmed' : 'the setup is polled'}: ${(e.output as SetupResult).status}`;
    case CARD_RETRY_EVENT:
      return `${CARD_SETUP_RETRY_MS} ms (poll the setup)`;
    case 'card.select':
    case 'card.delete':
    case 'card.makeDefault':
      return `${e.type.slice('card.'.length)} card ${String(e.id)}`;
    case 'element.change':
      return e.ready ? 'the card element is ready' : 'the card element goes away';
    default:
      return e.type;
  }
}
