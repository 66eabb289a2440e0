import { assign, enqueueActions, raise, setup } from 'xstate';
import {
  IMAGE_DRAG_SLOP_PX,
  IMAGE_LONG_PRESS_MS,
  IMAGE_SWIPE_CHANGE_PX,
  IMAGE_SWIPE_CLOSE_PX,
  IMAGE_SWIPE_MS,
  IMAGE_TAP_MAX_MS,
  IMAGE_ZOOM_MAX,
  IMAGE_ZOOM_MIN,
} from '@/contract/constants';

/**
 * The fullscreen image viewer (spec section 2 overlay 5; constants of section 9).
 *
 * - `viewer.open` { index, count } shows image `index` of `count`; `viewer.close` (the back button, Escape, a
 *   drag down over IMAGE_SWIPE_CLOSE_PX) hides it. Next and previous loop (last → first, first → last); each
 *   change starts a slide of IMAGE_SWIPE_MS (tag 'sliding', `slide` says from which side) and resets the zoom.
 * - Zoom stays within IMAGE_ZOOM_MIN..IMAGE_ZOOM_MAX: `pinch` { scale } multiplies it (a two-finger pinch, a
 *   trackpad pinch, the + and - keys), `zoom.toggle` (a button) flips between the two ends.
 * - One pointer (finger or mouse): released before IMAGE_TAP_MAX_MS without moving is a tap, which toggles the
 *   controls (tag 'chromeHidden'), so the photo can be seen alone. Held for IMAGE_LONG_PRESS_MS it is a long press,
 *   which opens the photo's action menu (tag 'menuOpen': "open the original", the ui's choice of actions).
 *   Moved over IMAGE_DRAG_SLOP_PX it is a drag: while zoomed it pans (clamped to the zoomed image's overflow when
 *   the stage size is known); otherwise its main axis decides, down to close, sideways to change the image (over
 *   IMAGE_SWIPE_CHANGE_PX; the image follows the finger meanwhile and springs back when the drag is too short).
 * - Keys: ArrowRight / ArrowLeft step forward / back in left-to-right layouts and the other way round in
 *   right-to-left ones (`dir`), Escape closes the menu when it is open and the viewer otherwise.
 *
 * Timings are named delays (STYLE rule 8): the tap window, the long press and the slide. The machine holds
 * numbers and codes only; the images themselves (src, alt) stay with the host, which knows them by index.
 */

export type ImageViewerDir = 'ltr' | 'rtl';
/** From which side the current image slid in: after a step forward or a step back. */
export type ImageViewerSlide = 'next' | 'prev';
/** What a drag does, decided when it starts: close (down), change the image (sideways) or pan (zoomed). */
export type ImageViewerDrag = 'close' | 'swipe' | 'pan';

export interface ImageViewerInput {
  dir?: ImageViewerDir;
}

export interface ImageViewerContext {
  dir: ImageViewerDir;
  count: number;
  index: number;
  slide: ImageViewerSlide | null;
  zoom: number;
  /** The image's offset from its resting place, px: where a drag has moved it, or the pan while zoomed. */
  offsetX: number;
  offsetY: number;
  /** The pointer-down of the gesture in progress, with the offset the image had then (a pan continues it). */
  start: { x: number; y: number; time: number; offsetX: number; offsetY: number } | null;
  drag: ImageViewerDrag | null;
  /** The stage's size (from the last pointer-down), px; bounds the pan. */
  stage: { width: number; height: number } | null;
}

export type ImageViewerEvent =
  | { type: 'viewer.open'; index: number; count: number; dir?: ImageViewerDir }
  | { type: 'viewer.close' }
  | { type: 'viewer.next' }
  | { type: 'viewer.prev' }
  /** `time` is the event's timestamp (ms, any origin shared with `pointer.up`); width/height the stage's box. */
  | { type: 'pointer.down'; x: number; y: number; time: number; width?: number; height?: number }
  | { type: 'pointer.move'; x: number; y: number }
  /** x/y, when given, are applied as a last move before the release is judged. */
  | { type: 'pointer.up'; time: number; x?: number; y?: number }
  /** The browser took the pointer, or a second finger turned the gesture into a pinch. */
  | { type: 'pointer.cancel' }
  /** Multiply the zoom by `scale` (the change since the previous pinch event). */
  | { type: 'pinch'; scale: number }
  | { type: 'zoom.toggle' }
  | { type: 'chrome.toggle' }
  | { type: 'menu.close' }
  | { type: 'key.down'; key: string };

