import type { ProxyOptions } from 'vite';

/**
 * What `npm run dev`'s Vite server (vite.config.ts, server.proxy) passes on to the app server on API_PORT: every path
 * the app server answers that is not the SPA. Besides the API, the uploads, the build manifest and the chat socket,
 * the sandbox payment provider's paths (issue 31 item 14), which the production server serves on the page's own
 * origin: its hosted payment page (/payment.html, opened by an order's pay_url), its card API (/sandbox/v1/…, which
 * the sandbox card element calls) and the webhooks (/webhooks/sandbox, /webhooks/stripe). A key is a path prefix;
 * '/sandbox/' and '/webhooks/' end in a slash so that only their own paths are taken.
 */
export function devProxy(apiPort: string | number): Record<string, string | ProxyOptions> {
  const http = `http://127.0.0.1:${apiPort}`;
  return {
    '/api': http,
    '/uploads': http,
    '/build.json': http,
    '/payment.html': http,
    '/sandbox/': http,
    '/webhooks/': http,
    '/im': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
  };
}
