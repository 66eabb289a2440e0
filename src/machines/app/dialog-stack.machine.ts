import { assign, emit, enqueueActions, not, sendParent, sendTo, setup, stopChild } from 'xstate';
import {
  DIALOG_AUTO_CLOSE_MS,
  DIALOG_CLOSE_TRANSITION_MS,
  DIALOG_LIST_CLEAR_MS,
} from '@/contract/constants';
import { TrackedDialog, type DialogMessageType } from '@/contract/feature-enums';

/**
 * The app-wide dialog stack (spec sections 2, 3, 4 and 9).
 *
 * - Each dialog message is its own child actor (`dialogMessageMachine`): open → closing (after its timeout, when
 *   it has one, or when closed) → closed after DIALOG_CLOSE_TRANSITION_MS, when the stack emits `dialog.closed`
 *   { id, result } exactly once so the app runs that message's close callback. Callbacks stay in the app, keyed
 *   by message id; the machines store no functions (STYLE rule 9: codes and ids only).
 * - A message is active until closed. When every message is inactive the list is cleared after
 *   DIALOG_LIST_CLEAR_MS.
 * - The body scroll lock (tag 'scrollLocked', actions `lockScroll` / `unlockScroll`, each run once per change) is
 *   held while the list holds a message or one of the tracked dialogs (auth, search, payment, photo) is open. It
 *   is released when the list clears, not when the last message starts closing, so the page does not move under
 *   the closing animation.
 */

/** Message types whose dialogs close by themselves when the caller asks for autoClose. */
export const AUTO_CLOSE_TYPES: readonly DialogMessageType[] = ['info', 'success', 'notify'];

export type DialogBodyImage = 'success' | 'error' | 'warning' | 'info';
/** How the user (or the app) closed a message. */
export type DialogCloseResult = 'confirm' | 'cancel' | 'dismiss';
/** Why a message closed: a close by the user or app, or its timeout. */
export type DialogResult = DialogCloseResult | 'timeout';
/** Interpolation values for the message keys. */
export type DialogParams = Record<string, string | number>;

/** One dialog message as the ui renders it. Texts are message keys the ui translates. */
export interface DialogMessage {
  id: string;
  /** Id of the message's child actor; unique per opening even when a caller reuses a message id. */
  actorId: string;
  messageType: DialogMessageType;
  title: string | null;
  subtitle: string | null;
  message: string | null;
  params: DialogParams;
  bodyImage: DialogBodyImage;
  /** Auto-close delay in ms; 0 means the message stays until closed. */
  timeout: number;
  showClose: boolean;
  hideHeader: boolean;
  hideBody: boolean;
  hideFooter: boolean;
  fullScreen: boolean;
  backDrop: boolean;
  confirmText: string | null;
  cancelText: string | null;
  active: boolean;
  closing: boolean;
  result: DialogResult | null;
}

/** What a caller passes to `dialog.open`; everything but what it wants to change has a default. */
export type DialogMessageInput = Partial<
  Omit<DialogMessage, 'actorId' | 'active' | 'closing' | 'result'>
> & {
  /** Ask for the default auto-close (DIALOG_AUTO_CLOSE_MS) on info, success and notify messages. */
  autoClose?: boolean;
};

/**
 * The stored message for `input`: defaults filled in, and the timeout resolved (an explicit `timeout` wins; else
 * `autoClose` gives DIALOG_AUTO_CLOSE_MS to info/success/notify; else 0, waiting for the user).
 */
