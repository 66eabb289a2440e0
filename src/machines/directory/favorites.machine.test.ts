import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  favoritesMachine,
  selectFavorite,
  selectFavoritePending,
  type FavoriteChange,
} from './favorites.machine';
import { createFavoritesTestModel, favoritesModelEvents } from './favorites.model';
import { formEventExecs, pendingActor, serverRefusal, unreachedStates, unusedEvents } from '../app/form.model';
import type { RequestError } from '../app/request.machine';

type Snapshot = SnapshotFrom<typeof favoritesMachine>;

function start() {
  const save = pendingActor<unknown, FavoriteChange>();
  const saved = vi.fn<(change: FavoriteChange) => void>();
  const failed = vi.fn<(change: FavoriteChange, error: RequestError) => void>();
  const actor = createActor(
    favoritesMachine.provide({
      actors: { saveFavorite: save.logic },
      actions: {
        notifySaved: (_, params) => saved(params.change),
        notifyFailed: (_, params) => failed(params.change, params.error),
      },
    }),
  ).start();
  return { actor, save, saved, failed };
}

const flush = async () => {
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('favorites machine', () => {
  it('shows the change at once, saves it, and notifies once', async () => {
    const { actor, save, saved } = start();
    expect(selectFavorite(actor.getSnapshot(), 'merchant', 3, false)).toBe(false);
    actor.send({ type: 'favorite.add', source: 'merchant', id: 3 });
    expect(selectFavorite(actor.getSnapshot(), 'merchant', 3, false)).toBe(true);
    expect(selectFavoritePending(actor.getSnapshot(), 'merchant', 3)).toBe(true);
    expect(save.calls.map((call) => call.input)).toEqual([{ op: 'add', source: 'merchant', id: 3 }]);
    // A double tap changes nothing and sends nothing.
    actor.send({ type: 'favorite.add', source: 'merchant', id: 3 });
    expect(save.calls).toHaveLength(1);
    save.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.saved).toEqual({ 'merchant:3': true });
    expect(selectFavoritePending(actor.getSnapshot(), 'merchant', 3)).toBe(false);
    expect(saved.mock.calls).toEqual([[{ op: 'add', source: 'merchant', id: 3 }]]);
  });

  it('a refused add notifies the failure and shows the listing as before', async () => {
    const { actor, save, saved, failed } = start();
    actor.send({ type: 'favorite.add', source: 'partner', id: 5 });
    save.last().reject(serverRefusal('This listing is no longer available.'));
    await flush();
    expect(saved).not.toHaveBeenCalled();
    expect(failed.mock.calls).toEqual([
      [{ op: 'add', source: 'partner', id: 5 }, { code: 'server', msg: 'This listing is no longer available.' }],
    ]);
    expect(selectFavorite(actor.getSnapshot(), 'partner', 5, false)).toBe(false);
  });

  it('a listing already saved as a favourite can be removed, with the saved state as the fallback', async () => {
    const { actor, save } = start();
    actor.send({ type: 'favorite.cancel', source: 'merchant', id: 3 });
    expect(selectFavorite(actor.getSnapshot(), 'merchant', 3, true)).toBe(false);
    save.last().resolve(null);
    await flush();
    expect(selectFavorite(actor.getSnapshot(), 'merchant', 3, true)).toBe(false);
  });

  it('changes wait in order; a waiting change of the same listing is replaced, not added', async () => {
    const { actor, save } = start();
    actor.send({ type: 'favorite.add', source: 'merchant', id: 3 });
    actor.send({ type: 'favorite.add', source: 'partner', id: 5 });
    actor.send({ type: 'favorite.cancel', source: 'merchant', id: 3 });
    actor.send({ type: 'favorite.add', source: 'merchant', id: 3 });
    expect(actor.getSnapshot().context.queue).toEqual([
      { op: 'add', source: 'merchant', id: 3 },
      { op: 'add', source: 'partner', id: 5 },
      { op: 'add', source: 'merchant', id: 3 },
    ]);
    save.last().resolve(null);
    await flush();
    expect(save.calls.map((call) => call.input)).toEqual([
      { op: 'add', source: 'merchant', id: 3 },
      { op: 'add', source: 'partner', id: 5 },
    ]);
    save.last().resolve(null);
    await flush();
    save.last().resolve(null);
    await flush();
    expect(save.calls).toHaveLength(3);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.saved).toEqual({ 'merchant:3': true, 'partner:5': true });
  });

  it('logging out forgets the changes and aborts the call in flight', async () => {
    const { actor, save, saved } = start();
    actor.send({ type: 'favorite.add', source: 'merchant', id: 3 });
    actor.send({ type: 'favorite.reset' });
    expect(save.last().signal.aborted).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ saved: {}, queue: [], error: null });
    save.last().resolve(null);
    await flush();
    expect(saved).not.toHaveBeenCalled();
    expect(selectFavorite(actor.getSnapshot(), 'merchant', 3, false)).toBe(false);
  });
});

describe('favorites: model-based paths', () => {
  const paths = createFavoritesTestModel().getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, save } = start();
      const same = (model: Snapshot) => {
        const real = actor.getSnapshot();
        expect(real.value).toEqual(model.value);
        expect(real.context).toEqual(model.context);
        return real;
      };
      await path.test({
        states: {
          idle: (model) => {
            same(model);
            expect(save.outstanding()).toEqual([]);
          },
          saving: (model) => {
            const real = same(model);
            expect(save.outstanding()).toHaveLength(1);
            expect(save.last().input).toEqual(real.context.queue[0]);
          },
        },
        events: formEventExecs(favoritesModelEvents, {
          send: (event) => actor.send(event as never),
          settle: { saveFavorite: save.settle },
          flush,
        }),
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(favoritesMachine, paths)).toEqual([]);
    expect(unusedEvents(favoritesModelEvents, paths)).toEqual([]);
  });
});