export type ImageViewerTag = 'open' | 'sliding' | 'pressing' | 'dragging' | 'chromeHidden' | 'menuOpen';

type Point = { x: number; y: number };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const clampZoom = (zoom: number) =>
  Number.isFinite(zoom) ? clamp(zoom, IMAGE_ZOOM_MIN, IMAGE_ZOOM_MAX) : IMAGE_ZOOM_MIN;

/** The index `index` clamped into 0..count-1 (a whole number). */
export function clampIndex(index: number, count: number): number {
  return Number.isFinite(index) ? clamp(Math.trunc(index), 0, Math.max(0, count - 1)) : 0;
}

/** The event a key stands for, or null; arrows follow the reading direction (spec section 9, STYLE rule 17). */
export function keyCommand(key: string, dir: ImageViewerDir): ImageViewerEvent | null {
  const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const back = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case forward:
      return { type: 'viewer.next' };
    case back:
      return { type: 'viewer.prev' };
    case 'Escape':
      return { type: 'viewer.close' };
    case '+':
    case '=':
      return { type: 'pinch', scale: IMAGE_ZOOM_MAX / IMAGE_ZOOM_MIN };
    case '-':
      return { type: 'pinch', scale: IMAGE_ZOOM_MIN / IMAGE_ZOOM_MAX };
    default:
      return null;
  }
}

/** How far a zoomed image may pan from its centre on each axis: half of what the zoom adds to the stage. */
function panLimit(context: Pick<ImageViewerContext, 'zoom' | 'stage'>): Point {
  if (!context.stage) return { x: Infinity, y: Infinity };
  const grow = (context.zoom - 1) / 2;
  return { x: context.stage.width * grow, y: context.stage.height * grow };
}

function clampPan(context: Pick<ImageViewerContext, 'zoom' | 'stage'>, offset: Point): Point {
  const limit = panLimit(context);
  // `+ 0` turns a -0 into 0, so a pan back to the centre compares equal to the resting offset.
  return { x: clamp(offset.x, -limit.x, limit.x) + 0, y: clamp(offset.y, -limit.y, limit.y) + 0 };
}

/** Where the image is for a pointer at `point`, by the kind of drag. */
function dragOffset(context: ImageViewerContext, drag: ImageViewerDrag, point: Point): Point {
  const start = context.start;
  if (!start) return { x: context.offsetX, y: context.offsetY };
  const dx = point.x - start.x;
  const dy = point.y - start.y;
  switch (drag) {
    case 'pan':
      return clampPan(context, { x: start.offsetX + dx, y: start.offsetY + dy });
    case 'close':
      return { x: 0, y: dy };
    case 'swipe':
      return { x: dx, y: 0 };
  }
}

/** The drag a pointer at `point` starts, or null while it is within the slop of the pointer-down. */
function dragOf(context: ImageViewerContext, point: Point): ImageViewerDrag | null {
  const start = context.start;
  if (!start) return null;
  const dx = point.x - start.x;
  const dy = point.y - start.y;
  if (Math.hypot(dx, dy) <= IMAGE_DRAG_SLOP_PX) return null;
  if (context.zoom > IMAGE_ZOOM_MIN) return 'pan';
  return Math.abs(dy) >= Math.abs(dx) ? 'close' : 'swipe';
}

/** The offset a release leaves: the last move's, or where the release itself happened when it says. */
function releaseOffset(context: ImageViewerContext, event: ImageViewerEvent): Point {
  if (event.type === 'pointer.up' && event.x !== undefined && event.y !== undefined && context.drag) {
    return dragOffset(context, context.drag, { x: event.x, y: event.y });
  }
  return { x: context.offsetX, y: context.offsetY };
}

