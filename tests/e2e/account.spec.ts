import { expect, test } from './fixtures';
import { msg } from './catalog';
import { logInThroughDialog, MIA } from './log-in';

/** The account journey of issue 3: register in the dialog, verify by mailed code, log out, log in; guards; expiry. */

const code = (text: string) => /\b(\d{6})\b/.exec(text)![1];

test('a newcomer registers in the dialog, verifies the e-mail with the mailed code, logs out and logs in', async ({ page, app }) => {
  await page.goto('/en/member');
  await page.getByRole('button', { name: 'Log in or create an account' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login).toBeVisible();
  await login.getByRole('button', { name: 'Create an account' }).click();

  const register = page.getByRole('dialog', { name: 'Create an account' });
  await register.getByLabel('User name').fill('newcomer');
  await expect(register.getByText('This user name is available.')).toBeVisible();
  await register.getByLabel('E-mail').fill('newcomer@example.test');
  await register.getByLabel('Password', { exact: true }).fill('a-long-password');
  await register.getByRole('button', { name: 'Create account' }).click();

  const welcome = page.getByRole('alertdialog', { name: 'Welcome to Venuely' });
  await welcome.getByRole('button', { name: 'Verify now' }).click();
  await expect(page).toHaveURL(/\/en\/member\/setup$/);
  await page.getByRole('link', { name: 'Verify your e-mail' }).click();
  await expect(page).toHaveURL(/\/en\/member\/setup\/verify-email$/);

  const sent = app.mailbox.length;
  await page.getByRole('button', { name: 'Send code' }).click();
  const mail = await app.waitForMail('newcomer@example.test', sent);
  await page.getByLabel('Verification code').fill(code(mail.text));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Back to account settings' })).toBeVisible();

  await page.goto('/en/member');
  await expect(page.getByText('newcomer', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Log in or create an account' })).toBeVisible();

  await page.getByRole('button', { name: 'Log in or create an account' }).click();
  await logInThroughDialog(page, { account: 'newcomer@example.test', password: 'a-long-password' });
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeHidden();
});

test('the member page has one title, for a guest and once logged in', async ({ page }) => {
  await page.goto('/en/member');
  await expect(page.getByRole('button', { name: 'Log in or create an account' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(['My account']);
  await page.getByRole('button', { name: 'Log in or create an account' }).click();
  await logInThroughDialog(page, MIA);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(['My account']);
});

test('a guest opening an auth route gets the login dialog and lands on the route after logging in', async ({ page }) => {
  await page.goto('/en/member/setup/change-password');
  await logInThroughDialog(page, MIA);
  await expect(page).toHaveURL(/\/en\/member\/setup\/change-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
});

test('a session revoked by the server gives exactly one expiry dialog, then the localized login page', async ({ page, browser, baseURL }) => {
  await page.goto('/ja/member/setup');
  const login = page.getByRole('dialog');
  await login.getByRole('textbox').first().fill('paid');
  await login.locator('input[type=password]').fill('paid-pass-2026');
  await login.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/ja\/member\/setup$/);

  // The same user changes the password on another device: every other session is revoked by the server.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto('/en/login');
  await otherPage.getByLabel('User name or e-mail').fill('paid');
  await otherPage.getByLabel('Password', { exact: true }).fill('paid-pass-2026');
  await otherPage.getByRole('button', { name: 'Log in' }).click();
  await expect(otherPage).toHaveURL(/\/en\/member$/);
  await otherPage.goto('/en/member/setup/change-password');
  await otherPage.getByLabel('Current password').fill('paid-pass-2026');
  await otherPage.getByLabel('New password', { exact: true }).fill('paid-pass-2027');
  await otherPage.getByLabel('Repeat the new password').fill('paid-pass-2027');
  await otherPage.getByRole('button', { name: 'Change password' }).click();
  await expect(otherPage).toHaveURL(/\/en\/member\/setup$/);
  await other.close();

  // The session's chat socket is closed at once (4001, issue 29 item 1); the app asks for a new chat token with the
  // dead session and gets 422, with no action of the user's. Several expiries at once are handled once
  // (token-expiry.machine tests); here: one dialog, and after it the localized login page.
  const expired = page.getByRole('dialog').filter({ has: page.locator('img, svg') }).filter({ hasText: /セッション/ });
  await expect(expired).toHaveCount(1);
  await expired.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/ja\/login$/);
});

test('a text field without a placeholder of its own shows the spec default, "enter text" in the page language', async ({ page }) => {
  await page.goto('/zh-hans/forget-password');
  const email = page.getByRole('textbox').first();
  // Spec section 5: the default placeholder means "enter text" (in Chinese: 请输入).
  await expect(email).toHaveAttribute('placeholder', '请输入');
  await page.goto('/en/login');
  await expect(page.getByLabel('User name or e-mail')).toHaveAttribute('placeholder', 'Enter text');
});

test('the account pages, the auth dialog and their field errors read in the page language (the forms catalog)', async ({ page }) => {
  // German: the login page's form, its validation and the auth dialog are texts of locales/de/forms.po, which the
  // first page does not download; the page and the dialog load it before they show.
  await page.goto('/de/login');
  await expect(page.getByRole('heading', { level: 1, name: msg('de', 'Log in') })).toBeVisible();
  const account = page.getByLabel(msg('de', 'User name or e-mail'));
  await expect(account).toBeVisible();
  await page.getByRole('button', { name: msg('de', 'Log in') }).click();
  await expect(page.getByText(msg('de', 'This field is required.')).first()).toBeVisible();

  await page.goto('/de/member');
  await page.getByRole('button', { name: msg('de', 'Log in or create an account') }).click();
  const dialog = page.getByRole('dialog', { name: msg('de', 'Log in') });
  await expect(dialog.getByLabel(msg('de', 'User name or e-mail'))).toBeVisible();
  await dialog.getByRole('button', { name: msg('de', 'Create an account') }).click();
  await expect(page.getByRole('dialog', { name: msg('de', 'Create an account') }).getByLabel(msg('de', 'User name'), { exact: true })).toBeVisible();
});
