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

