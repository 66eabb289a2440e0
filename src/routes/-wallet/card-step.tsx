import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, type RefObject } from 'react';
import { fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import {
  cardSetupCalls,
  cardSetupMachine,
  selectCanAddCard,
  selectCardBusy,
  selectCardError,
  selectIsAddingCard,
  type SetupIntentInput,
  type SetupResult,
} from '@/machines/wallet/card-setup.machine';
import { selectConfig } from '@/machines/account/session.machine';
import type { ApiClient } from '@/services/api-client';
import { createSandboxCardApi } from '@/services/sandbox-card';
import { ErrorState } from '@/ui/directory/listing-list';
import { FormError } from '@/ui/kit/form-error';
import { CardChooser } from '@/ui/wallet/saved-cards';
import { useAppSystem } from '../-app/app-context';
import { paymentErrorText } from './payment-texts';
import { CardElement } from '@/ui/wallet/card-element';
import type { CardElementHandle } from '@/ui/wallet/sandbox-card-element';

/** Stripe's publishable key when the server pays with Stripe (home/config), else null: the sandbox's element. */
export function useStripeKey(): string | null {
  const { session } = useAppSystem();
  return useSelector(session, (s) => selectConfig(s)?.stripe_publishable_key ?? null);
}

export type CardSetupActor = ActorRefFrom<typeof cardSetupMachine>;

/** The sandbox provider's API, which the sandbox's card element sends the card number to (not the app's API). */
export const sandboxCardApi = createSandboxCardApi();

function elementOf(ref: RefObject<CardElementHandle | null>): CardElementHandle {
  if (!ref.current) throw new Error('Stripe Elements is not ready');
  return ref.current;
}

/**
 * The card setup machine with the real calls and the card element's provider calls (the sandbox's, as Stripe.js's
 * confirmCardSetup / retrieveSetupIntent would be), for the payment dialog and the card management page.
 */
export function useCardSetup(api: ApiClient, inspect?: (event: InspectionEvent) => void) {
  const element = useRef<CardElementHandle | null>(null);
  const actor = useActorRef(
    cardSetupMachine.provide({
      actors: {
        ...cardSetupCalls(api),
        confirmSetup: fromPromise<SetupResult, SetupIntentInput>(({ input }) => elementOf(element).confirmSetup(input.clientSecret)),
        retrieveSetup: fromPromise<SetupResult, SetupIntentInput>(({ input }) => elementOf(element).retrieveSetup(input.clientSecret)),
      },
    }),
    { systemId: 'cardSetup', inspect },
  );
  return { actor, element };
}

export interface CardStepProps {
  actor: CardSetupActor;
  element: RefObject<CardElementHandle | null>;
  /** A payment runs: nothing can change. */
  locked?: boolean;
}

/** The card step of the payment dialog (spec section 4): the saved cards, or the new-card form. */
export function CardStep({ actor, element, locked = false }: CardStepProps) {
  const { i18n } = useLingui();
  const stripeKey = useStripeKey();
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : s.matches('list') || s.matches('deleting') || s.matches('bindingDefault') ? 'list' : 'adding'));
  const cards = useSelector(actor, (s) => s.context.cards);
  const selectedId = useSelector(actor, (s) => s.context.selectedId);
  const canAdd = useSelector(actor, selectCanAddCard);
  const busy = useSelector(actor, selectCardBusy);
  const error = useSelector(actor, selectCardError);
  const adding = useSelector(actor, selectIsAddingCard);
  const errorText = error ? paymentErrorText(i18n, error) : undefined;

  if (state === 'loading') {
    return (
      <div className="record-skeletons" aria-busy="true">
        <span className="skeleton record-skeleton" />
      </div>
    );
  }
  if (state === 'loadFailed') return <ErrorState message={errorText ?? ''} onRetry={() => actor.send({ type: 'card.reload' })} />;
  return (
    <div className="card-step">
      {adding ? (
        <CardElement stripeKey={stripeKey} sandbox={sandboxCardApi} locale={i18n.locale} ref={element} disabled={busy || locked} onReadyChange={(ready) => actor.send({ type: 'element.change', ready })} />
      ) : (
        <CardChooser
          cards={cards}
          selectedId={selectedId}
          disabled={busy || locked}
          onSelect={(id) => actor.send({ type: 'card.select', id })}
          onAdd={canAdd ? () => actor.send({ type: 'card.add' }) : undefined}
        />
      )}
      <FormError message={errorText} />
    </div>
  );
}
