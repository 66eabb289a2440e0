import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 11 in Chromium against the real server and socket: the demo conversation is waiting with unread messages,
 * messages go both ways live, the unread badge follows the server, a new message elsewhere in the app shows a toast,
 * and a partner's chat starts with the unlock.
 */

const MIA = { account: 'member', password: 'member-pass-2026' };
const PAUL = { account: 'paid', password: 'paid-pass-2026' };

async function logIn(page: Page, who: { account: string; password: string }) {
  await page.goto('/en/login');
  await page.getByLabel('User name or e-mail').fill(who.account);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

async function newMember(browser: Browser, baseURL: string, who: { account: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await logIn(page, who);
  return page;
}

const messagesTab = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });
const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
const messageList = (page: Page) => page.getByRole('list', { name: 'Messages' });

test('the demo conversation waits with its unread messages; opening it reads them', async ({ page }) => {
  await logIn(page, MIA);
  // Two from Paul, and the system contact's welcome.
  await expect(messagesTab(page)).toHaveAccessibleName('Messages, 3 unread');
  await messagesTab(page).click();
  await expect(page).toHaveURL(/\/en\/message$/);
  const paul = conversations(page).getByRole('link').filter({ hasText: 'Paul' });
  await expect(paul).toContainText('Shall we meet at the entrance at 19:30?');
  await expect(paul).toContainText('2 unread');
  const venuely = conversations(page).getByRole('link').filter({ hasText: 'Venuely' });
  await expect(venuely).toContainText('Welcome to Venuely!');

  await paul.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paul' })).toBeVisible();
  await expect(messageList(page).getByText('Hi Mia! Are you going to the jazz night at Blue Note on Friday?')).toBeVisible();
  await expect(messageList(page).getByText('Shall we meet at the entrance at 19:30?')).toBeVisible();
  // Read: only the welcome is left, on the server too (a reload keeps the count).
  await expect(messagesTab(page)).toHaveAccessibleName('Messages, 1 unread');
  await page.reload();
  await expect(messagesTab(page)).toHaveAccessibleName('Messages, 1 unread');

  // The system contact cannot be answered.
  await page.goto('/en/message');
  await conversations(page).getByRole('link').filter({ hasText: 'Venuely' }).click();
  await expect(page.getByText('This is where Venuely sends you notices. It cannot be answered.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expect(messagesTab(page)).toHaveAccessibleName('Messages');
});

test('messages go both ways live, shown once, with a toast where the conversation is not open', async ({ page, browser, app }) => {
  await logIn(page, MIA);
  await page.goto('/en/message');
  await conversations(page).getByRole('link').filter({ hasText: 'Paul' }).click();
  const paulPage = await newMember(browser, app.baseURL, PAUL);
  await paulPage.goto('/en/message');
  await conversations(paulPage).getByRole('link').filter({ hasText: 'Mia' }).click();
  await expect(paulPage.getByRole('heading', { level: 1, name: 'Mia' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Message' }).fill('Perfect, see you at 19:30!');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const mine = messageList(page).getByRole('listitem').filter({ hasText: 'Perfect, see you at 19:30!' });
  await expect(mine).toContainText('Sent');
  await expect(messageList(paulPage).getByText('Perfect, see you at 19:30!')).toHaveCount(1);

  // Enter sends too; Paul answers.
  await paulPage.getByRole('textbox', { name: 'Message' }).fill('Great!');
  await paulPage.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(messageList(page).getByText('Great!', { exact: true })).toHaveCount(1);

  // Mia elsewhere in the app: Paul's next message is a toast and an unread count.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/en\/search$/);
  await paulPage.getByRole('textbox', { name: 'Message' }).fill('I booked a table.');
  await paulPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Paul: I booked a table.')).toBeVisible();
  await expect(messagesTab(page)).toHaveAccessibleName('Messages, 2 unread');
  await paulPage.context().close();
});

test('a partner chat starts with the unlock; blocking stops the conversation until unblocked', async ({ page }) => {
  await logIn(page, MIA);
  await page.goto('/en/partner/1');
  await page.getByRole('link', { name: 'Chat' }).click();
  await expect(page).toHaveURL(/\/en\/message\/([0-9a-f-]{36})-\1$/);
  await expect(page.getByText(/Unlocking costs \d+ points, once\./)).toBeVisible();
  await page.getByRole('button', { name: 'Unlock chat' }).click();
  await expect(messageList(page).getByText('You unlocked this chat.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello! Are you free on Saturday?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messageList(page).getByRole('listitem').filter({ hasText: 'Hello! Are you free on Saturday?' })).toContainText('Sent');

  await page.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('You blocked this user. Unblock them to send messages.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

  // The conversation is in the list, as the profile.
  await page.goto('/en/message');
  await expect(conversations(page).getByRole('link').filter({ hasText: 'Profile' })).toContainText('Hello! Are you free on Saturday?');
});

test('a link to a conversation that cannot exist is the 404 page', async ({ page }) => {
  await logIn(page, MIA);
  await page.goto('/en/message/not-a-channel');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
});
