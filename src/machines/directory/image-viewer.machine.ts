import { assign, enqueueActions, raise, setup } from 'xstate';
import {
  IMAGE_DOUBLE_TAP_MS,
  IMAGE_DOUBLE_TAP_SLOP_PX,
  IMAGE_DRAG_SLOP_PX,
  IMAGE_LONG_PRESS_MS,
  IMAGE_SWIPE_CHANGE_PX,
  IMAGE_SWIPE_CLOSE_PX,
  IMAGE_SWIPE_MS,
  IMAGE_TAP_MAX_MS,
  IMAGE_ZOOM_MAX,
  IMAGE_ZOOM_MIN,
} from '@/contract/constants';
import { centreOf, clampPan, fittedSize, panLimit, zoomAround, type Point, type Size } from './image-viewer-geometry';

/**
 * The fullscreen image viewer (spec section 2 overlay 5; constants of section 9).
 *
 * - `viewer.open` { index, count } shows image `index` of `count`; `viewer.close` (the back button, Escape, a
 *   drag down over IMAGE_SWIPE_CLOSE_PX) hides it. Next and previous loop (last → first, first → last); each
 *   change starts a slide of IMAGE_SWIPE_MS (tag 'sliding', `slide` says from which side) and resets the zoom.
 * - Zoom stays within IMAGE_ZOOM_MIN..IMAGE_ZOOM_MAX: `pinch` { scale, x, y } multiplies it around a point (a
 *   two-finger pinch around the fingers, which the picture also follows as they move; a trackpad pinch or
 *   ctrl + wheel around the cursor; the + and - keys around the centre), `zoom.toggle` flips between the two ends
 *   (the button around the centre, a double tap around the finger). The point zoomed around stays where it is on
 *   screen, as far as the picture's edges allow (image-viewer-geometry.ts).
 * - The picture pans only within itself, as PhotoSwipe's does: as far as its zoomed size goes beyond the stage and
 *   no further, and not at all on an axis where it fits. So the machine knows the stage's size (`stage.resize`, and
 *   each pointer-down) and the picture's own (`image.load`); until the picture has loaded it counts as filling
 *   the stage.
 * - One pointer (finger or mouse): released before IMAGE_TAP_MAX_MS without moving is a tap. A second tap within
 *   IMAGE_DOUBLE_TAP_MS and IMAGE_DOUBLE_TAP_SLOP_PX of it is a double tap, which zooms in there (or out); a tap
 *   with none after it toggles the controls (tag 'chromeHidden'), so the photo can be seen alone. Held for
 *   IMAGE_LONG_PRESS_MS it is a long press, which opens the photo's action menu (tag 'menuOpen': "open the
 *   original", the ui's choice of actions). Moved over IMAGE_DRAG_SLOP_PX it is a drag: while zoomed it pans;
 *   otherwise its main axis decides, down to close, sideways to change the image (over IMAGE_SWIPE_CHANGE_PX; the
 *   image follows the finger meanwhile and springs back when the drag is too short). The wheel without ctrl pans a
 *   zoomed picture (`pan.by`).
 * - Keys: ArrowRight / ArrowLeft step forward / back in left-to-right layouts and the other way round in
 *   right-to-left ones (`dir`), Escape closes the menu when it is open and the viewer otherwise.
 *
 * Timings are named delays (STYLE rule 8): the tap window, the double tap, the long press and the slide. The machine
 * holds numbers and codes only; the images themselves (src, alt) stay with the host, which knows them by index.
 * Positions are px from the stage's top-left.
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
  /** The stage's size, px (from `stage.resize` or the last pointer-down); bounds the pan and places the centre. */
  stage: Size | null;
  /** The current picture's own size, px, once it has loaded; with the stage it says how far the picture pans. */
  natural: Size | null;
  /** A tap waiting to see whether a second makes it a double tap (for IMAGE_DOUBLE_TAP_MS): where it was. */
  lastTap: Point | null;
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
  /**
   * Multiply the zoom by `scale` (the change since the previous pinch event) around (x, y), the fingers' midpoint
   * now, which was at (fromX, fromY) at the previous event (the picture follows the fingers); no point: the centre.
   * width/height: the stage's box, as a pointer-down gives it.
   */
  | { type: 'pinch'; scale: number; x?: number; y?: number; fromX?: number; fromY?: number; width?: number; height?: number }
  /** Zoom in to the largest zoom around (x, y), or the centre, or back out to the smallest. */
  | { type: 'zoom.toggle'; x?: number; y?: number; width?: number; height?: number }
  /** Move a zoomed picture by (dx, dy) px (the wheel), within its bounds. */
  | { type: 'pan.by'; dx: number; dy: number; width?: number; height?: number }
  /** The stage's size, px: on opening and whenever it changes (rotation, a resized window). */
  | { type: 'stage.resize'; width: number; height: number }
  /** The picture at `index` has loaded; width and height are its own (natural) size. */
  | { type: 'image.load'; index: number; width: number; height: number }
  | { type: 'chrome.toggle' }
  | { type: 'menu.close' }
  | { type: 'key.down'; key: string };

