import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logIn, MIA, PAUL } from './log-in';
import { conversations, messageList, openWith } from './chat-pages';

/**
 * Issue 30 items 1 and 2 on a phone (390×844): a conversation behaves like WhatsApp's or Telegram's. It opens at the
 * newest message or at an "unread messages" divider, follows new messages while at the bottom and counts them on a
 * pill when scrolled up, keeps its place when earlier messages load; it fits the screen with a fixed header, no tab
 * bar, a one-row composer whose box grows up to five lines, and Block and Report in an overflow menu.
 */

test.use({ viewport: { width: 390, height: 844 } });

const bubble = (page: Page, text: string) => messageList(page).getByText(text, { exact: true });

async function paulsPage(browser: Browser, baseURL: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } })).newPage();
  await logIn(page, PAUL);
  await openWith(page, 'Mia');
  return page;
}

async function write(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/** Scrolls the message list with the mouse wheel, as a user would (negative: up). */
async function scrollList(page: Page, deltaY: number) {
  await messageList(page).hover();
  await page.mouse.wheel(0, deltaY);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no bounding box');
  return found;
}

test('a conversation opens at its first unread or newest message, follows new ones at the bottom and counts them when scrolled up', async ({ page, browser, app }) => {
  test.setTimeout(90_000);
  await logIn(page, MIA);
  // The demo conversation: the last two of Paul's messages are unread, under the divider.
  await openWith(page, 'Paul');
  await expect(messageList(page).getByText('2 unread messages')).toBeInViewport();
  await expect(bubble(page, 'Shall we meet at the entrance at 19:30?')).toBeInViewport();

  // Paul writes twenty more while Mia is on her contact list.
  await page.getByRole('link', { name: 'Back' }).click();
  const paul = await paulsPage(browser, app.baseURL);
  for (let n = 1; n <= 20; n++) await write(paul, `Note ${n}`);
  await expect(messageList(paul).getByRole('listitem').filter({ hasText: 'Note 20' })).toContainText('Sent');

  // Mia opens it at the divider: the first unread message shows, the newest is further down.
  await conversations(page).getByRole('link').filter({ hasText: 'Paul' }).click();
  await expect(messageList(page).getByText('20 unread messages')).toBeInViewport();
  await expect(bubble(page, 'Note 1')).toBeInViewport();
  await expect(bubble(page, 'Note 20')).not.toBeInViewport();

  // Opened again with nothing unread: at the newest message; the oldest is above, out of view.
  await page.reload();
  await expect(bubble(page, 'Note 20')).toBeInViewport();
  await expect(bubble(page, 'Note 1')).toBeAttached();
  await expect(bubble(page, 'Note 1')).not.toBeInViewport();
  await expect(messageList(page).getByText(/unread message/)).toHaveCount(0);

  // Only the list scrolls: the header stays where it was, the page does not move.
  const heading = page.getByRole('heading', { level: 1, name: 'Paul' });
  const headerAt = await box(heading);
  const backAt = await box(page.getByRole('link', { name: 'Back' }));
  await scrollList(page, -600);
  await expect(bubble(page, 'Note 20')).not.toBeInViewport();
  expect(await box(heading)).toEqual(headerAt);
  expect(await box(page.getByRole('link', { name: 'Back' }))).toEqual(backAt);
  expect(await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0)).toBe(0);

  // Scrolled up, Paul's message does not pull the list down: a pill counts it, and a tap goes to the bottom.
  await expect(page.getByRole('button', { name: 'Go to the newest message' })).toBeVisible();
  await write(paul, 'Are you still there?');
  const pill = page.getByRole('button', { name: '1 new message' });
  await expect(pill).toBeVisible();
  await expect(bubble(page, 'Are you still there?')).toBeAttached();
  await expect(bubble(page, 'Are you still there?')).not.toBeInViewport();
  await pill.click();
  await expect(bubble(page, 'Are you still there?')).toBeInViewport();
  await expect(pill).toBeHidden();
  await expect(page.getByRole('button', { name: 'Go to the newest message' })).toBeHidden();

  // At the bottom, new messages come into view by themselves: Paul's, and Mia's own.
  await write(paul, 'I am at the bar.');
  await expect(bubble(page, 'I am at the bar.')).toBeInViewport();
  await write(page, 'Coming!');
  await expect(messageList(page).getByRole('listitem').filter({ hasText: 'Coming!' })).toContainText('Sent');
  await expect(bubble(page, 'Coming!')).toBeInViewport();

  // Earlier messages go on top without moving what is on screen.
  await scrollList(page, -10_000);
  const earlier = page.getByRole('button', { name: 'Show earlier messages' });
  await expect(earlier).toBeInViewport();
  const noteAt = await box(bubble(page, 'Note 1'));
  await earlier.click();
  await expect(bubble(page, 'Hi Mia! Are you going to the jazz night at Blue Note on Friday?')).toBeAttached();
  const noteNow = await box(bubble(page, 'Note 1'));
  expect(Math.abs(noteNow.y - noteAt.y)).toBeLessThanOrEqual(2);
  await paul.context().close();
});

