import { msg } from '@lingui/core/macro';
import { registerMessages } from '../app/messages';

/**
 * The wallet's and payments' codes (spec section 8 notifications, the payment and card dialogs, the withdrawal
 * toast), registered in MESSAGES when the wallet's pages load: the toast area and the dialog stack translate them
 * like any other code, and their texts live in the wallet's catalog, not in the first page's.
 */
registerMessages({
  // The withdrawal form's and the card payment's validation codes (src/contract/calls/wallet.ts, payment.ts).
  'errors.payment.method': msg`Choose one payment method.`,
  'errors.withdraw.address': msg`This wallet address does not match the chosen network.`,
  'errors.withdraw.cardNumber': msg`Enter a card or account number of 8 to 30 digits.`,
  'payment.title': msg`Payment`,
  'payment.success': msg`Payment successful`,
  'payment.errors.amountRange': msg({
    message: 'This method accepts amounts from {min} to {max}.',
    comment: '{min} and {max} are amounts of money with their currency.',
  }),
  'payment.success.plan': msg`Your membership is active. Enjoy every visit report in full.`,
  'payment.success.coins': msg`Your coins are in your wallet.`,
  'payment.success.home': msg({ message: 'Go to the home page', context: 'button' }),
  'toast.card.added': msg`Your card is saved.`,
  'dialog.card.delete.title': msg({ message: 'Delete {card}?', comment: '{card} is a card brand and its last four digits.' }),
  'dialog.card.delete.message': msg`You can add it again later.`,
  'toast.withdraw.applied': msg`Your withdrawal request was sent. The points are held until it is paid.`,
  'errors.withdraw.tooMany': msg({
    message: 'You can withdraw at most {max, plural, one {# point} other {# points}} now.',
    comment: '{max} is a number of points.',
  }),
  'notify.payment.success': msg`Payment successful`,
  'notify.payment.failure': msg`The payment failed. You have not been charged.`,
  /** {reason}: why, as a whole translated sentence that also says the payer was not charged. */
  'notify.payment.failureReason': msg`{reason}`,
  'notify.payment.cancel': msg`The payment was cancelled.`,
  'notify.payment.timeout': msg`The payment took too long and was stopped. Please try again.`,
});
