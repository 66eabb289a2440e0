import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logIn, MIA } from './log-in';

/**
 * The admin console's frame (issue 13 item 4) in Chromium. On the sandbox payment provider its header says "Test
 * mode" on every section (issue 29 item 3; DESIGN section 9), so no admin takes its payments for real money.
 */

const ADMIN = { account: 'admin', password: 'admin-pass-2026' };

test.use({ viewport: { width: 1280, height: 800 } });

test('on the sandbox provider the console says "Test mode" on every section', async ({ page }) => {
  await logIn(page, ADMIN);
  await page.getByRole('link', { name: 'Admin console' }).click();
  await expect(page).toHaveURL(/\/en\/admin\/kyc$/);
  const badge = page.getByRole('note', { name: 'Test mode' });
  await expect(badge).toBeVisible();
  await expect(badge).toContainText('Payments here use test cards; no real money moves.');
  for (const section of ['Withdrawals', 'Users', 'Audit log']) {
    await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: section }).click();
    await expect(
      page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: section }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(badge, section).toBeVisible();
  }
});

test('a withdrawal funded by test-mode payments is marked and offers only "Reject"', async ({ page }) => {
  await logIn(page, ADMIN);
  await page.goto('/en/admin/withdrawals');
  // The demo withdrawal's points were earned from coins bought on the sandbox (server/seed/demo-orders.ts).
  const row = page.getByRole('article', { name: /^Withdrawal \d+$/ });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Test funds', { exact: true })).toBeVisible();
  await expect(
    row.getByText(
      'These points come from test-mode payments, which are not real money: this withdrawal can only be rejected.',
    ),
  ).toBeVisible();
  await expect(row.getByRole('button', { name: /as paid$/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Reject withdrawal \d+$/ })).toBeVisible();
});

