import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { matchesState, StateMachine, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { PathRun, PathSnapshot, RegisteredMachine } from './machines';

/**
 * The path generation behind `npm run test:paths`: for a registered machine, the paths its model-based tests
 * replay (the same factory and the same call), as readable steps and as JSON. print-paths.ts only wires this to
 * the console and the exit code, so tests/unit/print-paths.test.ts runs the same code in-process.
 */

/** An event as plain JSON: errors become their name, message and own fields; functions and blobs are dropped. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface PathStepJson {
  event: { type: string; [key: string]: JsonValue };
  /** The state value as dotted paths ("authenticated.idle"; parallel regions joined by ", "). */
  state: string;
  tags: string[];
}

export interface PathJson {
  description: string;
  steps: PathStepJson[];
}

export interface MachinePaths {
  id: string;
  /** The JSON of every path, as written to tests/paths/out/<id>.json. */
  paths: PathJson[];
  /** The readable form printed by `npm run test:paths`: a heading, then numbered steps per path. */
  lines: string[];
  /** Every state node of the machine by dotted path ("booting.fetchingUser"), and those some path reaches. */
  states: string[];
  reached: string[];
  unreachable: string[];
}

/** The machine a model was built from: the states it must reach. */
function machineOf(entry: RegisteredMachine): AnyStateMachine {
  const logic = entry.create().testLogic;
  if (!(logic instanceof StateMachine)) throw new Error(`${entry.id}: the test model's logic is not a state machine`);
  return logic;
}

/** The paths the machine's tests replay: its own `paths`, or the factory's model's shortest paths. */
export function pathRunsOf(entry: RegisteredMachine): readonly PathRun[] {
  return entry.paths ? entry.paths() : entry.create().getShortestPaths().map((path) => ({ path }));
}

/** A state value as dotted leaf paths: 'guest', { authenticated: 'idle' } → 'authenticated.idle'. */
export function stateLabel(value: StateValue): string {
  const leaves = (v: StateValue, prefix: string[]): string[] =>
    typeof v === 'string'
      ? [[...prefix, v].join('.')]
      : Object.entries(v).flatMap(([key, child]) =>
          child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)
            ? [[...prefix, key].join('.')]
            : leaves(child, [...prefix, key]),
        );
  return leaves(value, []).join(', ');
}

const tagsOf = (snapshot: PathSnapshot) => [...snapshot.tags].sort();
const tagText = (snapshot: PathSnapshot) => `(tags: ${tagsOf(snapshot).join(', ') || 'none'})`;

/** A plain-JSON copy of an event: what an error or a blob in a payload means, without its prototype. */
export function eventJson(event: EventObject): PathStepJson['event'] {
  const text = JSON.stringify(event, (_key, value: unknown) => {
    if (value instanceof Error) return { ...value, name: value.name, message: value.message };
    if (typeof Blob !== 'undefined' && value instanceof Blob) return `[Blob ${value.size} bytes]`;
    return value;
  });
  return JSON.parse(text) as PathStepJson['event'];
}

const MAX_TEXT = 40;

