import type { Locator, Page } from '@playwright/test';
import type { Locale } from '../../src/contract/enums';
import { msg } from './catalog';
import { expect, test } from './fixtures';

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

const MEMBER = { account: 'member', password: 'member-pass-2026' };
const PAID = { account: 'paid', password: 'paid-pass-2026' };

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
  await logInInDialog(page, ja, MEMBER);
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
  // The paid member writes a report longer than the preview, so the test does not depend on the demo data.
  const paid = await browser.newContext({ baseURL });
  const paidPage = await paid.newPage();
  await logInOnPage(paidPage, PAID);
  await paidPage.goto('/en/merchant/5/visit-report');
  const form = paidPage.getByRole('region', { name: 'Write a visit report' });
  await form.getByRole('radio', { name: '5 stars' }).check();
  await form.getByLabel('Title').fill('Counter seats until closing');
  await form.getByLabel('Your report').fill(LONG_REPORT);
  await form.getByRole('button', { name: 'Publish report' }).click();
  await expect(form.getByText('Thank you! Your visit report is published.')).toBeVisible();
  const whole = reportCards(paidPage).filter({ has: paidPage.getByRole('heading', { level: 3, name: 'Counter seats until closing' }) });
  await expect(whole.getByText(LONG_REPORT)).toBeVisible();

  await logInOnPage(page, MEMBER);
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
  await logInOnPage(page, MEMBER);
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
  await logInInDialog(page, 'en', MEMBER);
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
  await logInOnPage(page, MEMBER);
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

  // A member's Chat is a link into the conversation with the profile.
  await page.goto('/en/partner/1');
  await expect(page.getByRole('heading', { level: 2, name: 'About' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', /^\/en\/chat\/([0-9a-f-]{36})\/\1$/);
});

test('a guest tapping Chat logs in and lands in the conversation with the profile; unknown and malformed listing ids are the 404 page', async ({ page }) => {
  await page.goto('/en/partner/1');
  await expect(page.getByRole('heading', { level: 2, name: 'About' })).toBeVisible();
  await page.getByRole('button', { name: 'Chat' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('User name or e-mail').fill(MEMBER.account);
  await login.getByLabel('Password', { exact: true }).fill(MEMBER.password);
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
