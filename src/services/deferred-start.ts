/**
 * Work that should not compete with the first paint (issue 10, "what a phone sees"): on slow 4G every byte fetched
 * before the page paints delays it. Two tools:
 *
 * - `lazyPromise(run)`: a promise whose work starts the first time someone waits for it (`await`, `.then`, React's
 *   `use`), or when `start()` is called. The app system (XState, zod, the envelope's crypto) is one: a guarded
 *   route that awaits it in `beforeLoad` starts it at once; on a public page it starts after the first paint.
 * - `afterFirstPaint(callback)`: runs the callback once the browser has painted the page's first content (Paint
 *   Timing's first-contentful-paint; two animation frames where that is not reported), at once in a hidden tab,
 *   and after 3 s at the latest.
 * - `afterLoad(callback)`: runs once the window's load event has fired (the service worker's precache waits for
 *   it, as Workbox advises, so it never competes with the page's own requests).
 */

class LazyPromise<T> extends Promise<T> {
  // Derived promises (then/catch/finally) are plain promises: only this one starts the work.
  static override get [Symbol.species]() {
    return Promise;
  }

  declare start: () => void;

  override then<R1 = T, R2 = never>(
    onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    this.start();
    return super.then(onFulfilled, onRejected);
  }
}

export interface LazyPromiseHandle<T> {
  promise: Promise<T>;
  /** Starts the work now (idempotent). */
  start(): void;
  /** Settles with `promise` but never starts the work: for what may wait until someone else needs it. */
  whenStarted: Promise<T>;
}

export function lazyPromise<T>(run: () => Promise<T>): LazyPromiseHandle<T> {
  let resolve!: (value: T | PromiseLike<T>) => void;
  let reject!: (reason: unknown) => void;
  const promise = new LazyPromise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    try {
      run().then(resolve, reject);
    } catch (error) {
      reject(error);
    }
  };
  promise.start = start;
  // Promise.prototype.then, not the override: waiting this way does not start the work.
  const whenStarted = Promise.prototype.then.call(promise, undefined, undefined) as Promise<T>;
  // Waiting without starting must not report an unhandled rejection of its own.
  whenStarted.catch(() => undefined);
  return { promise, start, whenStarted };
}

export function afterFirstPaint(callback: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    setTimeout(callback, 0);
  };
  if (typeof document === 'undefined' || document.visibilityState === 'hidden') {
    run();
    return;
  }
  const painted = () => typeof performance !== 'undefined' && performance.getEntriesByName('first-contentful-paint').length > 0;
  if (painted()) {
    run();
    return;
  }
  // The browser reports the first contentful paint once it is on screen; where it does not (no Paint Timing), two
  // animation frames mean a frame was drawn. A page that paints nothing contentful starts the work after 3 s.
  const supportsPaint = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (supportsPaint) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      run();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else if (typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => requestAnimationFrame(run));
  }
  setTimeout(run, FIRST_PAINT_FALLBACK_MS);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && run(), { once: true });
}

/** The longest a deferred start waits for a first paint that does not come. */
const FIRST_PAINT_FALLBACK_MS = 3000;

export function afterLoad(callback: () => void): void {
  if (typeof document === 'undefined' || document.readyState === 'complete') {
    setTimeout(callback, 0);
    return;
  }
  window.addEventListener('load', () => setTimeout(callback, 0), { once: true });
}

/**
 * Resolves in a new task of the main thread (`scheduler.yield()` where the browser has it, a message-channel task
 * otherwise): work split by awaiting it runs as several short tasks, between which the browser handles taps and
 * paints, instead of one long task that a tap must wait for.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
