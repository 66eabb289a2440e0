import { describe, expect, it } from 'vitest';
import { stepLoader } from './app-libraries';

describe('stepLoader (the app libraries, a step per task)', () => {
  it('runs the steps in order, yielding the main thread after each, once for every caller', async () => {
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(name);
    };
    const load = stepLoader([step('zod'), step('fields'), step('shapes')], async () => {
      log.push('yield');
    });
    await Promise.all([load(), load()]);
    await load();
    expect(log).toEqual(['zod', 'yield', 'fields', 'yield', 'shapes', 'yield']);
  });

  it('starts again after a step failed (offline), and remembers a success', async () => {
    let online = false;
    let runs = 0;
    const load = stepLoader(
      [
        async () => {
          runs += 1;
          if (!online) throw new TypeError('Failed to fetch dynamically imported module');
        },
      ],
      async () => undefined,
    );
    await expect(load()).rejects.toThrow('Failed to fetch');
    online = true;
    await expect(load()).resolves.toBeUndefined();
    await load();
    expect(runs).toBe(2);
  });

  it('loads its list of steps first when given a loader, again after that failed', async () => {
    const log: string[] = [];
    let online = false;
    const load = stepLoader(
      async () => {
        log.push('list');
        if (!online) throw new TypeError('Failed to fetch dynamically imported module');
        return [async () => void log.push('zod'), async () => void log.push('fields')];
      },
      async () => void log.push('yield'),
    );
    await expect(load()).rejects.toThrow('Failed to fetch');
    online = true;
    await Promise.all([load(), load()]);
    expect(log).toEqual(['list', 'list', 'zod', 'yield', 'fields', 'yield']);
  });
});
