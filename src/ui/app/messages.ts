import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { Membership } from '@/contract/enums';
import type { AccountMenuKey } from './account-menu-keys';

/**
 * The codes (message keys) machines, the contract's schemas and the server hand the ui, mapped to Lingui
 * descriptors (STYLE rules 9 and 16). Machines never hold translated text; the ui translates a code where it
 * renders it, with `translateCode`.
 *
 * Params: `{min}` and `{max}` are the bound a validator stored with the field error (spec section 5, "error.extra");
 * other placeholders are named in each entry's comment.
 */
export const MESSAGES: Record<string, MessageDescriptor> = {
  // Request failures (ApiError codes of the api client: its kind, or kind.detail).
  'error.network': msg`No connection. Check your network and try again.`,
  network: msg`No connection. Check your network and try again.`,
  timeout: msg`The server took too long to answer. Please try again.`,
  tokenExpired: msg`Your session has expired. Please log in again.`,
  http: msg`The server could not answer. Please try again.`,
  'http.408': msg`The server took too long to answer. Please try again.`,
  'http.413': msg`The file is too large.`,
  'http.429': msg`Too many attempts. Please wait a moment and try again.`,
  'http.500': msg`Our server is not available right now. Please try again in a moment.`,
  'http.502': msg`Our server is not available right now. Please try again in a moment.`,
  'http.503': msg`Our server is not available right now. Please try again in a moment.`,
  'http.504': msg`Our server is not available right now. Please try again in a moment.`,
  response: msg`The server's answer could not be read. Please try again.`,
  'response.invalid': msg`The server's answer could not be read. Please try again.`,
  'response.malformed': msg`The server's answer could not be read. Please try again.`,
  'response.undecryptable': msg`The server's answer could not be read. Please try again.`,

  // Dialogs and notifications.
  'dialog.invalidToken.title': msg`Session expired`,
  'dialog.invalidToken.message': msg`You were signed out because your session ended. Please log in again.`,
  'dialog.saved.title': msg`Saved`,
  'dialog.delete.title': msg({ message: 'Delete {name}?', comment: '{name} is the name of the listing.' }),
  'dialog.delete.message': msg`This cannot be undone.`,
  'dialog.kycRequired.title': msg`Verify your identity to publish`,
  'dialog.kycRequired.message': msg`Every venue and profile on Venuely belongs to a verified adult, so publishing and managing listings start after identity verification. It takes a few minutes: photos of your identity document and a selfie.`,
  'dialog.kycPending.title': msg`Your identity is being verified`,
  'dialog.kycPending.message': msg`You can publish and manage listings as soon as the verification is approved. We will let you know.`,
  'toast.listing.published': msg`Your listing is published.`,
  'toast.listing.saved': msg`Your changes are saved.`,
  'toast.listing.deleted': msg`The listing was deleted.`,
  'toast.listing.shown': msg`The listing is visible again.`,
  'toast.listing.hidden': msg`The listing is now hidden from others.`,
  'text.success.like': msg`Added to your favourites.`,
  'text.failed.like': msg`Could not add this to your favourites. Please try again.`,
  'text.success.unlike': msg`Removed from your favourites.`,
  'text.failed.unlike': msg`Could not remove this from your favourites. Please try again.`,
  'register.verify.title': msg`Welcome to Venuely`,
  'register.verify.message': msg`Your account is ready. Verify your e-mail address now, so you can reset your password if you ever forget it.`,
  'register.verify.confirm': msg({ message: 'Verify now', context: 'button' }),
  'register.verify.later': msg({ message: 'Later', context: 'button' }),
  'toast.saved': msg`Saved`,
  'toast.copied': msg`Copied`,
  'account.password.changed': msg`Your password was changed. Your other devices were signed out.`,
  'account.password.reset': msg`Your password was reset. Log in with your new password.`,
  'app.update.available': msg`A new version is available`,
  'app.update.reload': msg({ message: 'Reload', context: 'Reload the app to get the new version' }),
  // Chat (issue 11): a new message while its conversation is not open, and the server's refusals of a message.
  'toast.chat.newMessage': msg({ message: '{name}: {text}', comment: '{name} is who wrote; {text} is the start of the message.' }),
  'toast.chat.newMessageNoName': msg({ message: 'New message: {text}', comment: '{text} is the start of the message.' }),
  'chat.frameInvalid': msg`The message could not be sent.`,
  'chat.peerNotFound': msg`This conversation does not exist.`,
  'chat.locked': msg`Unlock this profile to chat with it.`,
  'chat.blocked': msg`This user does not accept messages from you.`,
  'chat.youBlocked': msg`You blocked this user. Unblock them to send messages.`,
  'chat.systemReadOnly': msg`Venuely's notices cannot be answered.`,
  'chat.photoInvalid': msg`The photo was not found. Send it again.`,
  'chat.unlockInvalid': msg`This unlock is not valid here.`,
  'chat.unlockOwn': msg`This is your own profile.`,
  'chat.rateLimited': msg`You are sending messages too fast. Wait a moment.`,

  // Button texts that machines pass as codes (confirmText, cancelText).
  'common.ok': msg({ message: 'OK', context: 'button' }),
  'common.confirm': msg({ message: 'Confirm', context: 'button' }),
  'common.cancel': msg({ message: 'Cancel', context: 'button' }),
  'common.close': msg({ message: 'Close', context: 'button' }),
  'common.delete': msg({ message: 'Delete', context: 'button' }),
  'common.save': msg({ message: 'Save', context: 'button' }),
  'common.retry': msg({ message: 'Try again', context: 'button' }),

  // Page titles named by route metadata (spec section 2).
  'label.my.info': msg`My account`,
  'label.collection': msg`Collection`,

  // The account menu (spec sections 2 and 6).
  'menu.kycCertification': msg`Identity verification`,
  'menu.accountSetting': msg`Account settings`,
  'menu.publishStoreInfo': msg`Publish a listing`,
  'menu.contentManage': msg`My listings`,
  'menu.walletRecharge': msg`Wallet and coins`,
  'menu.transactionHistory': msg`Transaction history`,
  'menu.cardManage': msg`Saved cards`,
  'menu.langSwitch': msg`Language`,
  'menu.termsOfUse': msg`Terms of use`,
  'menu.privacyPolicy': msg`Privacy policy`,
  'menu.aboutUs': msg`About us`,
  'menu.logout': msg`Log out`,
  'menu.feedback': msg`Send feedback`,
};

