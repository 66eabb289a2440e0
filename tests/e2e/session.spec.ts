import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logInThroughDialog, MIA } from './log-in';

/**
 * Issue 10 item 9: the session survives what people do right after logging in: a reload, a link, a closed tab, a
 * network blip. The token and the user are stored the moment the server answers.
 */

test('a new member who reloads while the welcome question is open is still logged in', async ({ page }) => {
  await page.goto('/en/member');
  await page.getByRole('button', { name: 'Log in or create an account' }).click();
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Create an account' }).click();
  const register = page.getByRole('dialog', { name: 'Create an account' });
  await register.getByLabel('User name').fill('reloader');
  await expect(register.getByText('This user name is available.')).toBeVisible();
  await register.getByLabel('E-mail').fill('reloader@example.test');
  await register.getByLabel('Password', { exact: true }).fill('a-long-password');
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Welcome to Venuely' })).toBeVisible();

  // Reload at once, without answering.
  await page.reload();
  await page.goto('/en/member');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByText('reloader', { exact: true }).first()).toBeVisible();
});

/** Registers `name` on /en/register and waits for the welcome question. */
async function registerOnThePage(page: Page, name: string): Promise<void> {
  await page.goto('/en/register');
  await page.getByLabel('User name').fill(name);
  await expect(page.getByText('This user name is available.')).toBeVisible();
  await page.getByLabel('E-mail').fill(`${name}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Welcome to Venuely' })).toBeVisible();
}

test('a new member who registers on the register page and reloads while the welcome question is open is still logged in', async ({ page }) => {
  await registerOnThePage(page, 'pagereloader');

  // Reload at once, without answering.
  await page.reload();
  await page.goto('/en/member');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByText('pagereloader', { exact: true }).first()).toBeVisible();
});

test('a new member who registers on the register page and answers "Verify now" lands on the account settings, logged in', async ({ page }) => {
  await registerOnThePage(page, 'pageverifier');
  await page.getByRole('alertdialog', { name: 'Welcome to Venuely' }).getByRole('button', { name: 'Verify now' }).click();
  await expect(page).toHaveURL(/\/en\/member\/setup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
});

test('a member who opens a guarded page with a full reload right after logging in stays logged in', async ({ page }) => {
  await page.goto('/en/member');
  await page.getByRole('button', { name: 'Log in or create an account' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('User name or e-mail').fill('member');
  await login.getByLabel('Password', { exact: true }).fill('member-pass-2026');
  const me = page.waitForResponse((response) => response.url().endsWith('/api/user/me'));
  await login.getByRole('button', { name: 'Log in' }).click();
  await me;
  // As soon as the user is known, a full navigation (a typed URL, a link opened in place).
  await page.goto('/en/member/setup/change-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeHidden();
});

test('a network blip on the app config at login does not log the member out', async ({ page }) => {
  let failed = 0;
  await page.route('**/api/home/config', async (route) => {
    if (failed++ === 0) return route.abort('internetdisconnected');
    return route.continue();
  });
  await page.goto('/en/member/setup');
  await logInThroughDialog(page, MIA);
  await expect(page).toHaveURL(/\/en\/member\/setup$/);
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeHidden();
  await page.reload();
  await page.goto('/en/member');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(failed).toBeGreaterThanOrEqual(1);
});