/** The step a finished sideways drag asks for: forward when the image went toward the reading start. */
function swipeStep(context: ImageViewerContext, event: ImageViewerEvent): ImageViewerSlide | null {
  if (context.drag !== 'swipe' || context.count < 2) return null;
  const { x } = releaseOffset(context, event);
  if (Math.abs(x) <= IMAGE_SWIPE_CHANGE_PX) return null;
  const towardStart = context.dir === 'rtl' ? x > 0 : x < 0;
  return towardStart ? 'next' : 'prev';
}

/** The pan under the current offset: a close or swipe drag in progress moves the image but is no pan. */
function panOf(context: ImageViewerContext): Point {
  return context.drag === 'close' || context.drag === 'swipe' ? { x: 0, y: 0 } : { x: context.offsetX, y: context.offsetY };
}

const resting = { zoom: IMAGE_ZOOM_MIN, offsetX: 0, offsetY: 0, start: null, drag: null } as const;

export const imageViewerMachine = setup({
  types: {
    context: {} as ImageViewerContext,
    events: {} as ImageViewerEvent,
    input: {} as ImageViewerInput,
    tags: {} as ImageViewerTag,
  },
  guards: {
    hasImages: ({ event }) => event.type === 'viewer.open' && Number.isFinite(event.count) && event.count >= 1,
    hasSeveral: ({ context }) => context.count > 1,
    isTap: ({ context, event }) =>
      event.type === 'pointer.up' && context.start !== null && event.time - context.start.time < IMAGE_TAP_MAX_MS,
    isDragStart: ({ context, event }) =>
      event.type === 'pointer.move' && dragOf(context, { x: event.x, y: event.y }) !== null,
    isCloseDrag: ({ context, event }) =>
      context.drag === 'close' && releaseOffset(context, event).y > IMAGE_SWIPE_CLOSE_PX,
    isSwipeNext: ({ context, event }) => swipeStep(context, event) === 'next',
    isSwipePrev: ({ context, event }) => swipeStep(context, event) === 'prev',
    isPan: ({ context }) => context.drag === 'pan',
    isEscape: ({ event }) => event.type === 'key.down' && event.key === 'Escape',
  },
  actions: {
    openAt: assign(({ context, event }) => {
      if (event.type !== 'viewer.open') return {};
      const count = Math.trunc(event.count);
      return {
        ...resting,
        dir: event.dir ?? context.dir,
        count,
        index: clampIndex(event.index, count),
        slide: null,
      };
    }),
    reset: assign({ ...resting, slide: null }),
    stepNext: assign(({ context }) => ({ ...resting, index: (context.index + 1) % context.count, slide: 'next' as const })),
    stepPrev: assign(({ context }) => ({
      ...resting,
      index: (context.index - 1 + context.count) % context.count,
      slide: 'prev' as const,
    })),
    endSlide: assign({ slide: null }),
    press: assign(({ context, event }) => {
      if (event.type !== 'pointer.down') return {};
      const stage =
        event.width !== undefined && event.height !== undefined && event.width > 0 && event.height > 0
          ? { width: event.width, height: event.height }
          : context.stage;
      return {
        start: { x: event.x, y: event.y, time: event.time, offsetX: context.offsetX, offsetY: context.offsetY },
        drag: null,
        stage,
      };
    }),
    startDrag: assign(({ context, event }) => {
      if (event.type !== 'pointer.move') return {};
      const drag = dragOf(context, event) ?? 'swipe';
      const offset = dragOffset(context, drag, event);
      return { drag, offsetX: offset.x, offsetY: offset.y };
    }),
    moveDrag: assign(({ context, event }) => {
      if (event.type !== 'pointer.move' || !context.drag) return {};
      const offset = dragOffset(context, context.drag, event);
      return { offsetX: offset.x, offsetY: offset.y };
    }),
    /** A pan keeps where it got to (the release point included); the gesture's bookkeeping ends. */
    keepPan: assign(({ context, event }) => {
      const offset = releaseOffset(context, event);
      return { offsetX: offset.x, offsetY: offset.y, start: null, drag: null };
    }),
    /** A drag that did nothing puts the image back where the gesture found it. */
    springBack: assign(({ context }) => ({
      offsetX: context.start && context.drag === 'pan' ? context.start.offsetX : context.drag ? 0 : context.offsetX,
      offsetY: context.start && context.drag === 'pan' ? context.start.offsetY : context.drag ? 0 : context.offsetY,
      start: null,
      drag: null,
    })),
    endGesture: assign({ start: null, drag: null }),
    zoomBy: assign(({ context, event }) => {
      if (event.type !== 'pinch' || !Number.isFinite(event.scale) || event.scale <= 0) return {};
      const zoom = clampZoom(context.zoom * event.scale);
      // Back at the smallest zoom there is nothing to pan; in between, the pan shrinks with the image.
      const pan = zoom > IMAGE_ZOOM_MIN ? clampPan({ ...context, zoom }, panOf(context)) : { x: 0, y: 0 };
      return { zoom, offsetX: pan.x, offsetY: pan.y, start: null, drag: null };
    }),
    toggleZoom: assign(({ context }) =>
      context.zoom > IMAGE_ZOOM_MIN
        ? { zoom: IMAGE_ZOOM_MIN, offsetX: 0, offsetY: 0, start: null, drag: null }
        : { zoom: IMAGE_ZOOM_MAX, offsetX: panOf(context).x, offsetY: panOf(context).y, start: null, drag: null },
    ),
    raiseKeyCommand: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'key.down') return;
      const command = keyCommand(event.key, context.dir);
      if (command) enqueue.raise(command);
    }),
    raiseChromeToggle: raise({ type: 'chrome.toggle' }),
    raiseClose: raise({ type: 'viewer.close' }),
    raiseNext: raise({ type: 'viewer.next' }),
    raisePrev: raise({ type: 'viewer.prev' }),
  },
  delays: {
    tapMax: IMAGE_TAP_MAX_MS,
    longPress: IMAGE_LONG_PRESS_MS,
    swipe: IMAGE_SWIPE_MS,
  },
}).createMachine({
  id: 'imageViewer',
  context: ({ input }) => ({
    dir: input?.dir ?? 'ltr',
    count: 0,
    index: 0,
    slide: null,
    ...resting,
    stage: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'viewer.open': { guard: 'hasImages', target: 'open', actions: 'openAt' },
      },
    },
    open: {
      type: 'parallel',
      tags: ['open'],
      on: {
        // Opening again (another thumbnail) starts over at that image, controls shown.
        'viewer.open': { guard: 'hasImages', target: 'open', reenter: true, actions: 'openAt' },
        'viewer.close': { target: 'closed', actions: 'reset' },
      },
      // Each region handles its own events: a transition on `open` itself targeting a region would exit and
      // re-enter every region (the controls and a gesture in progress would reset with it).
      states: {
        slide: {
          initial: 'still',
          on: {
            // From the region, so a step during a slide restarts the slide (reenter) without touching the others.
            'viewer.next': { guard: 'hasSeveral', target: '.sliding', reenter: true, actions: 'stepNext' },
            'viewer.prev': { guard: 'hasSeveral', target: '.sliding', reenter: true, actions: 'stepPrev' },
          },
          states: {
            still: {},
            sliding: {
              tags: ['sliding'],
              after: { swipe: { target: 'still', actions: 'endSlide' } },
            },
          },
        },
        chrome: {
          initial: 'shown',
          states: {
            shown: { on: { 'chrome.toggle': 'hidden' } },
            hidden: { tags: ['chromeHidden'], on: { 'chrome.toggle': 'shown' } },
          },
        },
        interaction: {
          initial: 'gestures',
          on: {
            'key.down': { actions: 'raiseKeyCommand' },
          },
          states: {
            gestures: {
              initial: 'idle',
              on: {
                pinch: { target: '.idle', actions: 'zoomBy' },
                'zoom.toggle': { target: '.idle', actions: 'toggleZoom' },
              },
              states: {
                idle: {
                  on: { 'pointer.down': { target: 'press', actions: 'press' } },
                },
                press: {
                  tags: ['pressing'],
                  initial: 'tapWindow',
                  after: { longPress: { target: '#imageViewer.open.interaction.menu', actions: 'endGesture' } },
                  on: {
                    'pointer.move': { guard: 'isDragStart', target: 'dragging', actions: 'startDrag' },
                    'pointer.cancel': { target: 'idle', actions: 'endGesture' },
                  },
                  states: {
                    tapWindow: {
                      after: { tapMax: 'held' },
                      on: {
                        'pointer.up': [
                          // The timer decides first; the timestamps catch a release the timer has not seen yet.
                          { guard: 'isTap', target: '#imageViewer.open.interaction.gestures.idle', actions: ['endGesture', 'raiseChromeToggle'] },
                          { target: '#imageViewer.open.interaction.gestures.idle', actions: 'endGesture' },
                        ],
                      },
                    },
                    held: {
                      on: { 'pointer.up': { target: '#imageViewer.open.interaction.gestures.idle', actions: 'endGesture' } },
                    },
                  },
                },
                dragging: {
                  tags: ['dragging'],
                  on: {
                    'pointer.move': { actions: 'moveDrag' },
                    'pointer.up': [
                      { guard: 'isCloseDrag', target: 'idle', actions: ['endGesture', 'raiseClose'] },
                      { guard: 'isSwipeNext', target: 'idle', actions: ['endGesture', 'raiseNext'] },
                      { guard: 'isSwipePrev', target: 'idle', actions: ['endGesture', 'raisePrev'] },
                      { guard: 'isPan', target: 'idle', actions: 'keepPan' },
                      { target: 'idle', actions: 'springBack' },
                    ],
                    'pointer.cancel': { target: 'idle', actions: 'springBack' },
                  },
                },
              },
            },
            menu: {
              tags: ['menuOpen'],
              on: {
                'menu.close': 'gestures',
                // Escape closes the menu only; other keys wait until it is gone.
                'key.down': [{ guard: 'isEscape', target: 'gestures' }, {}],
              },
            },
          },
        },
      },
    },
  },
});