export function toDialogMessage(input: DialogMessageInput, id: string, actorId: string): DialogMessage {
  const messageType = input.messageType ?? 'info';
  const autoTimeout = input.autoClose && AUTO_CLOSE_TYPES.includes(messageType) ? DIALOG_AUTO_CLOSE_MS : 0;
  return {
    id,
    actorId,
    messageType,
    title: input.title ?? null,
    subtitle: input.subtitle ?? null,
    message: input.message ?? null,
    params: input.params ?? {},
    bodyImage: input.bodyImage ?? 'success',
    timeout: Math.max(0, input.timeout ?? autoTimeout),
    showClose: input.showClose ?? false,
    hideHeader: input.hideHeader ?? false,
    hideBody: input.hideBody ?? false,
    hideFooter: input.hideFooter ?? false,
    fullScreen: input.fullScreen ?? false,
    backDrop: input.backDrop ?? true,
    confirmText: input.confirmText ?? null,
    cancelText: input.cancelText ?? null,
    active: true,
    closing: false,
    result: null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One message

export interface DialogMessageActorInput {
  id: string;
  timeout: number;
}

export interface DialogMessageActorContext {
  id: string;
  timeout: number;
  result: DialogResult | null;
}

export type DialogMessageActorEvent = { type: 'dialogMessage.close'; result: DialogCloseResult };

/** What a message actor tells the stack. */
export type DialogMessageReport =
  | { type: 'dialogMessage.closing'; id: string; result: DialogResult }
  | { type: 'dialogMessage.closed'; id: string; actorId: string; result: DialogResult };

export const dialogMessageMachine = setup({
  types: {
    context: {} as DialogMessageActorContext,
    events: {} as DialogMessageActorEvent,
    input: {} as DialogMessageActorInput,
  },
  guards: {
    hasTimeout: ({ context }) => context.timeout > 0,
  },
  actions: {
    // Defaults report to the stack; tests of the message alone inject spies with .provide().
    reportClosing: sendParent(
      ({ context }): DialogMessageReport => ({
        type: 'dialogMessage.closing',
        id: context.id,
        result: context.result ?? 'dismiss',
      }),
    ),
    reportClosed: sendParent(
      ({ context, self }): DialogMessageReport => ({
        type: 'dialogMessage.closed',
        id: context.id,
        actorId: self.id,
        result: context.result ?? 'dismiss',
      }),
    ),
  },
  delays: {
    autoClose: ({ context }) => context.timeout,
    closeTransition: DIALOG_CLOSE_TRANSITION_MS,
  },
}).createMachine({
  id: 'dialogMessage',
  context: ({ input }) => ({ id: input.id, timeout: input.timeout, result: null }),
  initial: 'open',
  states: {
    open: {
      tags: ['active'],
      after: {
        autoClose: { guard: 'hasTimeout', target: 'closing', actions: assign({ result: 'timeout' }) },
      },
      on: {
        'dialogMessage.close': { target: 'closing', actions: assign({ result: ({ event }) => event.result }) },
      },
    },
    closing: {
      entry: 'reportClosing',
      after: { closeTransition: { target: 'closed' } },
    },
    // Final: entered once, so the close callback runs exactly once; later closes find no `open` state.
    closed: {
      type: 'final',
      entry: 'reportClosed',
    },
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The stack

export type TrackedDialogs = Record<TrackedDialog, boolean>;

export interface DialogStackContext {
  messages: DialogMessage[];
  tracked: TrackedDialogs;
  /** The id of the last opened message (generated when the caller gave none), for the caller to keep. */
  lastOpenedId: string | null;
  /** Openings so far; makes generated message ids and actor ids unique. */
  seq: number;
}

export type DialogStackEvent =
  | { type: 'dialog.open'; message: DialogMessageInput }
  | { type: 'dialog.close'; id: string; result?: DialogCloseResult }
  | { type: 'dialog.closeAll' }
  | { type: 'trackedDialog.set'; dialog: TrackedDialog; open: boolean }
  | DialogMessageReport;

/** Emitted once per message, DIALOG_CLOSE_TRANSITION_MS after it started closing: run its close callback. */
export type DialogStackEmitted = { type: 'dialog.closed'; id: string; result: DialogResult };

const noTrackedDialogs = Object.fromEntries(TrackedDialog.map((dialog) => [dialog, false])) as TrackedDialogs;

function markClosing(messages: DialogMessage[], ids: readonly string[], result: DialogResult): DialogMessage[] {
  return messages.map((m) => (m.active && ids.includes(m.id) ? { ...m, active: false, closing: true, result } : m));
}

export const dialogStackMachine = setup({
  types: {
    context: {} as DialogStackContext,
    events: {} as DialogStackEvent,
    emitted: {} as DialogStackEmitted,
  },
  actors: { dialogMessage: dialogMessageMachine },
  guards: {
    /** A caller-given id already in the list is a duplicate (e.g. a second token-expiry dialog) and ignored. */
    isNewMessage: ({ context, event }) =>
      event.type === 'dialog.open' &&
      (event.message.id === undefined || !context.messages.some((m) => m.id === event.message.id)),
    isActiveMessage: ({ context, event }) =>
      (event.type === 'dialog.close' || event.type === 'dialogMessage.closing') &&
      context.messages.some((m) => m.id === event.id && m.active),
    hasActiveMessage: ({ context }) => context.messages.some((m) => m.active),
    isScrollLockNeeded: ({ context }) =>
      context.messages.length > 0 || TrackedDialog.some((dialog) => context.tracked[dialog]),
  },
  actions: {
    openMessage: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'dialog.open') return;
      const seq = context.seq + 1;
      const id = event.message.id ?? `dialog-${seq}`;
      const message = toDialogMessage(event.message, id, `dialogMessage-${seq}`);
      enqueue.assign({ messages: [...context.messages, message], lastOpenedId: id, seq });
      enqueue.spawnChild('dialogMessage', {
        id: message.actorId,
        input: { id: message.id, timeout: message.timeout },
      });
    }),
    /** Marks the message inactive at once, so the stack's state never waits on the child's reply. */
    markClosing: assign(({ context, event }) => {
      if (event.type === 'dialog.close') {
        return { messages: markClosing(context.messages, [event.id], event.result ?? 'dismiss') };
      }
      if (event.type === 'dialogMessage.closing') {
        return { messages: markClosing(context.messages, [event.id], event.result) };
      }
      return {};
    }),
    forwardClose: sendTo(
      ({ context, event }) =>
        context.messages.find((m) => event.type === 'dialog.close' && m.id === event.id)?.actorId ?? '',
      ({ event }) => ({
        type: 'dialogMessage.close' as const,
        result: event.type === 'dialog.close' ? (event.result ?? 'dismiss') : 'dismiss',
      }),
    ),
    closeAllMessages: enqueueActions(({ context, enqueue }) => {
      const active = context.messages.filter((m) => m.active);
      enqueue.assign({ messages: markClosing(context.messages, active.map((m) => m.id), 'dismiss') });
      for (const m of active) enqueue.sendTo(m.actorId, { type: 'dialogMessage.close', result: 'dismiss' });
    }),
    emitClosed: emit(({ event }) => ({
      type: 'dialog.closed' as const,
      id: event.type === 'dialogMessage.closed' ? event.id : '',
      result: event.type === 'dialogMessage.closed' ? event.result : ('dismiss' as const),
    })),
    /** Drops the finished child's ref; its id is never reused, so this cannot hit a newer message. */
    releaseMessageActor: stopChild(({ event }) => (event.type === 'dialogMessage.closed' ? event.actorId : '')),
    setTrackedDialog: assign({
      tracked: ({ context, event }) =>
        event.type === 'trackedDialog.set' ? { ...context.tracked, [event.dialog]: event.open } : context.tracked,
    }),
    clearList: assign({ messages: () => [] }),
    // Safe defaults: the app injects the real body scroll lock with .provide().
    lockScroll: () => {},
    unlockScroll: () => {},
  },
  delays: {
    listClear: DIALOG_LIST_CLEAR_MS,
  },
}).createMachine({
  id: 'dialogStack',
  type: 'parallel',
  context: { messages: [], tracked: noTrackedDialogs, lastOpenedId: null, seq: 0 },
  on: {
    'dialog.open': { guard: 'isNewMessage', actions: 'openMessage' },
    'dialog.close': { guard: 'isActiveMessage', actions: ['markClosing', 'forwardClose'] },
    'dialog.closeAll': { guard: 'hasActiveMessage', actions: 'closeAllMessages' },
    // A child closing by itself (timeout); for closes the stack forwarded, the message is already inactive.
    'dialogMessage.closing': { guard: 'isActiveMessage', actions: 'markClosing' },
    'dialogMessage.closed': { actions: ['emitClosed', 'releaseMessageActor'] },
    'trackedDialog.set': { actions: 'setTrackedDialog' },
  },
  states: {
    // Derived from the list: idle (empty), showing (some message active), clearing (all inactive, list kept
    // for DIALOG_LIST_CLEAR_MS while the closing transitions run).
    messages: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasActiveMessage', target: 'showing' },
        },
        showing: {
          tags: ['messageActive'],
          always: { guard: not('hasActiveMessage'), target: 'clearing' },
        },
        clearing: {
          always: { guard: 'hasActiveMessage', target: 'showing' },
          after: { listClear: { target: 'idle', actions: 'clearList' } },
        },
      },
    },
    scroll: {
      initial: 'unlocked',
      states: {
        unlocked: {
          always: { guard: 'isScrollLockNeeded', target: 'locked' },
        },
        locked: {
          tags: ['scrollLocked'],
          entry: 'lockScroll',
          exit: 'unlockScroll',
          always: { guard: not('isScrollLockNeeded'), target: 'unlocked' },
        },
      },
    },
  },
});

