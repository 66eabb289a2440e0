import type { Page } from '@playwright/test';
import { HOME_HEADING, msg } from './catalog';
import { appReady, expect, test } from './fixtures';
import { logIn, logInThroughDialog, MIA } from './log-in';

/** The signed-in hint cookie (src/contract/first-paint-keys.ts SIGNED_IN_COOKIE), literal here on purpose. */
const SIGNED_IN_COOKIE = 'venuely_member';

/**
 * What a phone on a slow network fetches before the first page paints (issue 10, "what a phone sees"; figures in
 * `npm run bench -- lighthouse`): the entry, its modulepreloads, the stylesheet and the page's catalog, and
 * nothing else. The app system (XState, zod, the envelope's crypto), the overlays and the service worker's precache
 * wait until the page is on screen.
 */

/** What the page reports as errors (uncaught, or logged): a hydration mismatch is one (React error 418). */
function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  return problems;
}

/** Marks the first server-rendered card of "New venues" before any script of the app runs. */
async function markServerCard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverCard: Element | null }).serverCard = document.querySelector('[aria-label="New venues"] li');
    });
  });
}

/** Whether the first card on screen is the node the server rendered (the hydration kept it). */
function serverCardKept(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { serverCard: Element | null }).serverCard === document.querySelector('[aria-label="New venues"] li'));
}

/** Holds every response to a request matching `pattern` until release(); asked() tells whether one came. */
async function holdRequests(page: Page, pattern: RegExp): Promise<{ asked(): boolean; release(): void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(pattern, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { asked: () => asked, release: () => release() };
}

test('the page arrives in its language, with its catalog preloaded and its styles in the head', async ({ page }) => {
  // A page the server leaves to the app (only the first-paint pages are rendered on the server).
  const response = await page.request.get('/ar/login');
  const html = await response.text();
  expect(html).toMatch(/<html lang="ar" dir="rtl">/);
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/messages-[\w-]+\.js">/);
  expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[\w-]+\.css">/);
});

test('the app system, the overlays and the service worker load only after the first paint', async ({ page, app }) => {
  // A signed-in browser's home is rendered by the app itself (the server renders guests' pages only).
  await page.context().addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: app.baseURL }]);
  await page.goto('/en');
  expect(await page.evaluate(() => document.getElementById('first-data'))).toBeNull();
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

