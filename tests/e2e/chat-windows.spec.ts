import { expect, test } from './fixtures';
import { logIn, MIA, PAUL } from './log-in';
import { conversations, messageList, openWith } from './chat-pages';

/**
 * A member's chat open in more windows than the server allows (CHAT_SOCKETS_PER_USER, here 1): the newest window
 * gets the chat, the older one says where it went and offers to take it back, as WhatsApp Web does ("Use here"). A
 * message written meanwhile waits in that window and goes out once it is used here.
 */

test.use({ viewport: { width: 390, height: 844 }, serverSettings: { CHAT_SOCKETS_PER_USER: '1' } });

const ELSEWHERE = 'Chat is open in another window. Messages will be sent once you use it here.';

test('a second window takes the chat; the first says so, keeps what is written there, and takes it back with "Use here"', async ({ page, browser, app }) => {
  test.setTimeout(90_000);
  const paulContext = await browser.newContext({ baseURL: app.baseURL, viewport: { width: 390, height: 844 } });
  try {
    const paul = await paulContext.newPage();
    await logIn(paul, PAUL);
    await openWith(paul, 'Mia');

    await logIn(page, MIA);
    await openWith(page, 'Paul');
    await expect(page.getByText(ELSEWHERE)).toHaveCount(0);

    // Mia opens the chat in a second window of the same browser: the server closes the first window's socket.
    const second = await page.context().newPage();
    await second.goto('/en/message');
    await expect(conversations(second).getByRole('link').filter({ hasText: 'Paul' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: ELSEWHERE })).toBeVisible();
    await expect(second.getByText(ELSEWHERE)).toHaveCount(0);

    // Written in the first window meanwhile: it shows there, and waits.
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Written while the chat was in the other window');
    await box.press('Enter');
    await expect(messageList(page).getByText('Written while the chat was in the other window', { exact: true })).toBeVisible();
    // Paul's window, on the same conversation, has not received it: the message never left Mia's first window.
    await paul.waitForTimeout(1500);
    await expect(messageList(paul).getByText('Written while the chat was in the other window', { exact: true })).toHaveCount(0);

    // "Use here": the first window takes the chat back, sends what waited, and the second window now says so.
    await page.getByRole('button', { name: 'Use here' }).click();
    await expect(page.getByText(ELSEWHERE)).toHaveCount(0);
    await expect(messageList(paul).getByText('Written while the chat was in the other window', { exact: true })).toBeVisible();
    await expect(second.getByRole('status').filter({ hasText: ELSEWHERE })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Use here' })).toBeVisible();
  } finally {
    await paulContext.close();
  }
});
