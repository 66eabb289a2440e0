import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export interface Credentials {
  account: string;
  password: string;
}

/** Logs `who` in on the login page and waits until the member page shows them signed in. */
export async function logIn(page: Page, who: Credentials): Promise<void> {
  await page.goto('/en/login');
  await page.getByLabel('User name or e-mail').fill(who.account);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}