test.describe("a guest's home is rendered on the server", () => {
  test('the page is readable without any script: heading, sections and their first photos', async ({ browser, app }) => {
    const context = await browser.newContext({ baseURL: app.baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/en');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: msg('en', HOME_HEADING), exact: true })).toBeVisible();
    const newest = page.getByRole('list', { name: 'New venues' });
    await expect(newest.locator(':scope > li')).toHaveCount(8);
    await expect(page.getByRole('list', { name: 'New profiles' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Popular cities' }).getByRole('link', { name: 'Taipei' })).toHaveAttribute('href', '/en/taiwan/taipei');
    // The first row's first photos are in the HTML, eager and at high priority: the page's largest paint.
    const photo = newest.locator(':scope > li').first().locator('img').first();
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await context.close();
  });

  test('its HTML carries the answers it was rendered with, runs no inline script, and loads the app after the page', async ({ page }) => {
    const html = await (await page.request.get('/ar')).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    // Rendered in Arabic on the server, with the catalog the client uses.
    expect(html).toContain(msg('ar', HOME_HEADING));
    const data = /<script id="first-data" type="application\/json">(.*?)<\/script>/s.exec(html);
    expect(data).not.toBeNull();
    const answers = JSON.parse(data![1]) as Record<string, unknown>;
    expect(Object.keys(answers)).toEqual(
      expect.arrayContaining(['city/hot {}', 'city/lang {}', 'merchant/list {"limit":8,"sort":"newest"}', 'partner/list {"limit":8,"sort":"newest"}']),
    );
    // Every script is external or data: the Content-Security-Policy allows no inline script, and none is needed.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc="|type="application\/json"/);
    // The app's modules are named on the boot script, not requested beside the page.
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).toMatch(/<script defer src="\/first-paint-boot\.js" data-entry="\/assets\/index-[\w-]+\.js" data-preload="[^"]*\/assets\/messages-[\w-]+\.js/);
  });

  test("the app takes over the server's markup (hydration) without re-rendering it, and works as usual", async ({ page }) => {
    const problems = pageProblems(page);
    await markServerCard(page);
    await page.goto('/en');
    const newest = page.getByRole('list', { name: 'New venues' });
    await expect(newest.locator(':scope > li')).toHaveCount(8);
    // The app loaded after the window's load event, and then the sections hydrated.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/assets\/home-sections-[\w-]+\.js$/.test(r.name)))).toBe(true);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const entry = performance.getEntriesByType('resource').find((r) => /\/assets\/index-[\w-]+\.js$/.test(r.name));
      return { loadStart: navigation.loadEventStart, entryStart: entry?.startTime ?? Number.NaN };
    });
    expect(timing.entryStart).toBeGreaterThanOrEqual(timing.loadStart);
    // The number formatters' data was loaded by the boot script's worker, not by the app's main thread.
    expect(await page.evaluate(() => (window as unknown as { __numbersWarm?: Promise<boolean> }).__numbersWarm)).toBe(true);
    // Hydration kept the server's nodes: the card marked before the app ran is the card on screen.
    await expect.poll(() => serverCardKept(page)).toBe(true);
    await expect(newest.locator(':scope > li')).toHaveCount(8);
    // The app is live: a link navigates inside the app (no page load), and coming back asks the API.
    const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/en\/search$/);
    await page.goBack();
    await expect(newest.locator(':scope > li')).toHaveCount(8);
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
    expect(problems).toEqual([]);
  });

  test('a tab tapped before the sections have hydrated: they still hydrate as the server rendered them', async ({ page }) => {
    const problems = pageProblems(page);
    await markServerCard(page);
    // The sections' chunk arrives only when the test lets it: the rest of the page hydrates, the sections wait.
    const sections = await holdRequests(page, /\/assets\/home-sections-[\w-]+\.js$/);
    await page.goto('/en');
    await expect.poll(() => sections.asked()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app)).toBe('hydrating');
    // The search page's own chunks wait too, so the home stays on screen while the navigation is under way.
    const search = await holdRequests(page, /\/assets\/search-(?!params-)[\w-]+\.js$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await expect.poll(() => search.asked()).toBe(true);
    // Now the sections arrive and hydrate, the navigation still pending: the page is the app's, every node the server's.
    sections.release();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
    expect(await serverCardKept(page)).toBe(true);
    await expect(page.getByRole('list', { name: 'New venues' }).locator(':scope > li')).toHaveCount(8);
    search.release();
    await expect(page).toHaveURL(/\/en\/search$/);
    await expect(page.getByRole('searchbox', { name: 'Search cities, venues and profiles' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a signed-in browser gets the app to render its own home (its favourites differ)', async ({ page, app }) => {
    const guest = await (await page.request.get('/en')).text();
    expect(guest).toContain('id="first-data"');
    await page.context().addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: app.baseURL }]);
    const member = await (await page.request.get('/en')).text();
    expect(member).not.toContain('id="first-data"');
    expect(member).toMatch(/<div id="root"><\/div>/);
  });

  test('logging in sets the hint, logging out clears it, and the home follows', async ({ page }) => {
    const home = async () => (await page.request.get('/en')).text();
    await logIn(page, MIA);
    expect((await page.context().cookies()).find((cookie) => cookie.name === SIGNED_IN_COOKIE)?.value).toBe('1');
    expect(await home()).not.toContain('id="first-data"');
    // The member's home, rendered by the app, shows them signed in.
    await page.goto('/en');
    await expect(page.getByRole('list', { name: 'New venues' }).locator(':scope > li').first()).toBeVisible();
    await page.goto('/en/member');
    // Tapped once the app has the page: a tap on the server's paint before then is signed-in-first-paint.spec.ts's.
    await appReady(page);
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.getByRole('button', { name: 'Sign out' }).click();
    // A failure says whether the page reloaded meanwhile (a lost tap and a reload look alike on screen).
    await expect(page.getByRole('button', { name: 'Log in or create an account' }))
      .toBeVisible()
      .catch((error: Error) => {
        throw new Error(`${error.message}\npages loaded since the tap: ${loads.join(', ') || 'none'}`);
      });
    expect(loads).toEqual([]);
    expect((await page.context().cookies()).find((cookie) => cookie.name === SIGNED_IN_COOKIE)).toBeUndefined();
    expect(await home()).toContain('id="first-data"');
  });
});