/** Sample events for unit and model-based tests: a 400 × 800 stage pressed at its centre. */
export const imageViewerTestEvents = {
  open: { type: 'viewer.open', index: 0, count: 3 },
  openLast: { type: 'viewer.open', index: 2, count: 3 },
  close: { type: 'viewer.close' },
  next: { type: 'viewer.next' },
  prev: { type: 'viewer.prev' },
  down: { type: 'pointer.down', x: 200, y: 400, time: 1_000, width: 400, height: 800 },
  moveSlightly: { type: 'pointer.move', x: 204, y: 406 },
  moveDown: { type: 'pointer.move', x: 205, y: 480 },
  moveUp: { type: 'pointer.move', x: 205, y: 320 },
  moveStartward: { type: 'pointer.move', x: 120, y: 405 },
  moveEndward: { type: 'pointer.move', x: 280, y: 405 },
  moveShortSideways: { type: 'pointer.move', x: 230, y: 402 },
  upQuick: { type: 'pointer.up', time: 1_100 },
  cancel: { type: 'pointer.cancel' },
  pinchIn: { type: 'pinch', scale: 2 },
  pinchOut: { type: 'pinch', scale: 0.5 },
  zoomToggle: { type: 'zoom.toggle' },
  menuClose: { type: 'menu.close' },
  arrowRight: { type: 'key.down', key: 'ArrowRight' },
  arrowLeft: { type: 'key.down', key: 'ArrowLeft' },
  escape: { type: 'key.down', key: 'Escape' },
} as const satisfies Record<string, ImageViewerEvent>;
