import type { EventObject, StateValue } from 'xstate';
import { createRequestTestModel, describeRequestEvent } from '@/machines/request.model';
import { createSessionTestModel, describeSessionEvent, sessionTestPaths } from '@/machines/session.model';
import { createTokenExpiryTestModel, tokenExpiryTestPaths } from '@/machines/token-expiry.model';
import { createTrackingTestModel, describeTrackingEvent } from '@/machines/tracking.model';

/** What the path printer reads of a snapshot: its state value and its tags. */
export interface PathSnapshot {
  value: StateValue;
  tags: ReadonlySet<string>;
}

/** A model-based test path as `TestModel#getShortestPaths` returns it, seen through the printer's eyes. */
export interface ModelPath {
  description: string;
  state: PathSnapshot;
  steps: readonly { event: EventObject; state: PathSnapshot }[];
}

/** One path a machine's tests replay; `label` names the model variant (an input, a provided guard). */
export interface PathRun {
  label?: string;
  path: ModelPath;
}

export interface RegisteredMachine {
  /** The machine's file name (src/machines/<id>.machine.ts), also the name of tests/paths/out/<id>.json. */
  id: string;
  /** The model factory its tests use; `create().testLogic` is the machine whose states must all be reached. */
  create: () => { testLogic: object; getShortestPaths(): readonly ModelPath[] };
  /**
   * The paths its tests replay, when that is more than `create().getShortestPaths()` (several inputs, options
   * given to the call). Reachability is judged over all of them together.
   */
  paths?: () => readonly PathRun[];
  /** A short description of an event where "type + payload" is unclear (actor completions, delays). */
  describeEvent?: (event: EventObject) => string;
}

/**
 * Every machine with a model-based test, one line each: `create` is the factory from its <name>.model.ts, plus
 * `paths` when its tests call more than `create().getShortestPaths()`, and `describeEvent` where it has one.
 */
export const machines: readonly RegisteredMachine[] = [
  { id: 'session', create: createSessionTestModel, paths: sessionTestPaths, describeEvent: describeSessionEvent },
  { id: 'token-expiry', create: createTokenExpiryTestModel, paths: tokenExpiryTestPaths },
  { id: 'tracking', create: createTrackingTestModel, describeEvent: describeTrackingEvent },
  { id: 'request', create: createRequestTestModel, describeEvent: describeRequestEvent },
];
