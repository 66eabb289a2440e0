import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PaymentDialog, type PaymentDialogProps } from './payment-dialog';

/**
 * The "Test mode" note of DESIGN section 9 in the payment dialog: there on the sandbox (and Stripe's test mode)
 * whatever the phase, and nothing at all on live payments. The browser tests see it on the sandbox; live Stripe
 * cannot run there, so its side is proven here.
 */
describe('PaymentDialog test mode', () => {
  i18n.load('en', {});
  i18n.activate('en');
  const render = (props: Partial<PaymentDialogProps>) =>
    renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <PaymentDialog
          open
          item="550 coins"
          amount={499}
          phase="choosing"
          onRetryLoad={() => {}}
          options={[]}
          selected={null}
          onSelect={() => {}}
          termsShown={false}
          termsAccepted={false}
          onTermsChange={() => {}}
          termsHref="/en/info/terms"
          payLabel="Pay $4.99"
          payDisabled
          onPay={() => {}}
          onCancel={() => {}}
          onClose={() => {}}
          {...props}
        />
      </I18nProvider>,
    );

  it.each(['loading', 'choosing', 'paying'] as const)('says "Test mode" with its explanation in test mode (%s)', (phase) => {
    const html = render({ phase, testMode: true });
    expect(html).toMatch(/<p role="note" aria-labelledby="([^"]+)"[^>]*><span id="\1"[^>]*>Test mode<\/span>/);
    expect(html).toContain('Payments here use test cards; no real money moves.');
  });

  it('says nothing of test mode on live payments', () => {
    for (const props of [{ testMode: false }, {}]) {
      const html = render(props);
      expect(html).not.toContain('role="note"');
      expect(html).not.toMatch(/test mode|test cards/i);
    }
  });
});
