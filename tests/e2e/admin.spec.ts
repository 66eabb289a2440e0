import { expect, test } from './fixtures';
import { logIn } from './log-in';

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
    await expect(page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: section })).toHaveAttribute('aria-current', 'page');
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
  await expect(row.getByText('These points come from test-mode payments, which are not real money: this withdrawal can only be rejected.')).toBeVisible();
  await expect(row.getByRole('button', { name: /as paid$/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Reject withdrawal \d+$/ })).toBeVisible();
});

/**
 * Issue 31 item 12: admins hide listings, they never delete them. An admin hides one of Vera's profiles with a
 * reason; Vera still finds it among her profiles, marked hidden by moderation with that reason and what she can
 * do (edit it, contact support), on the list and on its preview; a guest opening its address gets the 404 page.
 */
test('a profile an admin hides stays in its owner\'s list with the reason, and guests get the 404 page', async ({ page }) => {
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
  // By value: the select's placeholder option is also labelled "Hidden".
  await page.getByLabel('Status').selectOption('hidden');
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
