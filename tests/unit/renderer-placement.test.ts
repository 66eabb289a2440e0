import { describe, expect, it } from 'vitest';
import { placeThreads } from '../bench/renderer-placement';

/** The Lighthouse bench's "own CPU" placement: which of Chromium's threads go where. */
describe('placeThreads', () => {
  it("puts every renderer's main thread (thread id = process id) and its IO and trace threads on the page's CPU, and everything else off it", () => {
    const placed = placeThreads(
      [
        { pid: 100, tid: 100, renderer: false, name: 'chromium' }, // the browser's main thread
        { pid: 100, tid: 101, renderer: false, name: 'Chrome_IOThread' },
        { pid: 200, tid: 200, renderer: true, name: 'chromium' }, // a renderer's main thread
        { pid: 200, tid: 201, renderer: true, name: 'Compositor' },
        { pid: 200, tid: 202, renderer: true, name: 'ThreadPoolForeg' }, // a raster worker
        { pid: 200, tid: 203, renderer: true, name: 'Chrome_ChildIOT' }, // its IO thread: with the main thread
        { pid: 200, tid: 204, renderer: true, name: 'PerfettoTrace' },
        { pid: 300, tid: 300, renderer: true, name: 'chromium' }, // a spare renderer
        { pid: 400, tid: 400, renderer: false, name: 'chromium' }, // the GPU process
        { pid: 400, tid: 401, renderer: false, name: 'Chrome_ChildIOT' }, // its IO thread: off the page's CPU
      ],
      '0',
      '1',
    );
    expect(Object.fromEntries(placed)).toEqual({ 100: '1', 101: '1', 200: '0', 201: '1', 202: '1', 203: '0', 204: '0', 300: '0', 400: '1', 401: '1' });
  });

  it('keeps the CPU lists as given (more than two CPUs)', () => {
    const placed = placeThreads(
      [
        { pid: 5, tid: 5, renderer: true, name: 'chromium' },
        { pid: 5, tid: 6, renderer: true, name: 'Compositor' },
      ],
      '0',
      '1-7',
    );
    expect([...placed]).toEqual([
      [5, '0'],
      [6, '1-7'],
    ]);
  });
});