export type ImageViewerTag = 'open' | 'sliding' | 'pressing' | 'dragging' | 'chromeHidden' | 'menuOpen';

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

type Bounds = Pick<ImageViewerContext, 'zoom' | 'stage' | 'natural'>;

/** The picture's size at zoom 1 on the known stage (image-viewer-geometry.ts), or null while the stage is unknown. */
export function pictureSize(context: Pick<ImageViewerContext, 'stage' | 'natural'>): Size | null {
  return context.stage ? fittedSize(context.natural, context.stage) : null;
}

/** `offset` kept within the picture at the context's zoom: it never pans into the black beyond its edges. */
function clampPanOf(context: Bounds, offset: Point): Point {
  const picture = pictureSize(context);
  const limit = picture && context.stage ? panLimit(picture, context.stage, context.zoom) : { x: Infinity, y: Infinity };
  return clampPan(offset, limit);
}

/**
 * The offset after zooming from the context's zoom to `zoom` around `from` (moved to `to`), clamped to the picture;
 * around the centre when no point is given or the stage is unknown. Back at the smallest zoom there is no pan.
 */
function zoomedOffset(context: ImageViewerContext, zoom: number, from?: Point, to?: Point): Point {
  if (zoom <= IMAGE_ZOOM_MIN) return { x: 0, y: 0 };
  const pan = panOf(context);
  const stage = context.stage;
  const offset = stage
    ? zoomAround(pan, context.zoom, zoom, stage, from ?? centreOf(stage), to ?? from ?? centreOf(stage))
    : { x: (pan.x * zoom) / context.zoom, y: (pan.y * zoom) / context.zoom };
  return clampPanOf({ ...context, zoom }, offset);
}

const pointOf = (x: number | undefined, y: number | undefined): Point | undefined =>
  x !== undefined && y !== undefined && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : undefined;

const sizeOf = (width: number | undefined, height: number | undefined): Size | null =>
  width !== undefined && height !== undefined && Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0
    ? { width, height }
    : null;

/** The stage's size an event gives (a pointer-down, a pinch, the wheel), else the one known. */
function stageOf(context: ImageViewerContext, event: ImageViewerEvent): Size | null {
  const given = 'width' in event && 'height' in event ? sizeOf(event.width, event.height) : null;
  return given ?? context.stage;
}

