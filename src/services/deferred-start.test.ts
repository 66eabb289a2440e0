import { describe, expect, it, vi } from 'vitest';
import { lazyPromise, nextTask } from './deferred-start';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyPromise', () => {
  it('does not start its work until someone waits for it', async () => {
    const run = vi.fn(async () => 'system');
    const handle = lazyPromise(run);
    void handle.whenStarted.then(() => undefined);
    await tick();
    expect(run).not.toHaveBeenCalled();
    await expect(handle.promise).resolves.toBe('system');
    expect(run).toHaveBeenCalledTimes(1);
    await expect(handle.whenStarted).resolves.toBe('system');
  });

  it('starts on .then, .catch and start(), once', async () => {
    for (const use of [
      (h: ReturnType<typeof lazyPromise<number>>) => void h.promise.then(() => undefined),
      (h: ReturnType<typeof lazyPromise<number>>) => void h.promise.catch(() => undefined),
      (h: ReturnType<typeof lazyPromise<number>>) => h.start(),
    ]) {
      const run = vi.fn(async () => 7);
      const handle = lazyPromise(run);
      use(handle);
      use(handle);
      await tick();
      expect(run).toHaveBeenCalledTimes(1);
      await expect(handle.promise).resolves.toBe(7);
      expect(run).toHaveBeenCalledTimes(1);
    }
  });

  it('passes a failure on to every waiter, also when the work throws at once', async () => {
    const failing = lazyPromise<number>(async () => {
      throw new Error('chunk load failed');
    });
    await expect(failing.promise).rejects.toThrow('chunk load failed');
    await expect(failing.whenStarted).rejects.toThrow('chunk load failed');
    const throwing = lazyPromise<number>(() => {
      throw new Error('sync');
    });
    await expect(throwing.promise).rejects.toThrow('sync');
  });

  it('derived promises are plain promises that do not start anything again', async () => {
    const run = vi.fn(async () => 1);
    const handle = lazyPromise(run);
    const derived = handle.promise.then((value) => value + 1);
    expect(Object.getPrototypeOf(derived)).toBe(Promise.prototype);
    await expect(derived).resolves.toBe(2);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('nextTask', () => {
  it('resolves in a later task: what the current task queued (its microtasks, a message sent before) runs first', async () => {
    const order: string[] = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      order.push('earlier task');
      channel.port1.close();
    };
    channel.port2.postMessage(null);
    const waited = nextTask().then(() => order.push('after nextTask'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('sync');
    await waited;
    expect(order).toEqual(['sync', 'microtask', 'earlier task', 'after nextTask']);
  });
});
