import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export interface Credentials {
  account: string;
  password: string;
}

/** Demo accounts (server/seed): Mia, a member, and Paul, a paid member; the demo conversation is between them. */
export const MIA: Credentials = { account: 'member', password: 'member-pass-2026' };
export const PAUL: Credentials = { account: 'paid', password: 'paid-pass-2026' };

/** Logs `who` in on the login page and waits until the member page shows them signed in. */
export async function logIn(page: Page, who: Credentials): Promise<void> {
  await page.goto('/en/login');
  await page.getByLabel('User name or e-mail').fill(who.account);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** Logs `who` in through the login dialog already open on the page (a guarded action opened it). */
export async function logInThroughDialog(page: Page, who: Credentials): Promise<void> {
  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login).toBeVisible();
  await login.getByLabel('User name or e-mail').fill(who.account);
  await login.getByLabel('Password', { exact: true }).fill(who.password);
  await login.getByRole('button', { name: 'Log in' }).click();
}

/** A new account, logged in (through the auth dialog, as a newcomer does): an empty wallet, no verification. */
export async function registerMember(page: Page, name: string, password = 'member-pass-2026'): Promise<void> {
  await page.goto('/en/member');
  await page.getByRole('button', { name: 'Log in or create an account' }).click();
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('dialog', { name: 'Create an account' });
  await form.getByLabel('User name').fill(name);
  await expect(form.getByText('This user name is available.')).toBeVisible();
  await form.getByLabel('E-mail').fill(`${name}@example.test`);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('alertdialog', { name: 'Welcome to Venuely' }).getByRole('button', { name: 'Later' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}