test('the conversation fits the screen: its own fixed header, no tab bar, a one-row composer that grows to five lines, Block and Report under More options', async ({ page }) => {
  await logIn(page, MIA);
  await openWith(page, 'Paul');

  // The conversation's frame: no tab bar, no app header; the page itself does not scroll.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Venuely', exact: true })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(844);

  // The composer: photo button, text box and send button on one row, at the bottom of the screen.
  const attach = page.getByRole('button', { name: 'Send a photo' });
  const text = page.getByRole('textbox', { name: 'Message' });
  const send = page.getByRole('button', { name: 'Send', exact: true });
  const [a, t, s] = [await box(attach), await box(text), await box(send)];
  const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
  expect(Math.abs(middle(a) - middle(t))).toBeLessThanOrEqual(4);
  expect(Math.abs(middle(s) - middle(t))).toBeLessThanOrEqual(4);
  expect(a.x + a.width).toBeLessThanOrEqual(t.x);
  expect(t.x + t.width).toBeLessThanOrEqual(s.x);
  expect(t.y + t.height).toBeLessThanOrEqual(844);
  expect(t.y + t.height).toBeGreaterThan(844 - 80);

  // The box grows with its lines up to five, then scrolls; the buttons stay beside it, on its last line.
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');
  await text.fill(lines(3));
  const three = await box(text);
  expect(three.height).toBeGreaterThan(t.height + 30);
  await text.fill(lines(5));
  const five = await box(text);
  expect(five.height).toBeGreaterThan(three.height + 30);
  await text.fill(lines(12));
  const twelve = await box(text);
  expect(Math.abs(twelve.height - five.height)).toBeLessThanOrEqual(1);
  expect(await text.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  expect(Math.abs((await box(send)).y + s.height - (twelve.y + twelve.height))).toBeLessThanOrEqual(4);
  expect(Math.abs((await box(attach)).y + a.height - (twelve.y + twelve.height))).toBeLessThanOrEqual(4);
  await text.fill('');

  // Block and Report are in the overflow menu, which the keyboard drives as a menu.
  await expect(page.getByRole('button', { name: 'Block' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Report', exact: true })).toHaveCount(0);
  const more = page.getByRole('button', { name: 'More options' });
  await more.click();
  const menu = page.getByRole('menu', { name: 'More options' });
  await expect(menu.getByRole('menuitem', { name: 'Block' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Report' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Block' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  await more.click();
  await menu.getByRole('menuitem', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report this user' });
  await expect(report).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();

  await more.click();
  await menu.getByRole('menuitem', { name: 'Block' }).click();
  await expect(page.getByText('You blocked this user. Unblock them to send messages.')).toBeVisible();
  await more.click();
  await menu.getByRole('menuitem', { name: 'Unblock' }).click();
  await expect(text).toBeVisible();
});