/**
 * Adds a feature's codes (its toasts and dialog texts) to MESSAGES. A feature loaded on demand registers them when
 * its module loads, so their texts stay in its own chunk and catalog (src/ui/wallet/wallet-messages.ts).
 */
export function registerMessages(entries: Record<string, MessageDescriptor>): void {
  Object.assign(MESSAGES, entries);
}

/** The label of an account menu entry; the bare entry key also works as a code in `translateCode`. */
export function accountMenuLabel(key: AccountMenuKey): MessageDescriptor {
  return MESSAGES[`menu.${key}`];
}

/** What a user reads for a code the ui does not know. */
export const GENERIC_ERROR: MessageDescriptor = msg`Something went wrong. Please try again.`;

/** The membership labels (spec section 3), by the derived membership code. */
export const MEMBERSHIP_LABELS: Record<Membership, MessageDescriptor> = {
  [Membership.TOURIST]: msg`Visitor`,
  [Membership.MEMBER]: msg({ message: 'Member', context: 'membership level' }),
  [Membership.PAYED_MEMBER]: msg`Paid member`,
  [Membership.KYC_MEMBER]: msg`Verified member`,
  [Membership.KYC_PAYED_MEMBER]: msg`Verified paid member`,
};

export type MessageParams = Record<string, string | number>;

const own = (code: string) => (Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : undefined);

/**
 * The code itself; else a bare account menu key ('logout' → 'menu.logout'); else the code's family for request
 * failures without an entry of their own ('http.418' → 'http', 'response.other' → 'response').
 */
function lookup(code: string): MessageDescriptor | undefined {
  const family = code.split('.')[0];
  return (
    own(code) ??
    own(`menu.${code}`) ??
    (family === 'http' || family === 'response' ? own(family) : undefined)
  );
}

/** Whether the ui has a text for `code`. */
export function hasCode(code: string): boolean {
  return lookup(code) !== undefined;
}

/**
 * The translation of `code` in the active locale, with `params` filled in. An unknown, empty or missing code gives
 * the generic "Something went wrong" rather than showing a raw key to the user.
 */
export function translateCode(i18n: I18n, code: string | null | undefined, params?: MessageParams): string {
  const descriptor = (code && lookup(code)) || GENERIC_ERROR;
  // Not i18n._({ ...descriptor }): Lingui's extractor fails on a spread argument.
  return i18n._(descriptor.id, { ...descriptor.values, ...params }, { message: descriptor.message });
}
