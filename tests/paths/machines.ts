import type { EventObject, StateValue } from 'xstate';
import { createAppUpdateTestModel, describeAppUpdateEvent } from '@/machines/app/app-update.model';
import { createAuthDialogTestModel } from '@/machines/account/auth-dialog.model';
import { createChatSocketTestModel, describeChatSocketEvent } from '@/machines/chat/chat-socket.model';
import { chatTestPaths, createChatTestModel, describeChatEvent } from '@/machines/chat/chat.model';
import { createChangeEmailFormTestModel, describeChangeEmailFormEvent } from '@/machines/account/change-email-form.model';
import { createChangePasswordFormTestModel, describeChangePasswordFormEvent } from '@/machines/account/change-password-form.model';
import { createDialogStackTestModel, describeDialogStackEvent } from '@/machines/app/dialog-stack.model';
import { createFavoritesTestModel, describeFavoritesEvent } from '@/machines/directory/favorites.model';
import { createFeedbackFormTestModel, describeFeedbackFormEvent } from '@/machines/app/feedback-form.model';
import { createForgotPasswordFormTestModel, describeForgotPasswordFormEvent } from '@/machines/account/forgot-password-form.model';
import { createImageViewerTestModel, describeImageViewerEvent, imageViewerTestPaths } from '@/machines/directory/image-viewer.model';
import { createListingListTestModel, describeListingListEvent } from '@/machines/directory/listing-list.model';
import { createListingFormTestModel, describeListingFormEvent } from '@/machines/directory/listing-form.model';
import { createLoginFormTestModel, describeLoginFormEvent } from '@/machines/account/login-form.model';
import { createOwnListingsTestModel, describeOwnListingsEvent } from '@/machines/directory/own-listings.model';
import { createRegisterFormTestModel, describeRegisterFormEvent } from '@/machines/account/register-form.model';
import { createReportFormTestModel, describeReportFormEvent } from '@/machines/directory/report-form.model';
import { createRequestTestModel, describeRequestEvent } from '@/machines/app/request.model';
import { createResetPasswordFormTestModel, describeResetPasswordFormEvent } from '@/machines/account/reset-password-form.model';
import { createSearchTestModel, describeSearchEvent, searchTestPaths } from '@/machines/directory/search.model';
import { createSessionTestModel, describeSessionEvent, sessionTestPaths } from '@/machines/account/session.model';
import { createToastTestModel, describeToastEvent } from '@/machines/app/toast.model';
import { createTokenExpiryTestModel, tokenExpiryTestPaths } from '@/machines/account/token-expiry.model';
import { createTrackingTestModel, describeTrackingEvent } from '@/machines/app/tracking.model';
import { createVerifyEmailFormTestModel, describeVerifyEmailFormEvent } from '@/machines/account/verify-email-form.model';
import { createVisitReportFormTestModel, describeVisitReportFormEvent } from '@/machines/directory/visit-report-form.model';
import { createCardSetupTestModel, describeCardSetupEvent } from '@/machines/wallet/card-setup.model';
import { createKycTestModel, describeKycEvent } from '@/machines/kyc/kyc.model';
import { createPhotoCaptureTestModel, describePhotoCaptureEvent } from '@/machines/kyc/photo-capture.model';
import { createPaymentTestModel, describePaymentEvent, paymentTestPaths } from '@/machines/wallet/payment.model';
import { createWithdrawFormTestModel, describeWithdrawFormEvent } from '@/machines/wallet/withdraw-form.model';

/** What the path printer reads of a snapshot: its state value and its tags. */
export interface PathSnapshot {
  value: StateValue;
  tags: ReadonlySet<string>;
}

/** A model-based test path as `TestModel#getShortestPaths` returns it, seen through the printer's eyes. */
export interface ModelPath {
  description: string;
  state: PathSnapshot;
  steps: readonly { event: EventObject; state: PathSnapshot }[];
}

/** One path a machine's tests replay; `label` names the model variant (an input, a provided guard). */
export interface PathRun {
  label?: string;
  path: ModelPath;
}

