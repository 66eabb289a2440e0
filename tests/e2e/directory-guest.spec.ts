import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Locale } from '../../src/contract/enums';
import { msg } from './catalog';
import { appReady, expect, test } from './fixtures';
import { MIA, PAUL } from './log-in';

/**
 * Issue 4, the visitor's side of the directory: a guest finds a venue in Japanese, looks at its photos in the
 * fullscreen viewer, favourites it through the login dialog (the favourite is saved after login without a second
 * tap) and finds it in the collection; visit reports are previews for free members and whole for paid ones; a
 * member writes one; reports, feedback and the chat button. Demo data (SEED_DEMO=1) and demo accounts.
 */

/** What a user of `locale` reads for `msgid`: the shipped translation, or the English source while none exists yet. */
function text(locale: Locale, msgid: string, values: Record<string, string> = {}): string {
  try {
    return msg(locale, msgid, values);
  } catch {
    return msgid.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  }
}

/** A 1×1 PNG: the server re-encodes whatever it is given, so the smallest real image will do. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function logInInDialog(page: Page, locale: Locale, who: { account: string; password: string }) {
  const dialog = page.getByRole('dialog', { name: text(locale, 'Log in') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(text(locale, 'User name or e-mail')).fill(who.account);
  await dialog.getByLabel(text(locale, 'Password'), { exact: true }).fill(who.password);
  await dialog.getByRole('button', { name: text(locale, 'Log in') }).click();
  await expect(dialog).toBeHidden();
}

async function logInOnPage(page: Page, who: { account: string; password: string }) {
  await page.goto('/en/login');
  await page.getByLabel('User name or e-mail').fill(who.account);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/member$/);
  // The session is established once the user has loaded; leaving the page before would abort the login.
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** The visit report cards of the page. */
const reportCards = (page: Page): Locator => page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3 }) });

test('a guest finds a venue in Japanese, views its photos, favourites it through login and finds it in the collection', async ({ page }) => {
  const ja: Locale = 'ja';
  await page.goto('/ja/search');
  await page.getByRole('searchbox', { name: text(ja, 'Search cities, venues and profiles') }).fill('東京');
  await page.getByRole('list', { name: text(ja, 'Cities') }).getByRole('link', { name: /東京/ }).first().click();
  await expect(page).toHaveURL(/\/ja\/japan\/tokyo$/);

  const firstVenue = page.getByRole('main').getByRole('heading', { level: 3 }).first().getByRole('link');
  const venueName = (await firstVenue.textContent())?.trim() ?? '';
  expect(venueName).not.toBe('');
  await firstVenue.click();
  await expect(page).toHaveURL(/\/ja\/merchant\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: venueName })).toBeVisible();

  // The photos in the fullscreen viewer: keyboard, Escape, and a drag down to close.
  const photos = page.getByRole('region', { name: text(ja, 'Photos') }).getByRole('button');
  const total = await photos.count();
  expect(total).toBeGreaterThan(1);
  await photos.first().click();
  const viewer = page.getByRole('dialog', { name: text(ja, 'Photo viewer') });
  const counter = (position: number) => viewer.getByText(text(ja, '{position} / {total}', { position: String(position), total: String(total) }));
  await expect(viewer).toBeVisible();
  await expect(counter(1)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(counter(2)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await photos.first().click();
  await expect(viewer).toBeVisible();
  const box = (await viewer.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (const step of [10, 30, 60, 90]) await page.mouse.move(x, y + step);
  await page.mouse.up();
  await expect(viewer).toBeHidden();

  // Favourite as a guest: the login dialog, then the favourite is saved without a second tap.
  await page.getByRole('button', { name: text(ja, 'Add to favourites') }).click();
  await logInInDialog(page, ja, MIA);
  await expect(page.getByRole('status').getByText(text(ja, 'Added to your favourites.'))).toBeVisible();
  const saved = page.getByRole('button', { name: text(ja, 'Remove from favourites') });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/ja/collection/merchant');
  await expect(page.getByRole('link', { name: venueName, exact: true })).toBeVisible();

  // The collection card has its favourite button: removing keeps the card (undo), and the removal holds on reload.
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: venueName, exact: true }) });
  await card.getByRole('button', { name: text(ja, 'Remove from favourites') }).click();
  await expect(card.getByRole('button', { name: text(ja, 'Add to favourites') })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByRole('link', { name: venueName, exact: true })).toBeHidden();
});

