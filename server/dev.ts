import { spawn } from 'node:child_process';

/**
 * `npm run dev`: the API server on API_PORT (3001), and Vite's dev server on PORT (3000) with hot reload, proxying
 * /api, /uploads, /build.json, /im and the sandbox provider's /payment.html, /sandbox/… and /webhooks/… to it
 * (server/web/dev-proxy.ts). The page gets the API server's runtime configuration (envelope keys,
 * debug flag) injected as in production, so requests are encrypted as in production; debug mode (plain requests)
 * only with API_DEBUG=1 set for this command, which both servers then see.
 */
const apiPort = process.env.API_PORT ?? '3001';
const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/start.ts'], {
  stdio: 'inherit',
  // No balancer in front: a restart on save need not wait for one (DRAIN_DELAY_MS, config.ts).
  env: { DRAIN_DELAY_MS: '0', ...process.env, PORT: apiPort, HOST: '127.0.0.1', NO_SPA_BUILD: '1' },
});
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', process.env.PORT ?? '3000'], {
  stdio: 'inherit',
  env: { ...process.env, API_PORT: apiPort },
});
const stop = () => {
  api.kill('SIGTERM');
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  vite.kill('SIGTERM');
  process.exitCode = code ?? 0;
});