/** Every list item's bullet, and how far the page scrolls sideways (0 when nothing is wider than the screen). */
async function layoutFaults(page: Page): Promise<{ bullets: string[]; sideways: number }> {
  return page.evaluate(() => ({
    bullets: [...document.querySelectorAll('main li')]
      .map((li) => getComputedStyle(li).listStyleType)
      .filter((type) => type !== 'none'),
    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
}

/**
 * Issue 31 item 9: the tabs say how much waits in each queue (the demo has one identity check and one withdrawal
 * waiting, no open report), and on a 390 × 844 phone no section is wider than the screen.
 */
test('the tabs count what waits, and on a phone no section scrolls sideways', async ({ page }) => {
  await logIn(page, ADMIN);
  await page.goto('/en/admin/audit');
  const tabs = page.getByRole('navigation', { name: 'Admin console' });
  await expect(tabs.getByRole('link', { name: 'Identity checks, 1 waiting' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Withdrawals, 1 waiting' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Withdrawals, 1 waiting' })).toContainText(/^Withdrawals\s*1$/);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const section of ['kyc', 'withdrawals', 'reports', 'listings', 'users', 'audit']) {
    await page.goto(`/en/admin/${section}`);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await layoutFaults(page), section).toEqual({ bullets: [], sideways: 0 });
  }
});

/**
 * Issue 31 item 10: a withdrawal reads as a payer needs it: translated labels (no `account_name`, no `bank_card`),
 * the card number on one line with a copy button, the status as a translated badge, no list bullets. The status
 * filter's options are all real choices ("All statuses" included): no placeholder that sends an empty value.
 */
test('a withdrawal shows its payout account in words, with the card number to copy, and real filter choices', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page, ADMIN);
  await page.goto('/en/admin/withdrawals');
  const row = page.getByRole('article', { name: /^Withdrawal \d+$/ });
  for (const raw of ['account_name', 'bank_name', 'card_number', 'bank_card', 'pending', '{'])
    await expect(row, raw).not.toContainText(raw);
  await expect(row.getByRole('term')).toHaveText([
    'Method',
    'Account holder',
    'Bank',
    'Card number',
    'Points',
    'Requested on',
  ]);
  await expect(row.getByRole('definition').first()).toHaveText('Bank card');
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  const number = row.getByText('4000 1234 5678 9010', { exact: true });
  await expect(number).toBeVisible();
  // One line: as tall as one line of its text.
  const box = await number.boundingBox();
  const lineHeight = await number.evaluate(
    (el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.6,
  );
  expect(box!.height).toBeLessThanOrEqual(lineHeight + 1);
  await row.getByRole('button', { name: 'Copy the card number' }).click();
  await expect(row.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('4000123456789010');
  expect((await layoutFaults(page)).bullets).toEqual([]);

  const status = page.getByRole('combobox', { name: 'Status' });
  await expect(status.getByRole('option')).toHaveText(['Pending', 'Paid', 'Rejected', 'All statuses']);
  expect(await status.locator('option[value=""]').count()).toBe(0);
  await status.selectOption({ label: 'All statuses' });
  await expect(row).toHaveCount(1);
  await status.selectOption({ label: 'Paid' });
  await expect(page.getByText('No withdrawals here.')).toBeVisible();

  await page.goto('/en/admin/listings');
  await expect(page.getByRole('combobox', { name: 'Listings' }).getByRole('option')).toHaveText(['Venues', 'Profiles']);
  await expect(page.getByRole('combobox', { name: 'Status' }).getByRole('option')).toHaveText(['Hidden', 'Published']);
  expect(await page.locator('select option[value=""]').count()).toBe(0);
});

/**
 * Issue 31 items 10 and 11: an identity check shows the country and the dates in the page's language; its images
 * open full size in the photo viewer, which zooms; approving asks first, without a warning picture, and Cancel
 * leaves it waiting; rejecting offers the usual reasons plus the reviewer's words, and has Cancel.
 */
test('an identity check: localized facts, images full size with zoom, approve and reject ask first', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, ADMIN);
  await page.goto('/de/admin/kyc');
  const german = page.getByRole('article', { name: 'Kim' });
  await expect(german.getByRole('definition')).toContainText([
    'Kim Min-ji',
    '18. April 1996',
    'Personalausweis',
    'Südkorea',
  ]);

  await page.goto('/en/admin/kyc');
  const row = page.getByRole('article', { name: 'Kim' });
  await expect(row.getByRole('definition')).toContainText([
    'Kim Min-ji',
    'April 18, 1996',
    'Identity card',
    'South Korea',
    'M2947-5183',
  ]);
  await expect(row.getByText('Waiting for review', { exact: true })).toBeVisible();

  // Full size, with zoom, in the app's photo viewer.
  await row.getByRole('button', { name: "Open Back of Kim Min-ji's document full size" }).click();
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img', { name: "Back of Kim Min-ji's document" })).toBeVisible();
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByRole('button', { name: 'Zoom out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Approve asks first: the action's name on its button, Cancel, and no warning picture.
  await row.getByRole('button', { name: 'Approve Kim Min-ji' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve the identity of Kim Min-ji?' });
  await expect(approve.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(approve.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
  expect(await approve.locator('svg.status-icon, .dialog-message-image').count()).toBe(0);
  await approve.getByRole('button', { name: 'Cancel' }).click();
  await expect(approve).toBeHidden();
  await expect(row.getByText('Waiting for review', { exact: true })).toBeVisible();

  // Reject: preset reasons and the reviewer's words; Cancel sends nothing.
  await row.getByRole('button', { name: 'Reject Kim Min-ji' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject the identity of Kim Min-ji?' });
  const reasons = reject.getByRole('group', { name: 'Reason, shown to the member' }).getByRole('radio');
  await expect(reasons).toHaveCount(5);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Choose a reason.')).toBeVisible();
  await reject.getByRole('radio', { name: 'Another reason' }).check();
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('This field is required.')).toBeVisible();
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(reject).toBeHidden();
  await expect(row.getByText('Waiting for review', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Reject Kim Min-ji' }).click();
  await reject.getByRole('radio', { name: 'The document has expired.' }).check();
  await reject.getByLabel('More details (optional)').fill('It ran out in March.');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toBeHidden();
  await expect(page.getByText('Nothing is waiting.')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: 'Identity checks', exact: true }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Rejected' });
  await expect(row.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(row.getByRole('definition').last()).toHaveText('The document has expired. It ran out in March.');
});

/**
 * Issue 31 item 12: admins hide listings, they never delete them. An admin hides one of Vera's profiles with a
 * reason; Vera still finds it among her profiles, marked hidden by moderation with that reason and what she can
 * do (edit it, contact support), on the list and on its preview; a guest opening its address gets the 404 page.
 */
test("a profile an admin hides stays in its owner's list with the reason, and guests get the 404 page", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const NAME = 'Vera in Kyoto';
  const REASON = 'The photos show another person.';
  await logIn(page, ADMIN);
  await page.goto('/en/admin/listings');
  await page.getByLabel('Listings').selectOption({ label: 'Profiles' });
  await page.getByLabel('Status').selectOption({ label: 'Published' });
  const row = page.getByRole('article', { name: NAME });
  // Hide is the only moderation action: nothing in the console deletes a listing.
  await expect(row.getByRole('button')).toHaveText(['Hide']);
  await row.getByRole('button', { name: `Hide ${NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: `Hide ${NAME}` });
  await dialog.getByLabel('Note for the owner').fill(REASON);
  await dialog.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await page.getByLabel('Status').selectOption({ label: 'Hidden' });
  await expect(row.getByRole('button', { name: `Show ${NAME} again` })).toBeVisible();

  await page.goto('/en/member');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Log in or create an account' })).toBeVisible();
  await logIn(page, { account: 'verified', password: 'verified-pass-2026' });
  await page.goto('/en/member/content/partner');
  const item = page.getByRole('listitem', { name: NAME });
  await expect(item.getByText('Hidden by moderation', { exact: true })).toBeVisible();
  const notice = item.getByRole('note', { name: "Moderator's reason" });
  await expect(notice.getByText(REASON, { exact: true })).toBeVisible();
  await expect(notice).toContainText('Edit it to fix what the reason names, then contact support to ask for a review.');
  await expect(item.getByRole('link', { name: `Edit ${NAME}` })).toBeVisible();
  await expect(item.getByRole('link', { name: `Public page of ${NAME}` })).toHaveCount(0);
  const preview = item.getByRole('link', { name: `Preview ${NAME}` });
  const id = /\/en\/member\/partner\/(\d+)\/preview$/.exec((await preview.getAttribute('href')) ?? '')?.[1];
  expect(id).toBeDefined();

  await preview.click();
  const bar = page.getByRole('complementary', { name: "Owner's preview" });
  await expect(bar.getByRole('note', { name: "Moderator's reason" }).getByText(REASON, { exact: true })).toBeVisible();
  await bar.getByRole('link', { name: 'Contact support' }).click();
  await expect(page.getByRole('dialog', { name: 'Send feedback' })).toBeVisible();

  await page.goto('/en/member');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Log in or create an account' })).toBeVisible();
  const response = await page.goto(`/en/partner/${id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found', exact: true })).toBeVisible();
  await expect(page.getByText(REASON)).toHaveCount(0);
});

/**
 * Issue 31 item 10: the audit log is a table of who did what to which record and when, with the change in words
 * (field: old → new) and no JSON; it filters by action, record type, admin and date, on the server.
 */
test('the audit log reads as a table of changes in words, and filters by action, record, admin and date', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, ADMIN);
  await page.goto('/en/admin/withdrawals');
  await page.getByRole('button', { name: /^Reject withdrawal \d+$/ }).click();
  const reject = page.getByRole('dialog', { name: 'Reject the withdrawal of $10.00 to Vera?' });
  await reject.getByLabel('Reason, shown to the member').fill('Test-mode points cannot be paid out.');
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(reject).toBeHidden();
  await expect(
    page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: 'Withdrawals', exact: true }),
  ).toBeVisible();

  await page.goto('/en/admin/audit');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['When', 'Admin', 'Action', 'Record', 'Changes']);
  const rejected = table.getByRole('row').filter({ hasText: 'Rejected a withdrawal' });
  await expect(rejected.getByRole('cell')).toHaveText([
    /\d/,
    'Ada @admin',
    'Rejected a withdrawal',
    /^Withdrawal #\d+\s*Vera @verified$/,
    /Status: Pending → Rejected/,
  ]);
  await expect(rejected).toContainText('Amount: $10.00');
  await expect(rejected).toContainText('Method: Bank card');
  await expect(rejected).toContainText('Reason: Test-mode points cannot be paid out.');
  await expect(table.getByRole('row').filter({ hasText: 'Rejected an identity' })).toContainText(
    'Status: Waiting for review → Rejected',
  );
  await expect(table.getByRole('row').filter({ hasText: 'Hid a listing' })).toContainText('Status: Published → Hidden');
  for (const raw of ['{', 'withdrawal.reject', 'bank_card', 'document_type'])
    await expect(table, raw).not.toContainText(raw);

  const rows = table.getByRole('row');
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Rejected a withdrawal' });
  await expect(rows).toHaveCount(2); // the header and the one row
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'All actions' });
  await page.getByRole('combobox', { name: 'Record type' }).selectOption({ label: 'Identity check' });
  await expect(rows.filter({ hasText: 'Rejected an identity' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'withdrawal' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Record type' }).selectOption({ label: 'All records' });
  await page.getByLabel("Admin's user name").fill('somebody-else');
  await page.getByLabel("Admin's user name").press('Enter');
  await expect(page.getByText('No admin action matches these filters.')).toBeVisible();
  await page.getByLabel("Admin's user name").fill('ADMIN');
  await page.getByLabel("Admin's user name").press('Enter');
  await expect(rows).toHaveCount(4);
  // Tomorrow on: nothing yet. Today: everything.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA');
  await page.getByLabel('From').fill(day(1));
  await expect(page.getByText('No admin action matches these filters.')).toBeVisible();
  await page.getByLabel('From').fill(day(0));
  await page.getByLabel('To').fill(day(0));
  await expect(rows).toHaveCount(4);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel("Admin's user name")).toHaveValue('');
  await expect(rows).toHaveCount(4);
});

test('"Sign out on all devices" asks first, then ends the member\'s session where they are: their open chat page asks them to log in again', async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(90_000);
  const memberContext = await browser.newContext({ baseURL: app.baseURL, viewport: { width: 390, height: 844 } });
  try {
    const member = await memberContext.newPage();
    await logIn(member, MIA);
    await member.goto('/en/message');
    await expect(member.getByRole('list', { name: 'Conversations' }).getByRole('link').first()).toBeVisible();

    await logIn(page, ADMIN);
    await page.goto('/en/admin/users');
    await page.getByLabel('User name, e-mail or uuid').fill('member');
    await page.getByRole('button', { name: 'Look up' }).click();
    const card = page.getByRole('article', { name: 'Mia' });
    await expect(card).toContainText('member@');
    await card.getByRole('button', { name: 'Sign out on all devices' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign Mia out on all devices?' });
    await expect(confirm).toContainText('Every session of this account ends now');
    // Cancelling ends nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await card.getByRole('button', { name: 'Sign out on all devices' }).click();
    await confirm.getByRole('button', { name: 'Sign out on all devices' }).click();
    await expect(confirm).toBeHidden();

    // The member's open chat page learns it without a reload or a tap, and the app is theirs as a guest's.
    const ended = member.getByRole('dialog', { name: 'Session expired' });
    await expect(ended).toContainText('You were signed out because your session ended. Please log in again.');
    await ended.getByRole('button', { name: 'OK' }).click();
    await expect(ended).toBeHidden();
    await member.goto('/en/member');
    await expect(member.getByRole('button', { name: 'Log in or create an account' })).toBeVisible();
  } finally {
    await memberContext.close();
  }
});
