/**
 * The image viewer's geometry (pure; the machine and its tests use it). The picture is drawn in a frame that fills
 * the stage, centred, as large as fits whole (object-fit: contain), then moved by an offset and scaled by the zoom
 * around the stage's centre: CSS `translate(offset) scale(zoom)` with the frame's centre as transform origin. So a
 * stage point p (px from the stage's top-left) shows the picture point q (px from the picture's centre, unzoomed):
 *
 *   p = c + offset + zoom · q,   c = the stage's centre.
 *
 * What PhotoSwipe does, and so do these: zooming keeps the picture point under the fingers (or the cursor) under
 * them, and the picture pans only as far as its zoomed size goes beyond the stage; on an axis where it fits it
 * stays centred. A zoomed landscape photo on a portrait phone pans sideways up to its edges and not at all up and
 * down, never into the black around it.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

const isSize = (size: Size | null | undefined): size is Size =>
  !!size && Number.isFinite(size.width) && Number.isFinite(size.height) && size.width > 0 && size.height > 0;

/**
 * The picture's size at zoom 1: a picture of `natural` size shown whole and as large as `stage` allows. A picture of
 * unknown size (not loaded yet, or the fallback picture) counts as filling the stage.
 */
export function fittedSize(natural: Size | null | undefined, stage: Size): Size {
  if (!isSize(natural)) return { width: stage.width, height: stage.height };
  const scale = Math.min(stage.width / natural.width, stage.height / natural.height);
  return { width: natural.width * scale, height: natural.height * scale };
}

/**
 * How far the picture may move from the centre on each axis at `zoom`, px: half of what its zoomed size goes
 * beyond the stage, 0 where it fits. `picture` is its size at zoom 1 (fittedSize).
 */
export function panLimit(picture: Size, stage: Size, zoom: number): Point {
  return {
    x: Math.max(0, (picture.width * zoom - stage.width) / 2),
    y: Math.max(0, (picture.height * zoom - stage.height) / 2),
  };
}

/** `offset` kept within ±`limit` on each axis (a -0 becomes 0, so a pan back to the centre equals the resting offset). */
export function clampPan(offset: Point, limit: Point): Point {
  return { x: clamp(offset.x, -limit.x, limit.x) + 0, y: clamp(offset.y, -limit.y, limit.y) + 0 };
}

/**
 * The offset at `nextZoom` that puts the picture point shown at stage point `from` (at `zoom` and `offset`) at stage
 * point `to`; with `to` left out, the point stays where it is. A pinch passes the fingers' midpoint before and
 * after the move, so the picture zooms around the fingers and follows them; the wheel and a double tap pass the
 * cursor or the finger. Not clamped: clampPan after.
 */
export function zoomAround(offset: Point, zoom: number, nextZoom: number, stage: Size, from: Point, to: Point = from): Point {
  const cx = stage.width / 2;
  const cy = stage.height / 2;
  const ratio = nextZoom / zoom;
  return {
    x: to.x - cx - ratio * (from.x - cx - offset.x) + 0,
    y: to.y - cy - ratio * (from.y - cy - offset.y) + 0,
  };
}

/** The stage's centre, px from its top-left: where zooming with the keys or the button happens. */
export function centreOf(stage: Size): Point {
  return { x: stage.width / 2, y: stage.height / 2 };
}