test.describe('every server-rendered page hydrates in place, without errors and without moving', () => {
  test.use({ viewport: { width: 412, height: 823 } });
  // The page, and a node of its own content that must be the same node before and after the app takes over (the
  // search page's results area is the app's own once the search loads: its shell header is checked instead).
  const pages = [
    { path: '/en', kept: '[aria-label="New venues"] li' },
    { path: '/en/search', kept: 'header.shell-header' },
    { path: '/en/japan/tokyo', kept: 'article.listing-card' },
    { path: '/en/merchant/1', kept: 'main h1' },
    { path: '/ar/japan', kept: 'article.listing-card' },
  ];
  for (const { path, kept } of pages) {
    test(path, async ({ page }) => {
      const problems = pageProblems(page);
      await page.addInitScript((selector) => {
        const w = window as unknown as { shift: number; serverNode: Element | null };
        w.shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) w.shift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        document.addEventListener('DOMContentLoaded', () => {
          w.serverNode = document.querySelector(selector);
        });
      }, kept);
      const response = await page.goto(path);
      expect(await response!.text()).toContain('<script id="first-data"');
      await appReady(page);
      await page.waitForLoadState('networkidle');
      const after = await page.evaluate((selector) => {
        const w = window as unknown as { shift: number; serverNode: Element | null };
        return { shift: w.shift, had: w.serverNode !== null, same: w.serverNode === document.querySelector(selector) };
      }, kept);
      expect(after.had).toBe(true);
      expect(after.same).toBe(true);
      expect(after.shift).toBeLessThan(0.05);
      expect(problems).toEqual([]);
    });
  }
});

test("a city list's cards render once while the page settles: the screen's later renders skip them", async ({ page }) => {
  // React reports every commit to the developer tools' hook; a stand-in records, per card, the props each commit left
  // on its <article>. A card that renders again gets new props, so a card seen with more than one rendered more than
  // once. The place screen renders three times as its loads settle after the hydration; its twelve cards must not.
  await page.addInitScript(() => {
    type Fiber = { tag: number; stateNode: unknown; memoizedProps: unknown; child: Fiber | null; sibling: Fiber | null };
    const seen = new Map<Element, Set<unknown>>();
    const visit = (first: Fiber | null) => {
      for (let fiber = first; fiber; fiber = fiber.sibling) {
        if (fiber.tag === 5 && fiber.stateNode instanceof Element && fiber.stateNode.matches('article.listing-card')) {
          const props = seen.get(fiber.stateNode) ?? new Set();
          props.add(fiber.memoizedProps);
          seen.set(fiber.stateNode, props);
        }
        visit(fiber.child);
      }
    };
    const w = window as unknown as { cardRenders: () => number[]; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
    w.cardRenders = () => [...seen.values()].map((props) => props.size);
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => visit(root.current),
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
    };
  });
  await page.goto('/en/japan/tokyo');
  await appReady(page);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('article').first()).toBeVisible();
  // The screen's renders after the hydration have happened by now (they follow its loads); one more second for slow CI.
  await page.waitForTimeout(1000);
  const renders = await page.evaluate(() => (window as unknown as { cardRenders: () => number[] }).cardRenders());
  expect(renders.length).toBe(12);
  expect(renders).toEqual(renders.map(() => 1));
});

