import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
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
import {
  clampIndex,
  clampZoom,
  imageViewerMachine,
  imageViewerTestEvents as ev,
  keyCommand,
  type ImageViewerDir,
  type ImageViewerEvent,
} from './image-viewer.machine';
import {
  createImageViewerTestModel,
  describeImageViewerEvent,
  IMAGE_VIEWER_DOUBLE_TAP_EVENT,
  IMAGE_VIEWER_LONG_PRESS_EVENT,
  IMAGE_VIEWER_SWIPE_EVENT,
  IMAGE_VIEWER_TAP_MAX_EVENT,
  imageViewerAbstraction,
  imageViewerModelEvents,
  imageViewerTestPaths,
} from './image-viewer.model';

function start(dir: ImageViewerDir = 'ltr') {
  const actor = createActor(imageViewerMachine, { input: { dir } }).start();
  const snap = () => actor.getSnapshot();
  const send = (event: ImageViewerEvent) => actor.send(event);
  /** Press at the stage's centre at the fake clock's time. */
  const down = (x = 200, y = 400) => send({ type: 'pointer.down', x, y, time: Date.now(), width: 400, height: 800 });
  const move = (x: number, y: number) => send({ type: 'pointer.move', x, y });
  const up = () => send({ type: 'pointer.up', time: Date.now() });
  /** A single tap: pressed and released at once, then no second tap comes. */
  const tap = (x = 200, y = 400) => {
    down(x, y);
    up();
    vi.advanceTimersByTime(IMAGE_DOUBLE_TAP_MS);
  };
  /** Two quick taps at (x, y). */
  const doubleTap = (x = 200, y = 400) => {
    down(x, y);
    up();
    vi.advanceTimersByTime(100);
    down(x, y);
    up();
  };
  /** A whole one-finger drag from the centre by (dx, dy), in two moves. */
  const drag = (dx: number, dy: number) => {
    down();
    move(200 + dx / 2, 400 + dy / 2);
    move(200 + dx, 400 + dy);
    up();
  };
  return { actor, snap, send, down, move, up, drag, tap, doubleTap };
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 5, 0, 0) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('image viewer: opening and closing', () => {
  it('starts closed', () => {
    const { snap } = start();
    expect(snap().value).toBe('closed');
    expect(snap().hasTag('open')).toBe(false);
  });

  it('opens at the given image of the given count, controls shown, at rest', () => {
    const { snap, send } = start();
    send({ type: 'viewer.open', index: 2, count: 12 });
    expect(snap().hasTag('open')).toBe(true);
    expect(snap().hasTag('chromeHidden')).toBe(false);
    expect(snap().context).toMatchObject({ index: 2, count: 12, zoom: 1, offsetX: 0, offsetY: 0, slide: null });
  });

  it('clamps the index into the images and ignores an opening without images', () => {
    const { snap, send } = start();
    send({ type: 'viewer.open', index: 3, count: 0 });
    expect(snap().value).toBe('closed');
    send({ type: 'viewer.open', index: 40, count: 12 });
    expect(snap().context.index).toBe(11);
    send({ type: 'viewer.open', index: -3, count: 12 });
    expect(snap().context.index).toBe(0);
    expect(clampIndex(Number.NaN, 4)).toBe(0);
    expect(clampIndex(2.7, 4)).toBe(2);
  });

  it('closes on viewer.close and on Escape, and comes back at rest', () => {
    const { snap, send } = start();
    send(ev.open);
    send(ev.pinchIn);
    send(ev.close);
    expect(snap().value).toBe('closed');
    expect(snap().context.zoom).toBe(IMAGE_ZOOM_MIN);
    send(ev.open);
    send(ev.escape);
    expect(snap().value).toBe('closed');
  });

  it('opening again while open starts over at that image with the controls shown', () => {
    const { snap, send, tap } = start();
    send(ev.open);
    tap(); // a tap hides the controls
    expect(snap().hasTag('chromeHidden')).toBe(true);
    send({ type: 'viewer.open', index: 1, count: 3 });
    expect(snap().hasTag('chromeHidden')).toBe(false);
    expect(snap().context.index).toBe(1);
  });

  it('takes the reading direction from the input, or from an opening that says', () => {
    const { snap, send } = start('rtl');
    expect(snap().context.dir).toBe('rtl');
    send({ type: 'viewer.open', index: 0, count: 3, dir: 'ltr' });
    expect(snap().context.dir).toBe('ltr');
  });
});

