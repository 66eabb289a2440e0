import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportPaths } from './generate';
import { machines } from './machines';

/**
 * `npm run test:paths`: prints, for every machine in ./machines.ts, the model-based test paths its tests replay
 * as numbered Given/When/Then steps, writes them to tests/paths/out/<id>.json and ends with a summary table.
 * Exits 1 when a machine has a state no path reaches, or its model cannot be built.
 */
const outDir = fileURLToPath(new URL('./out/', import.meta.url));

const { ok, files } = await reportPaths(machines, {
  outDir,
  log: (text) => console.log(text),
  error: (text) => console.error(text),
});
console.log(`\nWrote ${files.map((file) => relative(process.cwd(), file)).join(', ') || 'nothing'}`);
if (!ok) process.exitCode = 1;