/** Holds the app's entry script back until the returned function is called: the page is on screen, not yet live. */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a button tapped before the app has loaded is pressed once the app runs the page', async ({ page }) => {
  // The app's entry script is held back until the tap: the page is on screen, its buttons not yet live.
  const release = await holdApp(page);
  await page.goto('/en/merchant/1');
  await page.getByRole('button', { name: 'Report this venue' }).click();
  expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
  release();
  // A guest's report needs an account: the login dialog opens, once.
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test.describe('what a user does before the app has taken the page over is kept', () => {
  test.use({ viewport: { width: 390, height: 740 } });

  test('a filter picked before the app runs filters the list once it does, and shows as picked', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/en/japan/tokyo');
    const type = page.getByLabel('Type', { exact: true });
    const typeName = (await type.getByRole('option').allTextContents()).find((name) => name !== 'Any')!;
    await type.selectOption({ label: typeName });
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    release();
    await appReady(page);
    await expect(page).toHaveURL(/[?&]merchant_type=\d+/);
    await expect(type.locator('option:checked')).toHaveText(typeName);
    const venues = page.getByRole('list', { name: 'Venues in Tokyo' }).getByRole('article');
    await expect(async () => {
      const texts = await venues.allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toContain(typeName);
    }).toPass();
  });

  test('a filter picked just as the app starts taking the page over filters the list, and shows as picked', async ({ page }) => {
    // The pick lands the moment the app starts hydrating (data-app="hydrating"), before React has hydrated the
    // select: React then hydrates it at once for the event, which puts the server's option back before the
    // "change" event of the same pick, so only its "input" event carries the user's choice.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.app !== 'hydrating') return;
        observer.disconnect();
        const label = Array.from(document.querySelectorAll('label')).find((element) => element.textContent === 'Type');
        const select = label && document.getElementById(label.htmlFor);
        if (!(select instanceof HTMLSelectElement)) return;
        const option = Array.from(select.options).find((item) => item.value !== '')!;
        (window as { picked?: string }).picked = option.text;
        option.selected = true;
        // As Chromium reports a pick: "input", then "change".
        select.dispatchEvent(new Event('input', { bubbles: true }));
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-app'] });
    });
    await page.goto('/en/japan/tokyo');
    await appReady(page);
    const typeName = await page.evaluate(() => (window as { picked?: string }).picked);
    expect(typeName).toBeTruthy();
    await expect(page).toHaveURL(/[?&]merchant_type=\d+/);
    await expect(page.getByLabel('Type', { exact: true }).locator('option:checked')).toHaveText(typeName!);
  });

  test('a language chosen before the app runs opens the page in that language', async ({ page }) => {
    // The globe button's list is the browser's own (a popover of links): it opens and its links work without the app.
    const release = await holdApp(page);
    await page.goto('/en/japan/tokyo');
    await page.getByRole('button', { name: 'Language', exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    await page.getByRole('navigation', { name: 'Language', exact: true }).getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/japan\/tokyo$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // Opened again before the app runs, the list stays open when it does: the early tap is not pressed a second time.
    const languages = page.getByRole('navigation', { name: msg('de', 'Language'), exact: true });
    await page.getByRole('button', { name: msg('de', 'Language'), exact: true }).click();
    await expect(languages).toBeVisible();
    release();
    await appReady(page);
    await expect(languages).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(languages).toBeHidden();
  });

  test('a page scrolled before the app runs stays where it was, and its list goes on loading from there', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/en/japan/tokyo');
    const venues = page.getByRole('list', { name: 'Venues in Tokyo' }).getByRole('article');
    await expect(venues).toHaveCount(12);
    await venues.last().scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(1000);
    release();
    await appReady(page);
    // The next page arrives because the end of the list is in view: nothing scrolled the page back to the top.
    await expect(venues).toHaveCount(20);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled - 1);
  });

  test('text typed into the home search before the app runs is searched when submitted after', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/en');
    const box = page.getByRole('searchbox', { name: 'Search cities, venues and profiles' });
    await box.fill('kyoto');
    release();
    await appReady(page);
    await expect(box).toHaveValue('kyoto');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/en\/search\?q=kyoto$/);
    await expect(page.getByRole('list', { name: 'Cities' }).getByRole('link').filter({ hasText: 'Kyoto' })).toBeVisible();
  });
});

test("logging in on a server-rendered page reloads the page's data as the member's, not the guest's it came with", async ({ page }) => {
  await page.goto('/en/merchant/2');
  await appReady(page);
  const detailCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/merchant/detail') detailCalls.push(request.url());
  });
  await page.getByRole('button', { name: 'Report this venue' }).click();
  await logInThroughDialog(page, MIA);
  // The member's report dialog, over the venue as the API now answers it for the member.
  await expect(page.getByRole('dialog', { name: 'Report this venue' })).toBeVisible();
  await expect.poll(() => detailCalls.length).toBeGreaterThan(0);
});
