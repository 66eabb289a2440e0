import { assign, emit, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { ApiCall, PayloadOf, ResponseOf } from '@/contract/call';
import {
  bindDefaultPayment,
  delPaymentMethod,
  getPaymentInfo,
  getPaymentMethods,
  type SavedCard,
} from '@/contract/calls/payment';
import { CARD_SETUP_MAX_RETRIES, CARD_SETUP_RETRY_MS, MAX_SAVED_CARDS } from '@/contract/constants';
import { toRequestError } from '@/machines/app/request.machine';
import { CARD_ERROR, REQUEST_FAILED, type CardError, type CardErrorCode } from './payment-errors';

/**
 * The card step of the payment dialog and the card management page (spec section 4 "Card step", section 5 card
 * rules, section 8 card errors).
 *
 * - `loading` reads the saved cards (user/getPaymentMethods). With cards, `list` shows them with one preselected:
 *   the default card, else the first (a banned card is never selected: the first selectable one takes its place).
 *   Without cards the new-card form shows at once.
 * - In `list`: `card.select` picks a card (a banned one is ignored: the ui shows it disabled); `card.add` opens the
 *   new-card form, only below MAX_SAVED_CARDS cards (`canAddCard`); `card.delete` and `card.makeDefault` call
 *   user/delPaymentMethod and user/bindDefaultPayment and reload. An id not in the list is refused with the spec's
 *   'Invalid card id'.
 * - `adding`: the back arrow (`card.back`, `canGoBack`) returns to the list when there is one and no setup runs.
 *   `setup.start` needs the card element ready (`element.change`, else 'Stripe Elements is not ready'), gets a
 *   setup key (stripe/getPaymentInfo; no client secret: 'Stripe Client Secret is not ready') and confirms the setup
 *   with the card element (`confirmSetup`). A status other than 'succeeded' is polled with `retrieveSetup` every
 *   CARD_SETUP_RETRY_MS, at most CARD_SETUP_MAX_RETRIES times, then fails with 'setupIntent not succeeded after 10
 *   retries'. On success the machine emits `card.added`, reloads the cards and selects the new one: the card that
 *   was not in the list before. When the server lists no new card, nothing is selected and the payment uses the
 *   provider's id (`selectCardChoice` gives `payment_method_id`).
 *
 * Calls and the card provider are promise actors injected with `.provide()` (cardSetupCalls gives the server
 * calls; the app wraps Stripe's confirmCardSetup / retrieveSetupIntent for the two setup actors); the defaults
 * reject. The context holds codes and ids only (STYLE rule 9).
 */

export type SetupKey = ResponseOf<typeof getPaymentInfo>;

/** A setup intent as the provider answers it: its status and, once known, the new card's payment method id. */
export interface SetupResult {
  status: string;
  payment_method_id: string | null;
}

export interface SetupIntentInput {
  clientSecret: string;
}

/** A saved card's id, as user/delPaymentMethod and user/bindDefaultPayment name it. */
export interface CardIdInput {
  payment_method_id: number;
}

export type CardSetupEvent =
  | { type: 'card.select'; id: number }
  | { type: 'card.add' }
  | { type: 'card.back' }
  | { type: 'card.delete'; id: number }
  | { type: 'card.makeDefault'; id: number }
  /** After a failed load: read the cards again. */
  | { type: 'card.reload' }
  /** The card element's readiness (its 'ready' event, and its removal). */
  | { type: 'element.change'; ready: boolean }
  | { type: 'setup.start' };

export type CardSetupEmitted = {
  type: 'card.added';
  /** The provider's id of the new card (null if the provider named none). */
  payment_method_id: string | null;
  /** Its id in the reloaded list; null when the reload failed or did not list it. */
  cardId: number | null;
};

export interface CardSetupContext {
  cards: SavedCard[];
  selectedId: number | null;
  error: CardError | null;
  elementReady: boolean;
  clientSecret: string | null;
  publishableKey: string | null;
  /** Polls of the current setup intent so far. */
  retries: number;
  /** The provider's id of the card set up last. */
  newPaymentMethodId: string | null;
  /** The delete or make-default under way, and its card (the ui marks that card busy). */
  pending: CardOperation | null;
}

export interface CardOperation {
  op: 'delete' | 'makeDefault';
  id: number;
}

export type CardSetupTag = 'busy';

/** What the payment takes as its card (PaymentData's card fields). */
export type CardChoice = { user_payment_method_id: number } | { payment_method_id: string };

export function isSelectableCard(card: SavedCard): boolean {
  return !card.is_ban;
}

/**
 * The card to select in `cards`: `keepId` while it is listed and selectable, else the default card, else the
 * first; banned cards never. Null when no card can be selected.
 */
export function pickSelection(cards: readonly SavedCard[], keepId: number | null = null): number | null {
  const selectable = cards.filter(isSelectableCard);
  const kept = selectable.find((card) => card.id === keepId);
  return (kept ?? selectable.find((card) => card.is_default) ?? selectable[0])?.id ?? null;
}

const KNOWN_CARD_ERRORS: readonly string[] = Object.values(CARD_ERROR);

/** A provider failure: one of the spec's card texts when the actor threw one, else the failed call. */
export function toCardError(error: unknown): CardError {
  if (error instanceof Error && KNOWN_CARD_ERRORS.includes(error.message)) {
    return { code: error.message as CardErrorCode };
  }
  return { code: REQUEST_FAILED, request: toRequestError(error) };
}

type CardsEvent = { type: string; output?: SavedCard[] };
const cardsOf = (event: { type: string }) => (event as CardsEvent).output ?? [];
const setupOf = (event: { type: string }) => (event as { output?: SetupResult }).output;
const idOf = (event: CardSetupEvent) => ('id' in event ? event.id : null);

export const cardSetupMachine = setup({
  types: {
    context: {} as CardSetupContext,
    events: {} as CardSetupEvent,
    emitted: {} as CardSetupEmitted,
    tags: {} as CardSetupTag,
  },
  delays: {
    CARD_SETUP_RETRY: CARD_SETUP_RETRY_MS,
  },
  actors: {
    // Safe defaults: the real calls come from cardSetupCalls, the provider's from the app.
    loadCards: fromPromise<SavedCard[]>(() => Promise.reject(new Error('loadCards not provided'))),
    fetchSetupKey: fromPromise<SetupKey>(() => Promise.reject(new Error('fetchSetupKey not provided'))),
    confirmSetup: fromPromise<SetupResult, SetupIntentInput>(() => Promise.reject(new Error('confirmSetup not provided'))),
    retrieveSetup: fromPromise<SetupResult, SetupIntentInput>(() => Promise.reject(new Error('retrieveSetup not provided'))),
    deleteCard: fromPromise<null, CardIdInput>(() => Promise.reject(new Error('deleteCard not provided'))),
    bindDefaultCard: fromPromise<null, CardIdInput>(() => Promise.reject(new Error('bindDefaultCard not provided'))),
  },
  guards: {
    isKnownCard: ({ context, event }) => context.cards.some((card) => card.id === idOf(event)),
    isSelectableCard: ({ context, event }) =>
      context.cards.some((card) => card.id === idOf(event) && isSelectableCard(card)),
    canAddCard: ({ context }) => context.cards.length < MAX_SAVED_CARDS,
    hasCards: ({ context }) => context.cards.length > 0,
    hasNoCardsListed: ({ event }) => cardsOf(event).length === 0,
    isElementReady: ({ context }) => context.elementReady,
    hasClientSecret: ({ event }) => Boolean((event as { output?: SetupKey }).output?.client_secret),
    isSetupSucceeded: ({ event }) => setupOf(event)?.status === 'succeeded',
    hasRetriesLeft: ({ context }) => context.retries < CARD_SETUP_MAX_RETRIES,
  },
  actions: {
    refuseInvalidId: assign({ error: { code: CARD_ERROR.invalidCardId } satisfies CardError }),
    refuseElementNotReady: assign({ error: { code: CARD_ERROR.elementNotReady } satisfies CardError }),
    refuseClientSecret: assign({ error: { code: CARD_ERROR.clientSecretNotReady } satisfies CardError }),
    refuseSetupNotSucceeded: assign({ error: { code: CARD_ERROR.setupNotSucceeded } satisfies CardError }),
    requestFailed: assign({ error: ({ event }): CardError => ({ code: REQUEST_FAILED, request: toRequestError((event as { error?: unknown }).error) }) }),
    providerFailed: assign({ error: ({ event }) => toCardError((event as { error?: unknown }).error) }),
    clearError: assign({ error: null }),
    selectCard: assign({ selectedId: ({ event }) => idOf(event), error: null }),
    setPending: assign({
      pending: ({ event }): CardOperation | null =>
        event.type === 'card.delete' || event.type === 'card.makeDefault'
          ? { op: event.type === 'card.delete' ? 'delete' : 'makeDefault', id: event.id }
          : null,
      error: null,
    }),
    clearPending: assign({ pending: null }),
    /** A (re)load: the list, keeping the selection while it can be kept (a card only just set up keeps none). */
    takeCards: assign(({ context, event }) => {
      const cards = cardsOf(event);
      const payingWithNewCard = context.selectedId === null && context.newPaymentMethodId !== null;
      return { cards, selectedId: payingWithNewCard ? null : pickSelection(cards, context.selectedId), pending: null };
    }),
    /** The reload after a setup: select the card that was not listed before, or none (the provider's id pays). */
    takeCardsWithNewCard: assign(({ context, event }) => {
      const cards = cardsOf(event);
      const added = cards.find((card) => !context.cards.some((known) => known.id === card.id));
      return { cards, selectedId: added && isSelectableCard(added) ? added.id : null };
    }),
    startAdding: assign({ elementReady: false, clientSecret: null, publishableKey: null, retries: 0, error: null }),
    setElement: assign({
      elementReady: ({ context, event }) => (event.type === 'element.change' ? event.ready : context.elementReady),
    }),
    takeSetupKey: assign(({ event }) => {
      const key = (event as { output?: SetupKey }).output!;
      return { clientSecret: key.client_secret, publishableKey: key.publishable_key, retries: 0 };
    }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    takeNewCard: assign({ newPaymentMethodId: ({ event }) => setupOf(event)?.payment_method_id ?? null }),
    reportAdded: emit(({ context }): CardSetupEmitted => ({
      type: 'card.added',
      payment_method_id: context.newPaymentMethodId,
      cardId: context.selectedId,
    })),
    reportAddedUnlisted: emit(({ context }): CardSetupEmitted => ({
      type: 'card.added',
      payment_method_id: context.newPaymentMethodId,
      cardId: null,
    })),
  },
}).createMachine({
  id: 'cardSetup',
  context: {
    cards: [],
    selectedId: null,
    error: null,
    elementReady: false,
    clientSecret: null,
    publishableKey: null,
    retries: 0,
    newPaymentMethodId: null,
    pending: null,
  },
  initial: 'loading',
  on: {
    'element.change': { actions: 'setElement' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCards',
        src: 'loadCards',
        onDone: [
          // Spec section 4: the list shows when there are saved cards; else the new-card form at once.
          { guard: 'hasNoCardsListed', target: 'adding', actions: 'takeCards' },
          { target: 'list', actions: 'takeCards' },
        ],
        onError: { target: 'loadFailed', actions: ['requestFailed', 'clearPending'] },
      },
    },
    loadFailed: {
      on: { 'card.reload': { target: 'loading', actions: 'clearError' } },
    },
    list: {
      on: {
        'card.select': [
          { guard: 'isSelectableCard', actions: 'selectCard' },
          { guard: not('isKnownCard'), actions: 'refuseInvalidId' },
          // A banned card: the ui shows it disabled; nothing changes.
        ],
        'card.add': { guard: 'canAddCard', target: 'adding' },
        'card.delete': [
          { guard: 'isKnownCard', target: 'deleting', actions: 'setPending' },
          { actions: 'refuseInvalidId' },
        ],
        'card.makeDefault': [
          { guard: 'isKnownCard', target: 'bindingDefault', actions: 'setPending' },
          { actions: 'refuseInvalidId' },
        ],
        // The list changed elsewhere (a card paid with once and forgotten by the server): read it again.
        'card.reload': { target: 'loading' },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteCard',
        src: 'deleteCard',
        input: ({ context }): CardIdInput => ({ payment_method_id: context.pending!.id }),
        onDone: { target: 'loading' },
        onError: { target: 'list', actions: ['requestFailed', 'clearPending'] },
      },
    },
    bindingDefault: {
      tags: ['busy'],
      invoke: {
        id: 'bindDefaultCard',
        src: 'bindDefaultCard',
        input: ({ context }): CardIdInput => ({ payment_method_id: context.pending!.id }),
        onDone: { target: 'loading' },
        onError: { target: 'list', actions: ['requestFailed', 'clearPending'] },
      },
    },
    adding: {
      entry: 'startAdding',
      initial: 'form',
      states: {
        form: {
          on: {
            'setup.start': [
              { guard: not('isElementReady'), actions: 'refuseElementNotReady' },
              { target: 'fetchingKey', actions: 'clearError' },
            ],
            // No list to go back to without cards; and never while a setup runs (the states below).
            'card.back': { guard: 'hasCards', target: '#cardSetup.list' },
          },
        },
        fetchingKey: {
          tags: ['busy'],
          invoke: {
            id: 'fetchSetupKey',
            src: 'fetchSetupKey',
            onDone: [
              { guard: 'hasClientSecret', target: 'confirming', actions: 'takeSetupKey' },
              { target: 'form', actions: 'refuseClientSecret' },
            ],
            onError: { target: 'form', actions: 'requestFailed' },
          },
        },
        confirming: {
          tags: ['busy'],
          invoke: {
            id: 'confirmSetup',
            src: 'confirmSetup',
            input: ({ context }): SetupIntentInput => ({ clientSecret: context.clientSecret! }),
            onDone: [
              { guard: 'isSetupSucceeded', target: 'saving', actions: 'takeNewCard' },
              { target: 'retrying' },
            ],
            onError: { target: 'form', actions: 'providerFailed' },
          },
        },
        retrying: {
          tags: ['busy'],
          after: { CARD_SETUP_RETRY: { target: 'retrieving', actions: 'countRetry' } },
        },
        retrieving: {
          tags: ['busy'],
          invoke: {
            id: 'retrieveSetup',
            src: 'retrieveSetup',
            input: ({ context }): SetupIntentInput => ({ clientSecret: context.clientSecret! }),
            onDone: [
              { guard: 'isSetupSucceeded', target: 'saving', actions: 'takeNewCard' },
              { guard: 'hasRetriesLeft', target: 'retrying' },
              { target: 'form', actions: 'refuseSetupNotSucceeded' },
            ],
            // A failed poll counts as one that did not see 'succeeded'.
            onError: [
              { guard: 'hasRetriesLeft', target: 'retrying' },
              { target: 'form', actions: 'refuseSetupNotSucceeded' },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'reloadCards',
            src: 'loadCards',
            onDone: { target: '#cardSetup.list', actions: ['takeCardsWithNewCard', 'reportAdded'] },
            // The card is set up: the payment can go on with the provider's id, the list loads again later.
            onError: {
              target: '#cardSetup.loadFailed',
              actions: [assign({ selectedId: null }), 'requestFailed', 'reportAddedUnlisted'],
            },
          },
        },
      },
    },
  },
});

export type CardSetupSnapshot = SnapshotFrom<typeof cardSetupMachine>;

export const selectCards = (snapshot: CardSetupSnapshot): readonly SavedCard[] => snapshot.context.cards;
export const selectSelectedCardId = (snapshot: CardSetupSnapshot): number | null => snapshot.context.selectedId;
/** Whether "add card" is offered: in the list, below MAX_SAVED_CARDS cards. */
export const selectCanAddCard = (snapshot: CardSetupSnapshot): boolean => snapshot.can({ type: 'card.add' });
/** Whether the dialog's back arrow is enabled: in the new-card form, with a list to go back to. */
export const selectCanGoBack = (snapshot: CardSetupSnapshot): boolean => snapshot.can({ type: 'card.back' });
export const selectIsAddingCard = (snapshot: CardSetupSnapshot): boolean => snapshot.matches('adding');
export const selectCardBusy = (snapshot: CardSetupSnapshot): boolean => snapshot.hasTag('busy');
export const selectCardError = (snapshot: CardSetupSnapshot): CardError | null => snapshot.context.error;
export const selectNewPaymentMethodId = (snapshot: CardSetupSnapshot): string | null =>
  snapshot.context.newPaymentMethodId;
/** The card the payment charges: the selected saved card, else the card just set up; null when neither. */
export const selectCardChoice = (snapshot: CardSetupSnapshot): CardChoice | null => {
  const { selectedId, newPaymentMethodId } = snapshot.context;
  if (selectedId !== null) return { user_payment_method_id: selectedId };
  return newPaymentMethodId !== null ? { payment_method_id: newPaymentMethodId } : null;
};

/** The one api client method the card calls need (src/services/api-client.ts's ApiClient has it). */
export interface CardCallClient {
  call<C extends ApiCall>(call: C, payload: PayloadOf<C>, opts?: { signal?: AbortSignal }): Promise<ResponseOf<C>>;
}

/** The real server calls of the card step; the app adds `confirmSetup` and `retrieveSetup` around Stripe.js. */
export function cardSetupCalls(client: CardCallClient) {
  return {
    loadCards: fromPromise<SavedCard[]>(({ signal }) => client.call(getPaymentMethods, {}, { signal })),
    fetchSetupKey: fromPromise<SetupKey>(({ signal }) => client.call(getPaymentInfo, {}, { signal })),
    deleteCard: fromPromise<null, CardIdInput>(({ input, signal }) => client.call(delPaymentMethod, input, { signal })),
    bindDefaultCard: fromPromise<null, CardIdInput>(({ input, signal }) =>
      client.call(bindDefaultPayment, input, { signal }),
    ),
  };
}
