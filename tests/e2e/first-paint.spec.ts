import { HOME_HEADING, msg } from './catalog';
import { expect, test } from './fixtures';

/**
 * What a phone on a slow network fetches before the first page paints (issue 10, "what a phone sees"; figures in
 * `npm run bench -- lighthouse`): the entry, its modulepreloads, the stylesheet and the page's catalog, and
 * nothing else. The app system (XState, zod, the envelope's crypto), the overlays and the service worker's precache
 * wait until the page is on screen.
 */

test('the page arrives in its language, with its catalog preloaded and its styles in the head', async ({ page }) => {
  const response = await page.request.get('/ar/japan');
  const html = await response.text();
  expect(html).toMatch(/<html lang="ar" dir="rtl">/);
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/messages-[\w-]+\.js">/);
  expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[\w-]+\.css">/);
});

test('the app system, the overlays and the service worker load only after the first paint', async ({ page }) => {
  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1, name: msg('en', HOME_HEADING), exact: true })).toBeVisible();
  // The sections need the app system: once their requests answered, everything below has been fetched.
  await expect(page.getByRole('list', { name: 'New venues' }).getByRole('listitem').first()).toBeVisible();
  const timing = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const started = (pattern: RegExp) => resources.filter((r) => pattern.test(new URL(r.name).pathname)).map((r) => r.startTime);
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      paint,
      loadEnd: navigation.loadEventEnd,
      system: started(/\/assets\/(?:xstate|app-system)[\w.-]*\.js$/),
      overlays: started(/\/assets\/overlays-[\w-]+\.js$/),
      // The catalog the server preloaded for the page's locale (assets/messages-….js; the ui's message codes are a
      // chunk of the same name, loaded later).
      catalog: started(new RegExp(`^${new URL((document.querySelector('link[rel=modulepreload][href*="/messages-"]') as HTMLLinkElement).href).pathname}$`)),
      workbox: started(/\/assets\/workbox-window[\w.-]*\.js$/),
    };
  });
  expect(timing.paint).toBeGreaterThan(0);
  expect(timing.system.length).toBeGreaterThan(0);
  for (const start of [...timing.system, ...timing.overlays]) expect(start).toBeGreaterThanOrEqual(timing.paint);
  // The catalog is fetched with the entry (the server's preload), before the paint that needs it.
  expect(Math.min(...timing.catalog)).toBeLessThan(timing.paint);
  // The service worker registers (and precaches) after the load event.
  expect(timing.workbox.length).toBe(1);
  expect(timing.workbox[0]).toBeGreaterThanOrEqual(timing.loadEnd);
});
