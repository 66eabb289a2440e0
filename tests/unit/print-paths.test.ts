import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { generateMachinePaths, reportPaths, stateLabel, writeMachineJson } from '../paths/generate';
import { machines, type RegisteredMachine } from '../paths/machines';

/**
 * `npm run test:paths` run in-process: every registered machine yields paths that reach all its states, and the
 * JSON it writes reads back as the same data. The files go to a temporary folder, not tests/paths/out/.
 */
let outDir: string;
beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'test-paths-'));
});
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('test:paths registry', () => {
  it('registers each machine once, under the name of its file', () => {
    const ids = machines.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(ids).toEqual(expect.arrayContaining(['session', 'token-expiry', 'tracking', 'request', 'withdraw-form']));
  });

  for (const entry of machines) {
    describe(entry.id, () => {
      const result = generateMachinePaths(entry);

      it('yields at least one path, each starting at the initial state', () => {
        expect(result.paths.length).toBeGreaterThanOrEqual(1);
        for (const path of result.paths) {
          expect(path.description).not.toBe('');
          expect(path.steps[0].event.type).toBe('xstate.init');
          for (const step of path.steps) {
            expect(step.state).not.toBe('');
            expect(step.tags).toEqual([...step.tags].sort());
          }
        }
      });

      it('reaches every state of the machine', () => {
        expect(result.states.length).toBeGreaterThanOrEqual(1);
        expect(result.unreachable).toEqual([]);
        expect(result.reached).toEqual(result.states);
      });

      it('prints a heading and numbered Given / When / Then steps per path', () => {
        expect(result.lines[0]).toMatch(new RegExp(`^${entry.id} \\(.+\\): ${result.paths.length} paths?$`));
        const text = result.lines.join('\n');
        expect(text.match(/^ {2}Path \d+: /gm)).toHaveLength(result.paths.length);
        expect(text.match(/^ {4}1\. Given state /gm)).toHaveLength(result.paths.length);
        const whens = result.paths.reduce((n, path) => n + path.steps.length - 1, 0);
        expect(text.match(/^ {4}\d+\. When /gm) ?? []).toHaveLength(whens);
        expect(text.match(/^ {7}Then state .+ \(tags: .+\)$/gm) ?? []).toHaveLength(whens);
      });

      it('writes JSON that reads back as the same paths', async () => {
        const file = await writeMachineJson(result, outDir);
        expect(file).toBe(join(outDir, `${entry.id}.json`));
        const read: unknown = JSON.parse(await readFile(file, 'utf8'));
        expect(read).toEqual(result.paths);
        // Plain data only: writing what was read gives the same text (no errors, functions or blobs lost).
        expect(JSON.stringify(read)).toBe(JSON.stringify(result.paths));
      });
    });
  }
});

describe('test:paths report', () => {
  const silent = { log: () => {}, error: () => {} };

  it('passes for the registered machines and writes one file each', async () => {
    const { ok, files } = await reportPaths(machines, { outDir, ...silent });
    expect(ok).toBe(true);
    expect(files).toEqual(machines.map((entry) => join(outDir, `${entry.id}.json`)));
  });

  it('fails on a state no path reaches, and on a model that cannot be built, reporting the others', async () => {
    const withOrphan = createMachine({
      id: 'orphan',
      initial: 'a',
      states: { a: { on: { GO: 'b' } }, b: {}, orphan: {} },
    });
    const entries: RegisteredMachine[] = [
      { id: 'with-orphan', create: () => createTestModel(withOrphan) },
      {
        id: 'broken',
        create: () => {
          throw new Error('no model');
        },
      },
      machines[0],
    ];
    const errors: string[] = [];
    const { ok, rows } = await reportPaths(entries, { outDir, log: () => {}, error: (text) => errors.push(text) });
    expect(ok).toBe(false);
    expect(errors).toEqual(['with-orphan: no path reaches orphan', 'broken: cannot generate paths: no model']);
    expect(rows.map((row) => ('result' in row ? row.result.paths.length > 0 : row.error))).toEqual([
      true,
      'no model',
      true,
    ]);
  });

  it('labels state values as dotted paths', () => {
    expect(stateLabel('guest')).toBe('guest');
    expect(stateLabel({ authenticated: 'idle' })).toBe('authenticated.idle');
    expect(stateLabel({ a: { b: 'c' }, d: 'e' })).toBe('a.b.c, d.e');
  });
});