const LONG_REPORT =
  'We booked the counter for eight and stayed until closing. The chef explained every course, the sake pairing was ' +
  'generous, and the last dish, a grilled rice ball in broth, was the best thing we ate all week.';

test('a free member reads a preview with the upgrade text; the paid member reads the same report whole', async ({ page, browser, baseURL }) => {
  // Two members, each logging in and loading the reports, and a report written: more than the default 30 s on a busy
  // two-core machine.
  test.setTimeout(60_000);
  // The paid member writes a report longer than the preview, so the test does not depend on the demo data.
  const paid = await browser.newContext({ baseURL });
  const paidPage = await paid.newPage();
  await logInOnPage(paidPage, PAUL);
  await paidPage.goto('/en/merchant/5/visit-report');
  const form = paidPage.getByRole('region', { name: 'Write a visit report' });
  await form.getByRole('radio', { name: '5 stars' }).check();
  await form.getByLabel('Title').fill('Counter seats until closing');
  await form.getByLabel('Your report').fill(LONG_REPORT);
  await form.getByRole('button', { name: 'Publish report' }).click();
  await expect(form.getByText('Thank you! Your visit report is published.')).toBeVisible();
  const whole = reportCards(paidPage).filter({ has: paidPage.getByRole('heading', { level: 3, name: 'Counter seats until closing' }) });
  await expect(whole.getByText(LONG_REPORT)).toBeVisible();

  await logInOnPage(page, MIA);
  await page.goto('/en/merchant/5/visit-report');
  const preview = reportCards(page).filter({ has: page.getByRole('heading', { level: 3, name: 'Counter seats until closing' }) });
  await expect(preview.getByText('Only paid members can read whole visit reports and see their photos.')).toBeVisible();
  const cut = (await preview.locator('p').filter({ hasText: /…$/ }).first().textContent())!.trim();
  expect(cut.endsWith('…')).toBe(true);
  expect(LONG_REPORT.startsWith(cut.slice(0, -1).trimEnd())).toBe(true);
  await expect(preview.getByText(LONG_REPORT)).toHaveCount(0);

  // The paid member, on a fresh load, still reads it whole and sees no upgrade text.
  await paidPage.reload();
  await expect(whole.getByText(LONG_REPORT)).toBeVisible();
  await expect(paidPage.getByText('Only paid members can read whole visit reports and see their photos.')).toHaveCount(0);
  await paid.close();
});