describe('image viewer: stepping', () => {
  it('loops forward from the last image to the first and back from the first to the last', () => {
    const { snap, send } = start();
    send(ev.openLast);
    send(ev.next);
    expect(snap().context.index).toBe(0);
    send(ev.prev);
    expect(snap().context.index).toBe(2);
    send(ev.prev);
    expect(snap().context.index).toBe(1);
  });

  it(`slides for exactly IMAGE_SWIPE_MS (${IMAGE_SWIPE_MS} ms), from the side of the step`, () => {
    const { snap, send } = start();
    send(ev.open);
    send(ev.next);
    expect(snap().hasTag('sliding')).toBe(true);
    expect(snap().context.slide).toBe('next');
    vi.advanceTimersByTime(IMAGE_SWIPE_MS - 1);
    expect(snap().hasTag('sliding')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(snap().hasTag('sliding')).toBe(false);
    expect(snap().context.slide).toBeNull();
    send(ev.prev);
    expect(snap().context.slide).toBe('prev');
  });

  it('a step during a slide restarts it at the new image', () => {
    const { snap, send } = start();
    send(ev.open);
    send(ev.next);
    vi.advanceTimersByTime(IMAGE_SWIPE_MS - 100);
    send(ev.next);
    expect(snap().context.index).toBe(2);
    vi.advanceTimersByTime(IMAGE_SWIPE_MS - 1);
    expect(snap().hasTag('sliding')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(snap().hasTag('sliding')).toBe(false);
  });

  it('a step resets the zoom and the pan', () => {
    const { snap, send, drag } = start();
    send(ev.open);
    send(ev.pinchIn);
    drag(60, 60);
    expect(snap().context.offsetX).not.toBe(0);
    send(ev.next);
    expect(snap().context).toMatchObject({ zoom: IMAGE_ZOOM_MIN, offsetX: 0, offsetY: 0 });
  });

  it('a single image does not step', () => {
    const { snap, send } = start();
    send({ type: 'viewer.open', index: 0, count: 1 });
    send(ev.next);
    send(ev.prev);
    send(ev.arrowRight);
    expect(snap().context.index).toBe(0);
    expect(snap().hasTag('sliding')).toBe(false);
  });
});

describe('image viewer: keys', () => {
  it('left to right: ArrowRight steps forward, ArrowLeft back', () => {
    const { snap, send } = start('ltr');
    send(ev.open);
    send(ev.arrowRight);
    expect(snap().context.index).toBe(1);
    send(ev.arrowLeft);
    send(ev.arrowLeft);
    expect(snap().context.index).toBe(2);
  });

  it('right to left: the arrows are mirrored', () => {
    const { snap, send } = start('rtl');
    send(ev.open);
    send(ev.arrowLeft);
    expect(snap().context.index).toBe(1);
    send(ev.arrowRight);
    send(ev.arrowRight);
    expect(snap().context.index).toBe(2);
  });

  it('+ and - zoom to the ends; other keys do nothing', () => {
    const { snap, send } = start();
    send(ev.open);
    send({ type: 'key.down', key: '+' });
    expect(snap().context.zoom).toBe(IMAGE_ZOOM_MAX);
    send({ type: 'key.down', key: '-' });
    expect(snap().context.zoom).toBe(IMAGE_ZOOM_MIN);
    const before = snap().context;
    send({ type: 'key.down', key: 'Enter' });
    send({ type: 'key.down', key: 'a' });
    expect(snap().context).toEqual(before);
    expect(snap().hasTag('open')).toBe(true);
  });

  it('keyCommand maps keys by direction', () => {
    expect(keyCommand('ArrowRight', 'ltr')).toEqual({ type: 'viewer.next' });
    expect(keyCommand('ArrowRight', 'rtl')).toEqual({ type: 'viewer.prev' });
    expect(keyCommand('ArrowLeft', 'rtl')).toEqual({ type: 'viewer.next' });
    expect(keyCommand('Escape', 'rtl')).toEqual({ type: 'viewer.close' });
    expect(keyCommand('Tab', 'ltr')).toBeNull();
  });
});

describe('image viewer: tap and long press', () => {
  it(`a release within IMAGE_TAP_MAX_MS (${IMAGE_TAP_MAX_MS} ms) is a tap: with no second tap within IMAGE_DOUBLE_TAP_MS (${IMAGE_DOUBLE_TAP_MS} ms) it toggles the controls`, () => {
    const { snap, send, down, up, tap } = start();
    send(ev.open);
    down();
    vi.advanceTimersByTime(IMAGE_TAP_MAX_MS - 1);
    up();
    expect(snap().hasTag('chromeHidden')).toBe(false);
    vi.advanceTimersByTime(IMAGE_DOUBLE_TAP_MS - 1);
    expect(snap().hasTag('chromeHidden')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(snap().hasTag('chromeHidden')).toBe(true);
    tap();
    expect(snap().hasTag('chromeHidden')).toBe(false);
    expect(snap().context.zoom).toBe(IMAGE_ZOOM_MIN);
  });

  it('a double tap zooms in around the tapped point, and another zooms back out; the controls stay', () => {
    const { snap, send, doubleTap } = start();
    send(ev.open);
    send(ev.loadLandscape); // 400 × 225 at zoom 1 on the 400 × 800 stage
    doubleTap(300, 450);
    vi.advanceTimersByTime(IMAGE_DOUBLE_TAP_MS);
    expect(snap().hasTag('chromeHidden')).toBe(false);
    // The point 100 px right of the centre stays put (the picture moves 100 px left); the height fits, so it
    // stays centred rather than keep the point 50 px below the centre.
    expect(snap().context).toMatchObject({ zoom: IMAGE_ZOOM_MAX, offsetX: -100, offsetY: 0 });
    doubleTap(120, 300);
    expect(snap().context).toMatchObject({ zoom: IMAGE_ZOOM_MIN, offsetX: 0, offsetY: 0 });
  });

  it(`a second tap over IMAGE_DOUBLE_TAP_SLOP_PX (${IMAGE_DOUBLE_TAP_SLOP_PX} px) away is a tap of its own, no zoom`, () => {
    const { snap, send, down, up } = start();
    send(ev.open);
    down(200, 400);
    up();
    down(200 + IMAGE_DOUBLE_TAP_SLOP_PX + 1, 400);
    up();
    expect(snap().context.zoom).toBe(IMAGE_ZOOM_MIN);
    vi.advanceTimersByTime(IMAGE_DOUBLE_TAP_MS);
    expect(snap().hasTag('chromeHidden')).toBe(true);
  });

  it('a second press that is held or dragged is no double tap', () => {
    const { snap, send, down, up, move } = start();
    send(ev.open);
    down();
    up();
    down();
    vi.advanceTimersByTime(IMAGE_TAP_MAX_MS);
    up();
    expect(snap().context.zoom).toBe(IMAGE_ZOOM_MIN);
    down();
    up();
    down();
    move(200, 480);
    up();
    expect(snap().context.zoom).toBe(IMAGE_ZOOM_MIN);
    expect(snap().hasTag('open')).toBe(false);
  });

  it('a release at IMAGE_TAP_MAX_MS or later is no tap', () => {
    const { snap, send, down, up } = start();
    send(ev.open);
    down();
    vi.advanceTimersByTime(IMAGE_TAP_MAX_MS);
    expect(snap().matches({ open: { interaction: { gestures: { press: 'held' } } } })).toBe(true);
    up();
    expect(snap().hasTag('chromeHidden')).toBe(false);
    expect(snap().hasTag('pressing')).toBe(false);
  });

  it('the timestamps decide when the release comes before a late timer', () => {
    const { snap, send } = start();
    send(ev.open);
    send({ ...ev.down, time: 5_000 });
    send({ type: 'pointer.up', time: 5_000 + IMAGE_TAP_MAX_MS });
    expect(snap().hasTag('chromeHidden')).toBe(false);
  });

  it(`holding IMAGE_LONG_PRESS_MS (${IMAGE_LONG_PRESS_MS} ms) opens the action menu; the release then does nothing`, () => {
    const { snap, send, down, up } = start();
    send(ev.open);
    down();
    vi.advanceTimersByTime(IMAGE_LONG_PRESS_MS - 1);
    expect(snap().hasTag('menuOpen')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(snap().hasTag('menuOpen')).toBe(true);
    up();
    expect(snap().hasTag('menuOpen')).toBe(true);
    expect(snap().hasTag('chromeHidden')).toBe(false);
  });

  it('the menu closes on menu.close, and on Escape without closing the viewer; it ignores other keys and gestures', () => {
    const { snap, send, down } = start();
    send(ev.open);
    down();
    vi.advanceTimersByTime(IMAGE_LONG_PRESS_MS);
    send(ev.arrowRight);
    send(ev.pinchIn);
    down();
    expect(snap().context).toMatchObject({ index: 0, zoom: IMAGE_ZOOM_MIN });
    expect(snap().hasTag('menuOpen')).toBe(true);
    send(ev.escape);
    expect(snap().hasTag('menuOpen')).toBe(false);
    expect(snap().hasTag('open')).toBe(true);
    down();
    vi.advanceTimersByTime(IMAGE_LONG_PRESS_MS);
    send(ev.menuClose);
    expect(snap().hasTag('menuOpen')).toBe(false);
    send(ev.escape);
    expect(snap().value).toBe('closed');
  });

  it(`moving over IMAGE_DRAG_SLOP_PX (${IMAGE_DRAG_SLOP_PX} px) makes it a drag: no tap, no long press`, () => {
    const { snap, send, down, move, up } = start();
    send(ev.open);
    down();
    move(200 + IMAGE_DRAG_SLOP_PX, 400);
    expect(snap().hasTag('pressing')).toBe(true);
    move(200 + IMAGE_DRAG_SLOP_PX + 1, 400);
    expect(snap().hasTag('dragging')).toBe(true);
    vi.advanceTimersByTime(IMAGE_LONG_PRESS_MS);
    expect(snap().hasTag('menuOpen')).toBe(false);
    up();
    expect(snap().hasTag('chromeHidden')).toBe(false);
  });

  it('a cancelled press does nothing', () => {
    const { snap, send, down } = start();
    send(ev.open);
    down();
    send(ev.cancel);
    vi.advanceTimersByTime(IMAGE_LONG_PRESS_MS);
    expect(snap().hasTag('menuOpen')).toBe(false);
    expect(snap().hasTag('pressing')).toBe(false);
  });
});

describe('image viewer: drags', () => {
  it(`a drag down over IMAGE_SWIPE_CLOSE_PX (${IMAGE_SWIPE_CLOSE_PX} px) closes; the image follows the finger meanwhile`, () => {
    const { snap, send, down, move, up } = start();
    send(ev.open);
    down();
    move(203, 400 + IMAGE_SWIPE_CLOSE_PX + 1);
    expect(snap().hasTag('dragging')).toBe(true);
    expect(snap().context.drag).toBe('close');
    expect(snap().context).toMatchObject({ offsetX: 0, offsetY: IMAGE_SWIPE_CLOSE_PX + 1 });
    up();
    expect(snap().value).toBe('closed');
  });

  it('a drag down of exactly IMAGE_SWIPE_CLOSE_PX, or a drag up, springs back', () => {
    const { snap, send, drag } = start();
    send(ev.open);
    drag(0, IMAGE_SWIPE_CLOSE_PX);
    expect(snap().hasTag('open')).toBe(true);
    expect(snap().context).toMatchObject({ offsetX: 0, offsetY: 0, drag: null });
    drag(0, -200);
    expect(snap().hasTag('open')).toBe(true);
    expect(snap().context).toMatchObject({ offsetX: 0, offsetY: 0 });
  });

  it('a drag that comes back before the release springs back', () => {
    const { snap, send, down, move, up } = start();
    send(ev.open);
    down();
    move(200, 500);
    move(200, 420);
    up();
    expect(snap().hasTag('open')).toBe(true);
  });

  it('the release position counts when the release says where it happened', () => {
    const { snap, send, down, move } = start();
    send(ev.open);
    down();
    move(200, 430);
    send({ type: 'pointer.up', time: Date.now(), x: 200, y: 400 + IMAGE_SWIPE_CLOSE_PX + 10 });
    expect(snap().value).toBe('closed');
  });

  it(`left to right: a drag toward the start over IMAGE_SWIPE_CHANGE_PX (${IMAGE_SWIPE_CHANGE_PX} px) steps forward, toward the end back`, () => {
    const { snap, send, drag } = start('ltr');
    send(ev.open);
    drag(-(IMAGE_SWIPE_CHANGE_PX + 1), 0);
    expect(snap().context).toMatchObject({ index: 1, slide: 'next', offsetX: 0 });
    drag(IMAGE_SWIPE_CHANGE_PX + 1, 3);
    drag(IMAGE_SWIPE_CHANGE_PX + 1, -3);
    expect(snap().context).toMatchObject({ index: 2, slide: 'prev' });
  });

  it('right to left: swipes are mirrored', () => {
    const { snap, send, drag } = start('rtl');
    send(ev.open);
    drag(IMAGE_SWIPE_CHANGE_PX + 1, 0);
    expect(snap().context.index).toBe(1);
    drag(-(IMAGE_SWIPE_CHANGE_PX + 1), 0);
    drag(-(IMAGE_SWIPE_CHANGE_PX + 1), 0);
    expect(snap().context.index).toBe(2);
  });

  it('a short sideways drag, or any with a single image, springs back; the image follows the finger meanwhile', () => {
    const { snap, send, down, move, up, drag } = start();
    send(ev.open);
    down();
    move(200 - IMAGE_SWIPE_CHANGE_PX, 402);
    expect(snap().context).toMatchObject({ drag: 'swipe', offsetX: -IMAGE_SWIPE_CHANGE_PX, offsetY: 0 });
    up();
    expect(snap().context).toMatchObject({ index: 0, offsetX: 0, drag: null });
    send({ type: 'viewer.open', index: 0, count: 1 });
    drag(-300, 0);
    expect(snap().context).toMatchObject({ index: 0, offsetX: 0 });
    expect(snap().hasTag('sliding')).toBe(false);
  });

  it('a cancelled drag springs back', () => {
    const { snap, send, down, move } = start();
    send(ev.open);
    down();
    move(200, 480);
    send(ev.cancel);
    expect(snap().hasTag('open')).toBe(true);
    expect(snap().context).toMatchObject({ offsetY: 0, drag: null });
  });
});

describe('image viewer: zoom and pan', () => {
  it(`zoom stays within ${IMAGE_ZOOM_MIN}..${IMAGE_ZOOM_MAX}`, () => {
    const { snap, send } = start();
    send(ev.open);
    send({ type: 'pinch', scale: 1.5 });
    expect(snap().context.zoom).toBe(1.5);
    send({ type: 'pinch', scale: 3 });
    expect(snap().context.zoom).toBe(IMAGE_ZOOM_MAX);
    send({ type: 'pinch', scale: 0.1 });
    expect(snap().context.zoom).toBe(IMAGE_ZOOM_MIN);
    send({ type: 'pinch', scale: Number.NaN });
    send({ type: 'pinch', scale: -2 });
    send({ type: 'pinch', scale: 0 });
    expect(snap().context.zoom).toBe(IMAGE_ZOOM_MIN);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(IMAGE_ZOOM_MIN);
  });

  it('zoom.toggle flips between the ends', () => {
    const { snap, send } = start();
    send(ev.open);
    send(ev.zoomToggle);
    expect(snap().context.zoom).toBe(IMAGE_ZOOM_MAX);
    send(ev.zoomToggle);
    expect(snap().context.zoom).toBe(IMAGE_ZOOM_MIN);
    send({ type: 'pinch', scale: 1.2 });
    send(ev.zoomToggle);
    expect(snap().context.zoom).toBe(IMAGE_ZOOM_MIN);
  });

  it('a pinch ends a one-finger gesture in progress', () => {
    const { snap, send, down, move } = start();
    send(ev.open);
    down();
    move(200, 480);
    send(ev.pinchIn);
    expect(snap().hasTag('dragging')).toBe(false);
    expect(snap().context).toMatchObject({ zoom: IMAGE_ZOOM_MAX, offsetX: 0, offsetY: 0 });
    send(ev.zoomToggle);
    down();
    move(120, 405);
    send(ev.zoomToggle);
    expect(snap().context).toMatchObject({ zoom: IMAGE_ZOOM_MAX, offsetX: 0, offsetY: 0, drag: null });
  });

  it('zoomed, a drag pans (even downward: no close), clamped to the zoomed overflow, and the pan stays', () => {
    const { snap, send, drag } = start();
    send(ev.open);
    send(ev.pinchIn); // 400 × 800 stage at zoom 2: 200 px of overflow sideways, 400 px up and down
    drag(60, 120);
    expect(snap().hasTag('open')).toBe(true);
    expect(snap().context).toMatchObject({ offsetX: 60, offsetY: 120, drag: null });
    drag(500, 500); // continues from the pan, up to the edge
    expect(snap().context).toMatchObject({ offsetX: 200, offsetY: 400 });
    drag(-1000, -1000);
    expect(snap().context).toMatchObject({ offsetX: -200, offsetY: -400 });
  });

  it('zooming out shrinks the pan, and at the smallest zoom there is none', () => {
    const { snap, send, drag } = start();
    send(ev.open);
    send(ev.pinchIn);
    drag(-1000, 1000);
    send({ type: 'pinch', scale: 0.75 }); // zoom 1.5: 100 px sideways, 200 px up and down
    expect(snap().context).toMatchObject({ zoom: 1.5, offsetX: -100, offsetY: 200 });
    send(ev.pinchOut);
    expect(snap().context).toMatchObject({ zoom: IMAGE_ZOOM_MIN, offsetX: 0, offsetY: 0 });
  });

  it('a pinch keeps the point between the fingers where it is, and the picture follows the fingers', () => {
    const { snap, send } = start();
    send(ev.open);
    send({ type: 'image.load', index: 0, width: 800, height: 1600 }); // 400 × 800: fills the stage
    send({ type: 'pinch', scale: 1.5, x: 100, y: 200, width: 400, height: 800 });
    // The point (100, 200) is 100 px left of and 200 px above the centre: at 1.5 × the picture moves by half that.
    expect(snap().context).toMatchObject({ zoom: 1.5, offsetX: 50, offsetY: 100 });
    send({ type: 'pinch', scale: 1, x: 130, y: 190, fromX: 100, fromY: 200 });
    expect(snap().context).toMatchObject({ zoom: 1.5, offsetX: 80, offsetY: 90 });
  });

  it('a zoomed landscape photo on a portrait stage pans sideways to its edges and never up or down', () => {
    const { snap, send, drag } = start();
    send(ev.open);
    send(ev.loadLandscape); // 400 × 225 at zoom 1: at zoom 2 it is 800 × 450 on a 400 × 800 stage
    send(ev.pinchIn);
    drag(60, 120);
    expect(snap().context).toMatchObject({ offsetX: 60, offsetY: 0 });
    drag(1000, 1000);
    expect(snap().context).toMatchObject({ offsetX: 200, offsetY: 0 });
    drag(-2000, -1000);
    expect(snap().context).toMatchObject({ offsetX: -200, offsetY: 0 });
    // A pinch at the stage's lower end keeps the picture centred up and down too.
    send(ev.pinchOut);
    send({ type: 'pinch', scale: 2, x: 0, y: 790, width: 400, height: 800 });
    expect(snap().context).toMatchObject({ zoom: 2, offsetX: 200, offsetY: 0 });
  });

  it('the wheel pans a zoomed picture within its bounds, and does nothing unzoomed', () => {
    const { snap, send } = start();
    send(ev.open);
    send(ev.wheelPan);
    expect(snap().context).toMatchObject({ offsetX: 0, offsetY: 0 });
    send(ev.loadLandscape);
    send(ev.pinchIn);
    send(ev.wheelPan);
    expect(snap().context).toMatchObject({ offsetX: -40, offsetY: 0 });
    send({ type: 'pan.by', dx: -1000, dy: 0 });
    expect(snap().context.offsetX).toBe(-200);
  });

  it('a smaller stage or a loaded picture pulls the pan back within the picture; a late load of another picture is ignored', () => {
    const { snap, send, drag } = start();
    send(ev.open);
    send(ev.pinchIn);
    drag(-1000, 1000);
    expect(snap().context).toMatchObject({ offsetX: -200, offsetY: 400 }); // size unknown: fills the stage
    send({ type: 'image.load', index: 1, width: 1600, height: 900 });
    expect(snap().context).toMatchObject({ offsetX: -200, offsetY: 400 });
    send(ev.loadLandscape);
    expect(snap().context).toMatchObject({ offsetX: -200, offsetY: 0 });
    send({ type: 'stage.resize', width: 300, height: 800 }); // 300 × 168.75, 600 wide at zoom 2
    expect(snap().context).toMatchObject({ offsetX: -150, offsetY: 0 });
    send(ev.next);
    expect(snap().context.natural).toBeNull();
  });

  it('a cancelled pan goes back to where it started', () => {
    const { snap, send, down, move, drag } = start();
    send(ev.open);
    send(ev.pinchIn);
    drag(50, 50);
    down();
    move(300, 300);
    send(ev.cancel);
    expect(snap().context).toMatchObject({ offsetX: 50, offsetY: 50 });
  });
});

/**
 * Model-based: every path of the model in image-viewer.model.ts (which `npm run test:paths` prints), left to
 * right and right to left, replayed against a real actor under the fake clock; the delayed events are executed by
 * advancing the clock to the moment the named delay ends, and that moment is checked. After every step the actor
 * must be in the model's state.
 */
describe('image viewer model', () => {
  const runs = imageViewerTestPaths();
  const allNodes = [imageViewerMachine.root, ...getStateNodes(imageViewerMachine.root)].map((node) => node.id);
  const replayed = new Set<string>();

  it('the paths reach every state node of the machine', () => {
    const reached = new Set(
      runs.flatMap(({ path }) => [...path.steps.map((step) => step.state), path.state].flatMap((s) => [...s._nodes].map((n) => n.id))),
    );
    expect(allNodes.filter((id) => !reached.has(id))).toEqual([]);
  });

  it('the paths close by the button, by Escape and by a drag down; step by buttons, keys and swipes; loop both ways', () => {
    const moves = runs.flatMap(({ path }) =>
      path.steps.slice(1).map((step, i) => ({ before: path.steps[i].state, event: step.event, after: step.state })),
    );
    const closedBy = new Set(moves.filter((m) => m.after.value === 'closed' && m.before.value !== 'closed').map((m) => m.event.type));
    expect([...closedBy].sort()).toEqual(['key.down', 'pointer.up', 'viewer.close']);
    const steppedBy = new Set(moves.filter((m) => m.after.context.index !== m.before.context.index).map((m) => m.event.type));
    expect([...steppedBy].sort()).toEqual(['key.down', 'pointer.up', 'viewer.next', 'viewer.prev']);
    expect(moves.some((m) => m.before.context.index === 2 && m.after.context.index === 0)).toBe(true);
    expect(moves.some((m) => m.before.context.index === 0 && m.after.context.index === 2)).toBe(true);
  });

  it('the paths zoom by a pinch at a point, by a double tap in and out, and pan by the wheel within the landscape photo', () => {
    const moves = runs.flatMap(({ path }) =>
      path.steps.slice(1).map((step, i) => ({ before: path.steps[i].state, event: step.event, after: step.state })),
    );
    const doubleTaps = moves.filter((m) => m.event.type === 'pointer.up' && m.after.context.zoom !== m.before.context.zoom);
    expect(doubleTaps.map((m) => m.after.context.zoom).sort()).toEqual(expect.arrayContaining([IMAGE_ZOOM_MIN, IMAGE_ZOOM_MAX]));
    // Zoomed 2 × around (300, 400) on a 400 × 800 stage: the picture moves 100 px toward the start.
    expect(moves.some((m) => m.event === ev.pinchInAt && m.after.context.offsetX === -100)).toBe(true);
    // The wheel's (-40, -40) on the landscape photo: sideways only, it fits the height.
    expect(moves.some((m) => m.event === ev.wheelPan && m.after.context.offsetX === -40 && m.after.context.offsetY === 0)).toBe(true);
  });

  for (const { label, dir, path } of runs) {
    const name = `${label}: ${path.steps.slice(1).map((step) => describeImageViewerEvent(step.event)).join(' → ')}`;
    it(name, async () => {
      const actor = createActor(imageViewerMachine, { input: { dir } }).start();
      let pressedAt = 0;
      let releasedAt = 0;
      let slidAt = 0;
      const send = (event: AnyEventObject) => {
        const before = actor.getSnapshot().context.index;
        if (event.type === 'pointer.down') pressedAt = Date.now();
        if (event.type === 'pointer.up') releasedAt = Date.now();
        actor.send(event as ImageViewerEvent);
        if (actor.getSnapshot().context.index !== before) slidAt = Date.now();
      };
      /** Runs the clock to `at` and checks the timer fired exactly then. */
      const runUntil = (at: number) => {
        expect(at).toBeGreaterThan(Date.now());
        vi.advanceTimersByTime(at - Date.now());
      };
      await path.test({
        events: {
          [IMAGE_VIEWER_TAP_MAX_EVENT]: () => {
            runUntil(pressedAt + IMAGE_TAP_MAX_MS);
            expect(actor.getSnapshot().matches({ open: { interaction: { gestures: { press: 'held' } } } })).toBe(true);
          },
          [IMAGE_VIEWER_DOUBLE_TAP_EVENT]: () => {
            const hidden = actor.getSnapshot().hasTag('chromeHidden');
            runUntil(releasedAt + IMAGE_DOUBLE_TAP_MS);
            expect(actor.getSnapshot().hasTag('chromeHidden')).toBe(!hidden);
          },
          [IMAGE_VIEWER_LONG_PRESS_EVENT]: () => {
            runUntil(pressedAt + IMAGE_LONG_PRESS_MS);
            expect(actor.getSnapshot().hasTag('menuOpen')).toBe(true);
          },
          [IMAGE_VIEWER_SWIPE_EVENT]: () => {
            runUntil(slidAt + IMAGE_SWIPE_MS);
            expect(actor.getSnapshot().hasTag('sliding')).toBe(false);
          },
          ...Object.fromEntries(
            [...new Set(imageViewerModelEvents.map((e) => e.type))]
              .filter((type) => !type.startsWith('xstate.after'))
              .map((type) => [type, ({ event }: { event: AnyEventObject }) => send(event)]),
          ),
        },
        states: {
          '*': (state) => {
            const real = actor.getSnapshot();
            expect(imageViewerAbstraction(real)).toEqual(imageViewerAbstraction(state));
            expect([...real.tags].sort()).toEqual([...state.tags].sort());
            for (const node of real._nodes) replayed.add(node.id);
          },
        },
      });
      actor.stop();
    });
  }

  it('the replayed paths reached every state node of the machine', () => {
    expect(allNodes.filter((id) => !replayed.has(id))).toEqual([]);
  });

  it('createTestModel() refuses this machine (why TestModel is used directly)', () => {
    expect(() => createTestModel(imageViewerMachine, { events: [ev.open] })).toThrow(/not supported/);
  });

  it('the left-to-right model alone reaches every state node', () => {
    const paths = createImageViewerTestModel('ltr').getShortestPaths();
    const reached = new Set(paths.flatMap((p) => [...p.state._nodes, ...p.steps.flatMap((s) => [...s.state._nodes])].map((n) => n.id)));
    expect(allNodes.filter((id) => !reached.has(id))).toEqual([]);
  });
});
