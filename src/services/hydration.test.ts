import { afterEach, describe, expect, it, vi } from 'vitest';
import { numbersWarmed } from './hydration';

describe('numbersWarmed', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("makes no formatter of its own once the boot script's worker has loaded the data", async () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    await expect(numbersWarmed('ar', { warm: Promise.resolve(true) })).resolves.toBe('worker');
    expect(made).not.toHaveBeenCalled();
  });

  it('loads the data itself, for the page’s locale, when the worker failed or there is none', async () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    await expect(numbersWarmed('de', { warm: Promise.resolve(false) })).resolves.toBe('main thread');
    expect(made).toHaveBeenCalledWith('de');
    made.mockClear();
    await expect(numbersWarmed('fr', { warm: undefined })).resolves.toBe('main thread');
    expect(made).toHaveBeenCalledWith('fr');
  });

  it('does not wait for a worker that does not answer longer than its limit', async () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    const started = performance.now();
    const result = numbersWarmed('en', { warm: new Promise<boolean>(() => undefined), limitMs: 200 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(made).not.toHaveBeenCalled();
    await expect(result).resolves.toBe('main thread');
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    expect(made).toHaveBeenCalledWith('en');
  });

  it('survives a locale the browser does not know', async () => {
    await expect(numbersWarmed('not a locale!', { warm: undefined })).resolves.toBe('main thread');
  });
});
