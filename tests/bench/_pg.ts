import { startPostgresCluster } from '../support/postgres-cluster';
import { execFileSync } from 'node:child_process';
const c = await startPostgresCluster();
try {
  execFileSync('node', ['--import', 'tsx', 'tests/bench/_probe.ts', c.url], { stdio: 'inherit' });
} finally { c.stop(); }