export interface RegisteredMachine {
  /** The machine's file name (src/machines/<domain>/<id>.machine.ts), also the name of tests/paths/out/<id>.json. */
  id: string;
  /** The model factory its tests use; `create().testLogic` is the machine whose states must all be reached. */
  create: () => { testLogic: object; getShortestPaths(): readonly ModelPath[] };
  /**
   * The paths its tests replay, when that is more than `create().getShortestPaths()` (several inputs, options
   * given to the call). Reachability is judged over all of them together.
   */
  paths?: () => readonly PathRun[];
  /** A short description of an event where "type + payload" is unclear (actor completions, delays). */
  describeEvent?: (event: EventObject) => string;
}

/**
 * Every machine with a model-based test, one line each: `create` is the factory from its <name>.model.ts, plus
 * `paths` when its tests call more than `create().getShortestPaths()`, and `describeEvent` where it has one.
 */
export const machines: readonly RegisteredMachine[] = [
  { id: 'session', create: createSessionTestModel, paths: sessionTestPaths, describeEvent: describeSessionEvent },
  { id: 'token-expiry', create: createTokenExpiryTestModel, paths: tokenExpiryTestPaths },
  { id: 'tracking', create: createTrackingTestModel, describeEvent: describeTrackingEvent },
  { id: 'request', create: createRequestTestModel, describeEvent: describeRequestEvent },
  { id: 'app-update', create: createAppUpdateTestModel, describeEvent: describeAppUpdateEvent },
  { id: 'login-form', create: createLoginFormTestModel, describeEvent: describeLoginFormEvent },
  { id: 'register-form', create: createRegisterFormTestModel, describeEvent: describeRegisterFormEvent },
  { id: 'forgot-password-form', create: createForgotPasswordFormTestModel, describeEvent: describeForgotPasswordFormEvent },
  { id: 'reset-password-form', create: createResetPasswordFormTestModel, describeEvent: describeResetPasswordFormEvent },
  { id: 'change-password-form', create: createChangePasswordFormTestModel, describeEvent: describeChangePasswordFormEvent },
  { id: 'change-email-form', create: createChangeEmailFormTestModel, describeEvent: describeChangeEmailFormEvent },
  { id: 'verify-email-form', create: createVerifyEmailFormTestModel, describeEvent: describeVerifyEmailFormEvent },
  { id: 'auth-dialog', create: createAuthDialogTestModel },
  { id: 'dialog-stack', create: createDialogStackTestModel, describeEvent: describeDialogStackEvent },
  { id: 'toast', create: createToastTestModel, describeEvent: describeToastEvent },
  { id: 'image-viewer', create: createImageViewerTestModel, paths: imageViewerTestPaths, describeEvent: describeImageViewerEvent },
  { id: 'favorites', create: createFavoritesTestModel, describeEvent: describeFavoritesEvent },
  { id: 'report-form', create: createReportFormTestModel, describeEvent: describeReportFormEvent },
  { id: 'feedback-form', create: createFeedbackFormTestModel, describeEvent: describeFeedbackFormEvent },
  { id: 'visit-report-form', create: createVisitReportFormTestModel, describeEvent: describeVisitReportFormEvent },
  { id: 'listing-list', create: createListingListTestModel, describeEvent: describeListingListEvent },
  { id: 'search', create: createSearchTestModel, paths: searchTestPaths, describeEvent: describeSearchEvent },
  { id: 'listing-form', create: createListingFormTestModel, describeEvent: describeListingFormEvent },
  { id: 'own-listings', create: createOwnListingsTestModel, describeEvent: describeOwnListingsEvent },
  { id: 'chat-socket', create: createChatSocketTestModel, describeEvent: describeChatSocketEvent },
  { id: 'chat', create: createChatTestModel, paths: chatTestPaths, describeEvent: describeChatEvent },
  { id: 'payment', create: createPaymentTestModel, paths: paymentTestPaths, describeEvent: describePaymentEvent },
  { id: 'card-setup', create: createCardSetupTestModel, describeEvent: describeCardSetupEvent },
  { id: 'withdraw-form', create: createWithdrawFormTestModel, describeEvent: describeWithdrawFormEvent },
  { id: 'kyc', create: createKycTestModel, describeEvent: describeKycEvent },
  { id: 'photo-capture', create: createPhotoCaptureTestModel, describeEvent: describePhotoCaptureEvent },
];
