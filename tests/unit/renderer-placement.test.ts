import { describe, expect, it } from 'vitest';
import { placeThreads } from '../bench/renderer-placement';

/** The Lighthouse bench's "own CPU" placement: which of Chromium's threads go where. */
describe('placeThreads', () => {
  it("puts every renderer's main thread (thread id = process id) on the page's CPU, and everything else off it", () => {
    const placed = placeThreads(
      [
        { pid: 100, tid: 100, renderer: false }, // the browser's main thread
        { pid: 100, tid: 101, renderer: false },
        { pid: 200, tid: 200, renderer: true }, // a renderer's main thread
        { pid: 200, tid: 201, renderer: true }, // its compositor
        { pid: 200, tid: 202, renderer: true }, // a raster worker
        { pid: 300, tid: 300, renderer: true }, // a spare renderer
        { pid: 400, tid: 400, renderer: false }, // the GPU process
      ],
      '0',
      '1',
    );
    expect(Object.fromEntries(placed)).toEqual({ 100: '1', 101: '1', 200: '0', 201: '1', 202: '1', 300: '0', 400: '1' });
  });

  it('keeps the CPU lists as given (more than two CPUs)', () => {
    const placed = placeThreads([{ pid: 5, tid: 5, renderer: true }, { pid: 5, tid: 6, renderer: true }], '0', '1-7');
    expect([...placed]).toEqual([
      [5, '0'],
      [6, '1-7'],
    ]);
  });
});
