import { expect } from 'vitest';
import type { StateValue } from 'xstate';

interface SnapshotLike {
  value: StateValue;
  context: unknown;
  tags: Set<string>;
}

/**
 * The check every model-based test (STYLE rule 19) makes after each step of a path: the real actor holds the model's
 * state value, its whole context and its tags. It answers the real snapshot for the state's own checks. Test code
 * only (it imports vitest): no app module imports it.
 */
export function sameAsModel<T extends SnapshotLike>(actor: { getSnapshot(): T }): (model: SnapshotLike) => T {
  return (model) => {
    const real = actor.getSnapshot();
    expect(real.value).toEqual(model.value);
    expect(real.context).toEqual(model.context);
    expect([...real.tags].sort()).toEqual([...model.tags].sort());
    return real;
  };
}
