import { spawnSync } from 'node:child_process';
import { seedTemplate } from './seeded-template';

/**
 * Builds the SPA once before the browser tests, so every spec runs against what `npm start` serves. Always
 * building (about 3 s) is simpler and safer than comparing dist/ with every input of the build.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  // The client and the server's first-paint render (server/web/build-web.ts), as `npm run build` does.
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/web/build-web.ts', '--quiet'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the web app's build failed (exit ${result.status ?? result.signal})`);
  console.log(`Built the web app for the browser tests (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const seeding = Date.now();
  await seedTemplate();
  console.log(`Seeded the demo data the spec files' servers start from (${((Date.now() - seeding) / 1000).toFixed(1)} s)`);
}