/** Sample events for unit and model-based tests. */
export const dialogStackTestEvents = {
  openSuccessAutoClose: {
    type: 'dialog.open',
    message: { id: 'saved', messageType: 'success', title: 'dialog.saved.title', autoClose: true },
  },
  openConfirm: {
    type: 'dialog.open',
    message: {
      id: 'confirmDelete',
      messageType: 'confirm',
      title: 'dialog.delete.title',
      message: 'dialog.delete.message',
      params: { name: 'Blue Bar' },
      confirmText: 'common.delete',
      cancelText: 'common.cancel',
      showClose: true,
    },
  },
  openErrorWithoutId: {
    type: 'dialog.open',
    message: { messageType: 'error', message: 'error.network', bodyImage: 'error', autoClose: true },
  },
  closeSavedDismiss: { type: 'dialog.close', id: 'saved', result: 'dismiss' },
  closeConfirmDeleteConfirm: { type: 'dialog.close', id: 'confirmDelete', result: 'confirm' },
  closeConfirmDeleteCancel: { type: 'dialog.close', id: 'confirmDelete', result: 'cancel' },
  closeAll: { type: 'dialog.closeAll' },
  authOpen: { type: 'trackedDialog.set', dialog: 'auth', open: true },
  authClosed: { type: 'trackedDialog.set', dialog: 'auth', open: false },
  paymentOpen: { type: 'trackedDialog.set', dialog: 'payment', open: true },
  paymentClosed: { type: 'trackedDialog.set', dialog: 'payment', open: false },
} as const satisfies Record<string, DialogStackEvent>;