/** Where the image is for a pointer at `point`, by the kind of drag. */
function dragOffset(context: ImageViewerContext, drag: ImageViewerDrag, point: Point): Point {
  const start = context.start;
  if (!start) return { x: context.offsetX, y: context.offsetY };
  const dx = point.x - start.x;
  const dy = point.y - start.y;
  switch (drag) {
    case 'pan':
      return clampPanOf(context, { x: start.offsetX + dx, y: start.offsetY + dy });
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

const resting = { zoom: IMAGE_ZOOM_MIN, offsetX: 0, offsetY: 0, start: null, drag: null, lastTap: null } as const;
/** Another picture: its size is not known until it loads. */
const unloaded = { ...resting, natural: null } as const;

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
    /** A tap whose press began while an earlier tap waited (within IMAGE_DOUBLE_TAP_MS), near that tap. */
    isDoubleTap: ({ context, event }) =>
      event.type === 'pointer.up' &&
      context.start !== null &&
      context.lastTap !== null &&
      event.time - context.start.time < IMAGE_TAP_MAX_MS &&
      Math.hypot(context.start.x - context.lastTap.x, context.start.y - context.lastTap.y) <= IMAGE_DOUBLE_TAP_SLOP_PX,
    isZoomed: ({ context }) => context.zoom > IMAGE_ZOOM_MIN,
    isCurrentImage: ({ context, event }) => event.type === 'image.load' && event.index === context.index,
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
      const index = clampIndex(event.index, count);
      return {
        // Opening again at the picture on screen keeps its size: it does not load again.
        ...(context.count > 0 && index === context.index ? resting : unloaded),
        dir: event.dir ?? context.dir,
        count,
        index,
        slide: null,
      };
    }),
    reset: assign({ ...unloaded, slide: null }),
    stepNext: assign(({ context }) => ({ ...unloaded, index: (context.index + 1) % context.count, slide: 'next' as const })),
    stepPrev: assign(({ context }) => ({
      ...unloaded,
      index: (context.index - 1 + context.count) % context.count,
      slide: 'prev' as const,
    })),
    endSlide: assign({ slide: null }),
    press: assign(({ context, event }) => {
      if (event.type !== 'pointer.down') return {};
      const stage = stageOf(context, event);
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
      return { drag, offsetX: offset.x, offsetY: offset.y, lastTap: null };
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
    /** The gesture is over; a tap waiting for a second one is forgotten with it (a double tap has used it). */
    endGesture: assign({ start: null, drag: null, lastTap: null }),
    /** A tap waits for a possible second one; where it was is remembered. */
    rememberTap: assign(({ context }) =>
      context.start ? { lastTap: { x: context.start.x, y: context.start.y }, start: null, drag: null } : {},
    ),
    zoomBy: assign(({ context, event }) => {
      if (event.type !== 'pinch' || !Number.isFinite(event.scale) || event.scale <= 0) return {};
      const stage = stageOf(context, event);
      const zoom = clampZoom(context.zoom * event.scale);
      const to = pointOf(event.x, event.y);
      const from = pointOf(event.fromX, event.fromY) ?? to;
      const offset = zoomedOffset({ ...context, stage }, zoom, from, to);
      return { zoom, offsetX: offset.x, offsetY: offset.y, start: null, drag: null, lastTap: null, stage };
    }),
    toggleZoom: assign(({ context, event }) => {
      const stage = stageOf(context, event);
      if (context.zoom > IMAGE_ZOOM_MIN) return { ...resting, stage };
      const at = event.type === 'zoom.toggle' ? pointOf(event.x, event.y) : undefined;
      const offset = zoomedOffset({ ...context, stage }, IMAGE_ZOOM_MAX, at);
      return { ...resting, zoom: IMAGE_ZOOM_MAX, offsetX: offset.x, offsetY: offset.y, stage };
    }),
    /** The double tap's zoom, around the first tap. */
    toggleZoomAtTap: enqueueActions(({ context, enqueue }) => {
      const tap = context.lastTap;
      enqueue.raise(tap ? { type: 'zoom.toggle', x: tap.x, y: tap.y } : { type: 'zoom.toggle' });
    }),
    panBy: assign(({ context, event }) => {
      if (event.type !== 'pan.by' || !Number.isFinite(event.dx) || !Number.isFinite(event.dy)) return {};
      const stage = stageOf(context, event);
      const offset = clampPanOf({ ...context, stage }, { x: context.offsetX + event.dx, y: context.offsetY + event.dy });
      return { offsetX: offset.x, offsetY: offset.y, stage };
    }),
    /** A new stage or picture size: the pan stays within the picture (a drag in progress is left alone). */
    measureStage: assign(({ context, event }) => {
      if (event.type !== 'stage.resize') return {};
      const stage = sizeOf(event.width, event.height);
      if (!stage) return {};
      const offset = clampPanOf({ ...context, stage }, panOf(context));
      return context.drag ? { stage } : { stage, offsetX: offset.x, offsetY: offset.y };
    }),
    measureImage: assign(({ context, event }) => {
      if (event.type !== 'image.load') return {};
      const natural = sizeOf(event.width, event.height);
      if (!natural) return {};
      const offset = clampPanOf({ ...context, natural }, panOf(context));
      return context.drag ? { natural } : { natural, offsetX: offset.x, offsetY: offset.y };
    }),
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
    doubleTap: IMAGE_DOUBLE_TAP_MS,
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
    ...unloaded,
    stage: null,
  }),
  initial: 'closed',
  on: {
    'stage.resize': { actions: 'measureStage' },
  },
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
        'image.load': { guard: 'isCurrentImage', actions: 'measureImage' },
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
                  on: {
                    'pointer.down': { target: 'press', actions: 'press' },
                    'pan.by': { guard: 'isZoomed', actions: 'panBy' },
                  },
                },
                /** A tap waits for a second one; with none, it was a single tap: the controls toggle. */
                tapped: {
                  after: { doubleTap: { target: 'idle', actions: ['endGesture', 'raiseChromeToggle'] } },
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
                          {
                            guard: 'isDoubleTap',
                            target: '#imageViewer.open.interaction.gestures.idle',
                            actions: ['toggleZoomAtTap', 'endGesture'],
                          },
                          { guard: 'isTap', target: '#imageViewer.open.interaction.gestures.tapped', actions: 'rememberTap' },
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
  /** Two fingers spread to twice their distance around a point right of the centre. */
  pinchInAt: { type: 'pinch', scale: 2, x: 300, y: 400, width: 400, height: 800 },
  pinchOut: { type: 'pinch', scale: 0.5 },
  zoomToggle: { type: 'zoom.toggle' },
  /** The wheel, zoomed: the picture moves 40 px toward the start and up. */
  wheelPan: { type: 'pan.by', dx: -40, dy: -40, width: 400, height: 800 },
  resize: { type: 'stage.resize', width: 400, height: 800 },
  /** The first picture has loaded: a landscape photo, 1600 × 900 (400 × 225 on the stage at zoom 1). */
  loadLandscape: { type: 'image.load', index: 0, width: 1600, height: 900 },
  menuClose: { type: 'menu.close' },
  arrowRight: { type: 'key.down', key: 'ArrowRight' },
  arrowLeft: { type: 'key.down', key: 'ArrowLeft' },
  escape: { type: 'key.down', key: 'Escape' },
} as const satisfies Record<string, ImageViewerEvent>;
