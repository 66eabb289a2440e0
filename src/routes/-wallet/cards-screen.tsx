import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { SavedCard } from '@/contract/calls/payment';
import { MAX_SAVED_CARDS } from '@/contract/constants';
import { selectCanAddCard, selectCardBusy, selectCardError, selectCanGoBack } from '@/machines/wallet/card-setup.machine';
import '@/ui/app/form-messages';
import { translateCode } from '@/ui/app/messages';
import { TestModeNotice } from '@/ui/app/test-mode-notice';
import { EmptyState, ErrorState } from '@/ui/directory/listing-list';
import { Button } from '@/ui/kit/button';
import { FormError } from '@/ui/kit/form-error';
import { Icon } from '@/ui/kit/icons';
import { PageHeader } from '@/ui/kit/page-header';
import { paymentErrorText } from './payment-texts';
import { brandName, CardManager } from '@/ui/wallet/saved-cards';
import { CardElement } from '@/ui/wallet/card-element';
import { TermsCheckbox } from '@/ui/wallet/terms-checkbox';
import { useAppSystem } from '../-app/app-context';
import { useDocumentTitle } from '../-app/use-document-title';
import { usePaymentsTestMode } from '../-app/use-payments-test-mode';
import { sandboxCardApi, useCardSetup, useStripeKey } from './card-step';

/**
 * /{lang}/member/card-management (auth, back button): the saved cards (at most MAX_SAVED_CARDS, one default,
 * banned ones flagged), making one the default, deleting one (after a confirmation), and adding one.
 */
export function CardsScreen({ lang }: { lang: string }) {
  const { t, i18n } = useLingui();
  const title = t`Saved cards`;
  useDocumentTitle(title);
  const { api, toast, openDialog, inspect } = useAppSystem();
  const { actor, element } = useCardSetup(api, inspect);
  const stripeKey = useStripeKey();
  const testMode = usePaymentsTestMode();
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : s.matches('adding') ? 'adding' : 'list'));
  const cards = useSelector(actor, (s) => s.context.cards);
  const pending = useSelector(actor, (s) => s.context.pending);
  const busy = useSelector(actor, selectCardBusy);
  const canAdd = useSelector(actor, selectCanAddCard);
  const canGoBack = useSelector(actor, selectCanGoBack);
  const error = useSelector(actor, selectCardError);
  const errorText = error ? paymentErrorText(i18n, error) : undefined;

  // Without cards the page shows its empty state, and the form once asked for (issue 31 item 3); the terms are
  // accepted before a card is saved, as in the payment dialog (spec section 5).
  const [formAsked, setFormAsked] = useState(false);
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | undefined>();

  useEffect(() => {
    const subscription = actor.on('card.added', () => {
      toast.send({ type: 'toast.show', kind: 'success', message: 'toast.card.added' });
      setFormAsked(false);
      setTerms(false);
    });
    return () => subscription.unsubscribe();
  }, [actor, toast]);

  const save = () => {
    if (!terms) {
      setTermsError(translateCode(i18n, 'zod.boolean.checkbox'));
      return;
    }
    actor.send({ type: 'setup.start' });
  };
  const addCard = () => {
    setFormAsked(true);
    actor.send({ type: 'card.add' });
  };

  const remove = async (card: SavedCard) => {
    const brand = brandName(card.card.brand);
    const result = await openDialog({
      messageType: 'confirm',
      title: 'dialog.card.delete.title',
      message: 'dialog.card.delete.message',
      params: { card: `${brand} •••• ${card.card.last4}` },
      bodyImage: 'warning',
      confirmText: 'common.delete',
    });
    if (result === 'confirm') actor.send({ type: 'card.delete', id: card.id });
  };

  let body;
  if (state === 'loading') {
    body = (
      <div className="record-skeletons" aria-busy="true">
        <span className="skeleton record-skeleton" />
        <span className="skeleton record-skeleton" />
      </div>
    );
  } else if (state === 'loadFailed') {
    body = <ErrorState message={errorText ?? ''} onRetry={() => actor.send({ type: 'card.reload' })} />;
  } else if (state === 'adding' && cards.length === 0 && !formAsked) {
    body = (
      <EmptyState title={<Trans>No saved cards</Trans>}>
        <p>
          <Trans>Save a card to pay for coins and memberships in one tap. Only its brand, last four digits and expiry are kept here.</Trans>
        </p>
        <Button onClick={addCard}>
          <Icon name="plus" size={20} />
          <Trans>Add a card</Trans>
        </Button>
      </EmptyState>
    );
  } else if (state === 'adding') {
    body = (
      <form
        className="wallet-card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <CardElement stripeKey={stripeKey} sandbox={sandboxCardApi} locale={i18n.locale} ref={element} disabled={busy} onReadyChange={(ready) => actor.send({ type: 'element.change', ready })} />
        <TermsCheckbox
          accepted={terms}
          error={termsError}
          href={`/${lang}/info/terms`}
          onChange={(accepted) => {
            setTerms(accepted);
            if (accepted) setTermsError(undefined);
          }}
        />
        <FormError message={errorText} />
        <div className="wallet-actions">
          <Button type="submit" busy={busy}>
            <Trans>Save the card</Trans>
          </Button>
          {canGoBack || cards.length === 0 ? (
            <Button
              variant="secondary"
              onClick={() => {
                setFormAsked(false);
                if (canGoBack) actor.send({ type: 'card.back' });
              }}
              disabled={busy}
            >
              <Trans context="button">Cancel</Trans>
            </Button>
          ) : null}
        </div>
      </form>
    );
  } else {
    body = (
      <>
        {cards.length === 0 ? <EmptyState title={<Trans>No saved cards</Trans>} /> : null}
        <CardManager
          cards={cards}
          pendingId={pending?.id ?? null}
          busy={busy}
          onDelete={(card) => void remove(card)}
          onMakeDefault={(card) => actor.send({ type: 'card.makeDefault', id: card.id })}
        />
        <FormError message={errorText} />
        {canAdd ? (
          <Button variant="secondary" block onClick={addCard}>
            <Icon name="plus" size={20} />
            <Trans>Add a card</Trans>
          </Button>
        ) : (
          <p className="wallet-note">
            <Trans>
              You can keep up to <Plural value={MAX_SAVED_CARDS} one="# card" other="# cards" />. Delete one to add another.
            </Trans>
          </p>
        )}
      </>
    );
  }
  return (
    <section>
      <PageHeader title={title} backHref={`/${lang}/member`} />
      {testMode ? <TestModeNotice variant="page" /> : null}
      <div className="page-column">{body}</div>
    </section>
  );
}
