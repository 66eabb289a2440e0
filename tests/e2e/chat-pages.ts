import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The chat's screens as the browser tests find them, by role and name (the English catalog). */
export const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
export const messageList = (page: Page) => page.getByRole('list', { name: 'Messages' });

/** Opens the conversation with `name` from the contact list, as a member taps it. */
export async function openWith(page: Page, name: string): Promise<void> {
  await page.goto('/en/message');
  await conversations(page).getByRole('link').filter({ hasText: name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}