test('a member writes a visit report with a photo and sees it listed', async ({ page }) => {
  await logInOnPage(page, MIA);
  await page.goto('/en/merchant/2/visit-report');
  const form = page.getByRole('region', { name: 'Write a visit report' });
  await form.getByRole('button', { name: 'Publish report' }).click();
  await expect(form.getByText('Choose one of the options.')).toBeVisible();

  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel('Title').fill('Quiet corner table');
  await form.getByLabel('Your report').fill('We sat at a quiet corner table and the staff explained every dish.');
  await form.locator('input[type=file]').setInputFiles({ name: 'table.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(form.getByRole('button', { name: 'Remove image 1: table.png' })).toBeVisible();
  await form.getByRole('button', { name: 'Publish report' }).click();
  await expect(form.getByText('Thank you! Your visit report is published.')).toBeVisible();

  const mine = reportCards(page).filter({ has: page.getByRole('heading', { level: 3, name: 'Quiet corner table' }) });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(mine.getByRole('button', { name: /Open photo 1 of 1/ })).toBeVisible();
});

test('a guest reports a venue after logging in; the dialog sends the report', async ({ page }) => {
  await page.goto('/en/merchant/3');
  await page.getByRole('button', { name: 'Report this venue' }).click();
  await logInInDialog(page, 'en', MIA);
  const dialog = page.getByRole('dialog', { name: 'Report this venue' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose one of the options.')).toBeVisible();
  await dialog.getByRole('radio').first().check();
  await dialog.getByLabel('Details (optional)').fill('The opening hours on the door differ from these.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. Our moderators will review your report.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/en\/merchant\/3$/);

  // Escape closes it too, and focus goes back to the button that opened it.
  const open = page.getByRole('button', { name: 'Report this venue' });
  await open.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('feedback from the account menu; a member is offered the chat with a profile', async ({ page }) => {
  await logInOnPage(page, MIA);
  await page.getByRole('button', { name: 'Send feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send feedback' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Topic').selectOption({ index: 1 });
  await dialog.getByLabel('Message').fill('Short');
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dialog.getByText('Use at least 10 characters.')).toBeVisible();
  await dialog.getByLabel('Message').fill('Please add opening hours for public holidays.');
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dialog.getByText('Thank you for your feedback. We read every message.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // A member's Chat is a link straight into the conversation with the profile, saying what the unlock costs.
  await page.goto('/en/partner/1');
  await expect(page.getByRole('heading', { level: 2, name: 'About' })).toBeVisible();
  const chat = page.getByRole('link', { name: /^Chat · \d+ points$/ });
  await expect(chat).toHaveAttribute('href', /^\/en\/message\/([0-9a-f-]{36})-\1$/);
});

test('a guest tapping Chat logs in and lands in the conversation with the profile; unknown and malformed listing ids are the 404 page', async ({ page }) => {
  await page.goto('/en/partner/1');
  await expect(page.getByRole('heading', { level: 2, name: 'About' })).toBeVisible();
  await page.getByRole('button', { name: 'Chat' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('User name or e-mail').fill(MIA.account);
  await login.getByLabel('Password', { exact: true }).fill(MIA.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  // In the conversation, which starts with the unlock.
  await expect(page).toHaveURL(/\/en\/message\/([0-9a-f-]{36})-\1$/);
  await expect(page.getByRole('button', { name: 'Unlock chat' })).toBeVisible();

  for (const path of ['/en/merchant/999999', '/en/partner/999999', '/en/merchant/abc', '/en/merchant/999999/visit-report']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  }
});

test('the search keyword is kept in the URL: a reload and a shared link show the same search', async ({ page }) => {
  const ja: Locale = 'ja';
  await page.goto('/ja/search');
  const box = page.getByRole('searchbox', { name: text(ja, 'Search cities, venues and profiles') });
  await box.fill('東京');
  await expect(page.getByRole('list', { name: text(ja, 'Cities') }).getByRole('link', { name: /東京/ }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/ja\/search\?q=%E6%9D%B1%E4%BA%AC$/);

  await page.reload();
  await expect(page.getByRole('searchbox', { name: text(ja, 'Search cities, venues and profiles') })).toHaveValue('東京');
  await expect(page.getByRole('list', { name: text(ja, 'Cities') }).getByRole('link', { name: /東京/ }).first()).toBeVisible();

  // A link someone shared, opened in a new tab.
  const shared = await page.context().newPage();
  await shared.goto('/en/search?q=tokyo');
  await expect(shared.getByRole('searchbox', { name: 'Search cities, venues and profiles' })).toHaveValue('tokyo');
  await expect(shared.getByRole('list', { name: 'Cities' }).getByRole('link', { name: /Tokyo/ }).first()).toBeVisible();
});

/*
 * Issue 30: the overlays over a venue page on a phone (390 × 844). Toasts show above open dialogs and wait while
 * hovered, a dialog keeps the page from scrolling, the opening hours mark the visitor's day without a hydration
 * error, and the photo viewer zooms around the cursor and pans only within the photo.
 */

const PHONE = { width: 390, height: 844 };
/** TOAST_MS (src/contract/constants.ts): how long a toast stays unless something holds it. */
const TOAST_MS = 1_500;

/** The page's vertical scroll, after the frames a wheel's scroll needs to land. */
async function settledScrollY(page: Page): Promise<number> {
  return page.evaluate(async () => {
    for (let frame = 0; frame < 10; frame++) await new Promise((done) => requestAnimationFrame(done));
    return window.scrollY;
  });
}

test('a toast raised while a dialog is open shows above it and stays while the pointer is on it', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.clock.install();
  await logInOnPage(page, MIA);
  await page.goto('/en/merchant/5');
  await appReady(page);

  // The favourite's answer is held until the photo viewer (a modal dialog) is open over the page.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/favorite/add', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await page.getByRole('region', { name: 'Photos' }).getByRole('button').first().click();
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer).toBeVisible();
  answer();

  const toast = page.getByRole('status').filter({ hasText: 'Added to your favourites.' });
  await expect(toast).toBeVisible();
  // Above the dialog: what is at the toast's centre is the toast (not the viewer, which would cover a toast
  // drawn under it and take its taps).
  const box = (await toast.getByText('Added to your favourites.').boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  expect(await toast.evaluate((region, { x, y }) => region.contains(document.elementFromPoint(x, y)), centre)).toBe(true);

  // Hovered, it stays past its time; once the pointer leaves, it goes after its time.
  await page.mouse.move(centre.x, centre.y);
  await page.clock.runFor(TOAST_MS * 3);
  await expect(toast).toBeVisible();
  await page.mouse.move(PHONE.width / 2, PHONE.height - 100);
  await page.clock.runFor(TOAST_MS + 100);
  await expect(toast).toBeHidden();
  await expect(viewer).toBeVisible();
});

test('while a dialog is open the page behind it does not scroll; it scrolls again once closed', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/en/merchant/5');
  await appReady(page);

  // A guest's favourite asks to log in first; a newcomer creates an account in that dialog and is welcomed by a
  // dialog message: a card over the page (the sheets on a phone cover it whole, the card leaves it around).
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('dialog', { name: 'Create an account' });
  await form.getByLabel('User name').fill('scrolllock');
  await expect(form.getByText('This user name is available.')).toBeVisible();
  await form.getByLabel('E-mail').fill('scrolllock@example.test');
  await form.getByLabel('Password', { exact: true }).fill('member-pass-2026');
  await form.getByRole('button', { name: 'Create account' }).click();
  const welcome = page.getByRole('alertdialog', { name: 'Welcome to Venuely' });
  await expect(welcome).toBeVisible();
  const before = await settledScrollY(page);
  await page.mouse.move(PHONE.width / 2, 60); // the page around the card
  await page.mouse.wheel(0, 600);
  await page.mouse.move(PHONE.width / 2, PHONE.height / 2); // the card itself
  await page.mouse.wheel(0, 600);
  expect(await settledScrollY(page)).toBe(before);

  await welcome.getByRole('button', { name: 'Later' }).click();
  await expect(welcome).toBeHidden();
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
});

/** A time zone whose day differs from this machine's (and so the server's) now: one of them always does. */
function zoneOfAnotherDay(): { zone: string; weekday: string } {
  const weekdayIn = (timeZone?: string) => new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }).format(new Date());
  const here = weekdayIn();
  for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12', 'Pacific/Pago_Pago', 'Asia/Tokyo', 'America/Los_Angeles']) {
    if (weekdayIn(zone) !== here) return { zone, weekday: weekdayIn(zone) };
  }
  throw new Error('no time zone has another day than this machine: UTC+14 and UTC-12 are 26 hours apart');
}

test("a venue's opening hours mark today in the visitor's time zone, with no hydration error", async ({ browser, baseURL }) => {
  const { zone, weekday } = zoneOfAnotherDay();
  const context = await browser.newContext({ baseURL, timezoneId: zone, viewport: PHONE });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/en/merchant/5');
  await appReady(page);

  const hours = page.getByRole('region', { name: 'Opening hours' });
  const today = hours.getByRole('row').filter({ hasText: 'Today' });
  await expect(today).toHaveCount(1);
  await expect(today.getByRole('rowheader')).toContainText(weekday);
  await expect(today).toHaveAttribute('aria-current', 'date');
  expect(errors.filter((text) => /418|hydrat/i.test(text))).toEqual([]);
  await context.close();
});

test('the photo viewer zooms around the cursor and pans a zoomed landscape photo only as far as its edges', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/en/merchant/5');
  await appReady(page);
  await page.getByRole('region', { name: 'Photos' }).getByRole('button').first().click();
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer).toBeVisible();
  const photo = viewer.getByRole('img');
  // The demo venue photos are landscape: whole on a portrait phone, they fill its width, centred (the box is the
  // photo's own once it has loaded).
  await expect.poll(async () => (await photo.boundingBox())!.height).toBeLessThan(PHONE.width);
  const rest = (await photo.boundingBox())!;
  expect(rest).toMatchObject({ x: 0, width: PHONE.width });

  // Ctrl + wheel (a trackpad pinch) zooms around the cursor: the point of the photo under it stays under it.
  const at = { x: 300, y: rest.y + rest.height / 2 };
  const share = { x: (at.x - rest.x) / rest.width, y: (at.y - rest.y) / rest.height };
  await page.mouse.move(at.x, at.y);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await expect.poll(async () => Math.round((await photo.boundingBox())!.width)).toBe(PHONE.width * 2);
  const zoomed = (await photo.boundingBox())!;
  expect(Math.abs(zoomed.x + share.x * zoomed.width - at.x)).toBeLessThan(3);
  expect(Math.abs(zoomed.y + share.y * zoomed.height - at.y)).toBeLessThan(3);

  // A drag far toward the end and down stops where the photo's start edge meets the screen's, and the photo,
  // lower than the screen, does not move up or down: no black comes in beyond its edges.
  await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
  await page.mouse.down();
  for (const step of [40, 120, 240, 400, 600]) await page.mouse.move(PHONE.width / 2 + step, PHONE.height / 2 + step);
  await page.mouse.up();
  await expect.poll(async () => Math.round((await photo.boundingBox())!.x)).toBe(0);
  const panned = (await photo.boundingBox())!;
  expect(panned.x).toBeLessThanOrEqual(0.5);
  expect(panned.x + panned.width).toBeGreaterThanOrEqual(PHONE.width);
  expect(Math.abs(panned.y - zoomed.y)).toBeLessThan(1);
  expect(Math.abs(panned.y + panned.height / 2 - PHONE.height / 2)).toBeLessThan(1);
});

/**
 * How the stars of a rating are drawn, from the start side (the right in Arabic): 'full', 'half' (its start half
 * painted) or 'empty', read from the pixels of a screenshot: a half of a star counts as painted when it holds most
 * of the rating colour a painted half holds (an empty star is a grey outline).
 */
async function starsAsDrawn(rating: Locator, rtl: boolean): Promise<string[]> {
  const { data, info } = await sharp(await rating.screenshot()).raw().toBuffer({ resolveWithObject: true });
  // The screenshot covers the whole pixels around the rating's box: it starts at the pixel its start is in.
  const box = (await rating.boundingBox())!;
  const clip = { x: Math.floor(box.x) };
  const boxes = await rating.locator('svg').evaluateAll((svgs) =>
    svgs.map((svg) => {
      const { x, width } = svg.getBoundingClientRect();
      return { x, width };
    }),
  );
  // A half star is two drawings on one spot: one box per star, in reading order.
  const stars = boxes.filter((star, i) => boxes.findIndex((other) => Math.abs(other.x - star.x) < 1) === i).sort((a, b) => (rtl ? b.x - a.x : a.x - b.x));
  // The rating colour (--color-warning, a warm brown) against the grey outline, the text and the page.
  const painted = (from: number, to: number) => {
    let count = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = Math.round(from - clip.x); x < Math.round(to - clip.x); x++) {
        const at = (y * info.width + x) * info.channels;
        if (data[at] - data[at + 2] > 60) count++;
      }
    }
    return count;
  };
  const halves = stars.map(({ x, width }) => {
    const [left, right] = [painted(x, x + width / 2), painted(x + width / 2, x + width)];
    return rtl ? { start: right, end: left } : { start: left, end: right };
  });
  const most = Math.max(...halves.flatMap((half) => [half.start, half.end]));
  return halves.map(({ start, end }) => {
    const [s, e] = [start > most / 2, end > most / 2];
    return s && e ? 'full' : s ? 'half' : e ? 'end half' : 'empty';
  });
}

test('a 3.5 rating draws three and a half stars, the half on the start side in Arabic too; initials skip the brackets', async ({ page }) => {
  // Demo venue 32 has four visit reports with a mean of 3.5, by demo hosts named "<Name> (demo host)".
  for (const locale of ['en', 'ar'] as const) {
    await page.goto(`/${locale}/merchant/32`);
    const rating = page.getByRole('main').getByRole('img', { name: text(locale, 'Rated {value} out of 5', { value: '3.5' }), exact: true }).first();
    await expect(rating).toBeVisible();
    expect(await starsAsDrawn(rating, locale === 'ar'), locale).toEqual(['full', 'full', 'full', 'half', 'empty']);
  }

  // Each report's avatar shows its author's initial: "Dana (demo host)" is "D", never "D(".
  await page.goto('/en/merchant/32');
  const byHosts = page.getByRole('listitem').getByRole('article').filter({ hasText: '(demo host)' });
  await expect(byHosts.first()).toBeVisible();
  for (const card of await byHosts.all()) {
    const author = (await card.getByText(/ \(demo host\)$/).textContent())!;
    // The avatar is decoration (hidden from assistive technology; the name is beside it): its text is read directly.
    await expect(card.locator('[aria-hidden="true"]').first()).toHaveText(author[0].toUpperCase());
  }
});
