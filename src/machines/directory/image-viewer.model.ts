import type { ActorLogic, AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import {
  IMAGE_DOUBLE_TAP_MS,
  IMAGE_LONG_PRESS_MS,
  IMAGE_SWIPE_MS,
  IMAGE_TAP_MAX_MS,
  IMAGE_ZOOM_MAX,
  IMAGE_ZOOM_MIN,
} from '@/contract/constants';
import {
  imageViewerMachine,
  imageViewerTestEvents as ev,
  type ImageViewerDir,
  type ImageViewerEvent,
  type ImageViewerInput,
} from './image-viewer.machine';

/**
 * The image viewer's test model (STYLE rule 19), shared by image-viewer.machine.test.ts and `npm run test:paths`.
 * Test data only: no app module imports this file, so it stays out of the bundle.
 *
 * The machine has `after` delays (tap window, long press, slide; STYLE rule 8), which createTestModel() refuses,
 * so this is a TestModel of the machine as it is (as app-update.model.ts does): the delayed events are model
 * events, which a test executes by running the fake clock to the moment the named delay ends (counted from the
 * press or the step that started it).
 *
 * Pointer coordinates are unbounded, so the model uses the fixed sample events of the machine file (a 400 × 800
 * stage pressed at its centre, moves well past or well within the thresholds, a pinch right of the centre, a
 * landscape photo) and identifies a state by the state value, the image index, the zoom, the image's offset, the
 * kind of drag and whether the picture's size is known. It plays a user who:
 * - touches and zooms the first image only, once it has loaded (its size bounds the pan: the landscape photo
 *   pans sideways only) and its slide has ended (the other images step, loop and slide the same way);
 * - with the controls hidden, only taps to bring them back, or leaves (back gesture, Escape);
 * - pans a zoomed image once from the centre, by a drag or the wheel (each further pan would reach a new offset);
 * - double-taps at the centre (the unit tests zoom at other points).
 * Other orders (touching mid-slide, zooming with the controls hidden) run the same transitions; the unit tests
 * cover them.
 */

type ImageViewerSnapshot = SnapshotFrom<typeof imageViewerMachine>;

const afterEvent = (stateId: string) => imageViewerMachine.getStateNodeById(stateId).after[0].eventType;

/** The delayed events: the tap window closing, the long press, the end of a slide. */
export const IMAGE_VIEWER_TAP_MAX_EVENT = afterEvent('imageViewer.open.interaction.gestures.press.tapWindow');
export const IMAGE_VIEWER_DOUBLE_TAP_EVENT = afterEvent('imageViewer.open.interaction.gestures.tapped');
export const IMAGE_VIEWER_LONG_PRESS_EVENT = afterEvent('imageViewer.open.interaction.gestures.press');
export const IMAGE_VIEWER_SWIPE_EVENT = afterEvent('imageViewer.open.slide.sliding');

const GESTURE_EVENTS: ReadonlySet<string> = new Set(['pointer.down', 'pinch', 'zoom.toggle', 'pan.by', 'image.load']);

export const imageViewerModelEvents: AnyEventObject[] = [
  ev.open,
  ev.close,
  ev.next,
  ev.prev,
  ev.arrowRight,
  ev.arrowLeft,
  ev.escape,
  ev.down,
  ev.moveSlightly,
  ev.moveDown,
  ev.moveUp,
  ev.moveStartward,
  ev.moveEndward,
  ev.moveShortSideways,
  ev.upQuick,
  ev.cancel,
  ev.pinchIn,
  ev.pinchInAt,
  ev.pinchOut,
  ev.zoomToggle,
  ev.wheelPan,
  ev.loadLandscape,
  ev.menuClose,
  { type: IMAGE_VIEWER_TAP_MAX_EVENT },
  { type: IMAGE_VIEWER_DOUBLE_TAP_EVENT },
  { type: IMAGE_VIEWER_LONG_PRESS_EVENT },
  { type: IMAGE_VIEWER_SWIPE_EVENT },
];

/**
 * A model state: what the ui shows (state value, image, zoom, offset), the drag in progress, whether the picture's
 * size is known and whether a tap waits for a second (a press then is the second tap of a double tap).
 */
export const imageViewerAbstraction = (snapshot: ImageViewerSnapshot) => {
  const { index, zoom, offsetX, offsetY, drag, natural, lastTap } = snapshot.context;
  return { value: snapshot.value, index, zoom, offset: [offsetX, offsetY], drag, loaded: natural !== null, secondTap: lastTap !== null };
};

/**
 * The event that entered a state, when it changed the state value (as toast.model.ts does): without it, closing
 * by a drag or by Escape, or stepping by a swipe or a key, would reach the key the buttons reach first and never
 * be on a path.
 */
function enteredBy(snapshot: ImageViewerSnapshot, event?: EventObject, previous?: ImageViewerSnapshot) {
  if (!event || !previous || JSON.stringify(previous.value) === JSON.stringify(snapshot.value)) return null;
  // A release that zoomed ended a double tap: without saying so, it would reach the key a long press reaches.
  if (event.type === 'pointer.up' && previous.context.zoom !== snapshot.context.zoom) return 'double tap';
  return event.type === 'key.down' || event.type === 'pointer.up' ? describeImageViewerEvent(event) : event.type;
}

/** Whether the model's user does `event` now (see the rules above); the machine must also take it. */
function offered(snapshot: ImageViewerSnapshot, event: AnyEventObject): boolean {
  const { index, zoom, offsetX, offsetY, natural } = snapshot.context;
  const hidden = snapshot.hasTag('chromeHidden');
  const tapped = snapshot.matches({ open: { interaction: { gestures: 'tapped' } } });
  switch (event.type) {
    case IMAGE_VIEWER_TAP_MAX_EVENT:
      return !hidden && snapshot.matches({ open: { interaction: { gestures: { press: 'tapWindow' } } } });
    case IMAGE_VIEWER_DOUBLE_TAP_EVENT:
      return tapped;
    case IMAGE_VIEWER_LONG_PRESS_EVENT:
      return !hidden && snapshot.hasTag('pressing');
    case IMAGE_VIEWER_SWIPE_EVENT:
      return snapshot.hasTag('sliding');
    case 'viewer.open':
      return snapshot.matches('closed');
  }
  if (hidden) {
    // A single tap brings them back (a second tap while it waits would zoom with the controls hidden).
    const allowed = (event === ev.down && !tapped) || event === ev.upQuick || event === ev.close || event === ev.escape;
    return allowed && snapshot.can(event as ImageViewerEvent);
  }
  if (GESTURE_EVENTS.has(event.type) && (snapshot.hasTag('sliding') || index !== 0)) return false;
  // The picture loads once, right after opening; the user touches it once it has.
  if (event.type === 'image.load') return natural === null && zoom === IMAGE_ZOOM_MIN && snapshot.matches({ open: { interaction: { gestures: 'idle' } } });
  if (GESTURE_EVENTS.has(event.type) && natural === null) return false;
  // Pinches and the zoom button with no finger down (the ui cancels a one-finger gesture when a pinch starts),
  // and only ones that change the zoom.
  if (event.type === 'pinch' || event.type === 'zoom.toggle') {
    if (!snapshot.matches({ open: { interaction: { gestures: 'idle' } } })) return false;
    if ((event === ev.pinchIn || event === ev.pinchInAt) && zoom >= IMAGE_ZOOM_MAX) return false;
    if (event === ev.pinchOut && zoom <= IMAGE_ZOOM_MIN) return false;
  }
  // One pan from the centre: pans that build on pans reach a new offset each time (unit-tested instead).
  if ((event.type === 'pointer.down' || event.type === 'pan.by') && (offsetX !== 0 || offsetY !== 0)) return false;
  // A drag goes one way, and may come back near its start before the release; the offset is the last move's.
  if (event.type === 'pointer.move' && snapshot.hasTag('dragging')) return event === ev.moveSlightly;
  // Keys reach the machine whenever it is open; only those with a transition behind them change anything.
  if (event.type === 'key.down') return snapshot.hasTag('open');
  return snapshot.can(event as ImageViewerEvent);
}

export function createImageViewerTestModel(dir: ImageViewerDir = 'ltr') {
  return new TestModel<ImageViewerSnapshot, AnyEventObject, ImageViewerInput>(
    imageViewerMachine as unknown as ActorLogic<ImageViewerSnapshot, AnyEventObject, ImageViewerInput>,
    {
      input: { dir },
      events: imageViewerModelEvents,
      filterEvents: offered,
      serializeState: (snapshot, event, previous) =>
        JSON.stringify({ ...imageViewerAbstraction(snapshot), via: enteredBy(snapshot, event, previous) }),
    },
  );
}

/** The paths the tests replay: the left-to-right model's, and the right-to-left one's that use the arrows. */
export function imageViewerTestPaths() {
  const ltr = createImageViewerTestModel('ltr').getShortestPaths();
  const rtl = createImageViewerTestModel('rtl')
    .getShortestPaths()
    .filter((path) =>
      path.steps.some((step) => step.event.type === 'key.down' || step.event === ev.moveStartward || step.event === ev.moveEndward),
    );
  return [
    ...ltr.map((path) => ({ label: 'left to right', dir: 'ltr' as const, path })),
    ...rtl.map((path) => ({ label: 'right to left', dir: 'rtl' as const, path })),
  ];
}

/** A short description of a model event: the gesture in words, the delays by their names. */
export function describeImageViewerEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  switch (e.type) {
    case IMAGE_VIEWER_TAP_MAX_EVENT:
      return `the finger stays down ${IMAGE_TAP_MAX_MS} ms (no longer a tap)`;
    case IMAGE_VIEWER_DOUBLE_TAP_EVENT:
      return `${IMAGE_DOUBLE_TAP_MS} ms pass without a second tap (a single tap)`;
    case IMAGE_VIEWER_LONG_PRESS_EVENT:
      return `the finger stays down ${IMAGE_LONG_PRESS_MS} ms in all (long press)`;
    case IMAGE_VIEWER_SWIPE_EVENT:
      return `${IMAGE_SWIPE_MS} ms pass (the slide ends)`;
    case 'viewer.open':
      return `open image ${String(e.index)} of ${String(e.count)}`;
    case 'pointer.down':
      return `press at (${String(e.x)}, ${String(e.y)})`;
    case 'pointer.move':
      return `move to (${String(e.x)}, ${String(e.y)})`;
    case 'pointer.up':
      return 'release';
    case 'pinch':
      return e.x === undefined ? `pinch ×${String(e.scale)}` : `pinch ×${String(e.scale)} at (${String(e.x)}, ${String(e.y)})`;
    case 'pan.by':
      return `wheel: pan by (${String(e.dx)}, ${String(e.dy)})`;
    case 'image.load':
      return `image ${String(e.index)} loads (${String(e.width)} × ${String(e.height)})`;
    case 'stage.resize':
      return `the stage is ${String(e.width)} × ${String(e.height)}`;
    case 'key.down':
      return `press ${String(e.key)}`;
    default:
      return e.type;
  }
}