/** A short, single-line rendering of a payload value: long strings cut, big objects and arrays counted. */
function summarize(value: unknown, depth = 0): string {
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return `${value.name}(${typeof code === 'string' ? `${code}: ` : ''}${summarize(value.message, depth + 1)})`;
  }
  if (typeof value === 'string') return JSON.stringify(value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    if (depth > 1 || value.length > 3) return `[${value.length} items]`;
    return `[${value.map((item) => summarize(item, depth + 1)).join(', ')}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (depth > 1) return '{…}';
  if (entries.length > 4) return `{${entries.slice(0, 3).map(([k]) => k).join(', ')}, … ${entries.length} keys}`;
  return `{ ${entries.map(([k, v]) => `${k}: ${summarize(v, depth + 1)}`).join(', ')} }`;
}

/** The default description of an event: its type and a summary of its payload. */
export function describeEventDefault(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const fields = Object.entries(payload).filter(([, v]) => v !== undefined);
  return fields.length ? `${type} ${summarize(Object.fromEntries(fields))}` : type;
}

/** The "When" text of a step: the machine's own description (with the event type), or type + payload. */
function whenText(entry: RegisteredMachine, event: EventObject): string {
  if (!entry.describeEvent) return describeEventDefault(event);
  const text = entry.describeEvent(event);
  return text === event.type ? text : `${text} [${event.type}]`;
}

/** A readable one-line name of a path: its variant, the events taken and the state it ends in. */
function pathDescription(entry: RegisteredMachine, run: PathRun): string {
  const { path, label } = run;
  const events = path.steps.slice(1).map((step) => entry.describeEvent?.(step.event) ?? describeEventDefault(step.event));
  const taken = events.length ? events.join(' → ') : 'start';
  return `${label ? `${label}: ` : ''}${taken} ⇒ ${stateLabel(path.state.value)}`;
}

function pathJson(entry: RegisteredMachine, run: PathRun): PathJson {
  return {
    description: pathDescription(entry, run),
    steps: run.path.steps.map((step) => ({
      event: eventJson(step.event),
      state: stateLabel(step.state.value),
      tags: tagsOf(step.state),
    })),
  };
}

/** Numbered steps: 'Given state X', then per event 'When …' and 'Then state Y (tags: …)'. */
function pathLines(entry: RegisteredMachine, run: PathRun, index: number): string[] {
  const [first, ...rest] = run.path.steps;
  const lines = [`  Path ${index + 1}: ${pathDescription(entry, run)}`];
  if (!first) return lines;
  lines.push(`    1. Given state ${stateLabel(first.state.value)}`);
  rest.forEach((step, i) => {
    lines.push(`    ${i + 2}. When ${whenText(entry, step.event)}`);
    lines.push(`       Then state ${stateLabel(step.state.value)} ${tagText(step.state)}`);
  });
  return lines;
}

/**
 * The paths of one registered machine, with the states they reach. A state counts as reached when a step of
 * some path is in it (a path that is the prefix of a longer one is left out by the generator, so a state may be
 * passed through and never end a path), judged over all of the machine's paths together, as its tests do.
 */
export function generateMachinePaths(entry: RegisteredMachine): MachinePaths {
  const machine = machineOf(entry);
  const runs = pathRunsOf(entry);
  // A transient state (an unguarded eventless transition leaves it in the macrostep that enters it) is never a
  // snapshot, so no path can be in it.
  const nodes = getStateNodes(machine.root)
    .filter((node) => !(node.always ?? []).some((transition) => !transition.guard))
    .map((node) => node.path.join('.'));
  const reached = new Set<string>();
  for (const { path } of runs) {
    for (const { state } of path.steps) {
      for (const node of nodes) if (matchesState(node, state.value)) reached.add(node);
    }
  }
  const heading = `${entry.id} (${machine.id}): ${runs.length} path${runs.length === 1 ? '' : 's'}`;
  return {
    id: entry.id,
    paths: runs.map((run) => pathJson(entry, run)),
    lines: [heading, '='.repeat(heading.length), ...runs.flatMap((run, i) => [...pathLines(entry, run, i), ''])],
    states: nodes,
    reached: nodes.filter((node) => reached.has(node)),
    unreachable: nodes.filter((node) => !reached.has(node)),
  };
}

/** Writes `<dir>/<id>.json` (an array of { description, steps }) and returns its path. */
export async function writeMachineJson(result: MachinePaths, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${result.id}.json`);
  await writeFile(file, `${JSON.stringify(result.paths, null, 2)}\n`);
  return file;
}

export type ReportRow = { id: string } & ({ result: MachinePaths } | { error: string });

/** The summary table: machine, states reached / total, paths; a failed machine shows its error instead. */
export function summaryTable(rows: readonly ReportRow[]): string[] {
  const cells = rows.map((row) =>
    'result' in row
      ? [row.id, `${row.result.reached.length} / ${row.result.states.length}`, String(row.result.paths.length)]
      : [row.id, 'error', '-'],
  );
  const header = ['machine', 'states reached / total', 'paths'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)];
}

export interface ReportOptions {
  /** Where the JSON files go (tests/paths/out/ for `npm run test:paths`). */
  outDir: string;
  log: (text: string) => void;
  error: (text: string) => void;
}

/**
 * Prints every machine's paths, writes its JSON, then the summary table and what went wrong. `ok` is false when
 * a machine has a state no path reaches or its model cannot be built; one broken model does not hide the others.
 */
export async function reportPaths(
  entries: readonly RegisteredMachine[],
  { outDir, log, error }: ReportOptions,
): Promise<{ ok: boolean; rows: ReportRow[]; files: string[] }> {
  const rows: ReportRow[] = [];
  const files: string[] = [];
  for (const entry of entries) {
    let result: MachinePaths;
    try {
      result = generateMachinePaths(entry);
    } catch (caught) {
      rows.push({ id: entry.id, error: caught instanceof Error ? caught.message : String(caught) });
      continue;
    }
    log(result.lines.join('\n'));
    files.push(await writeMachineJson(result, outDir));
    rows.push({ id: entry.id, result });
  }

  log(summaryTable(rows).join('\n'));
  let ok = true;
  for (const row of rows) {
    if ('error' in row) {
      ok = false;
      error(`${row.id}: cannot generate paths: ${row.error}`);
    } else if (row.result.unreachable.length) {
      ok = false;
      error(`${row.id}: no path reaches ${row.result.unreachable.join(', ')}`);
    }
  }
  return { ok, rows, files };
}
