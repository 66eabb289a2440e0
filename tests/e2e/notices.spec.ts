import { expect, test } from './fixtures';
import { logIn } from './log-in';

/**
 * Issue 30 item 4 in Chromium: the system contact ("Venuely") speaks the member's language and sends the notices it
 * promises. The demo applicant, browsing in Arabic, finds the welcome in Arabic; when an admin approves their identity
 * check, the notice arrives in Arabic on the open Messages page, without a reload.
 */

const APPLICANT = { account: 'applicant', password: 'applicant-pass-2026' };
const ADMIN = { account: 'admin', password: 'admin-pass-2026' };

const WELCOME_AR = 'مرحبًا بك في Venuely! ستجد هنا إشعارات حول حسابك. استكشافًا ممتعًا.';
const APPROVED_AR = 'تم التحقق من هويتك. يمكنك الآن سحب النقاط ونشر الإعلانات.';

test('the demo applicant reads Venuely in Arabic: the welcome, then the approval of their identity check, live', async ({ page, browser, app }) => {
  test.setTimeout(90_000);
  await logIn(page, APPLICANT);
  await page.goto('/ar/message');
  const venuely = page.getByRole('list', { name: 'المحادثات' }).getByRole('link').filter({ hasText: 'Venuely' });
  await expect(venuely).toContainText('مرحبًا بك في Venuely!');

  const admin = await (await browser.newContext({ baseURL: app.baseURL, viewport: { width: 1280, height: 800 } })).newPage();
  await logIn(admin, ADMIN);
  await admin.goto('/en/admin/kyc');
  const queue = admin.getByRole('list', { name: 'Identity checks' });
  await queue.getByRole('article', { name: 'Kim' }).getByRole('button', { name: 'Approve Kim Min-ji' }).click();
  await admin.getByRole('dialog', { name: 'Approve the identity of Kim Min-ji?' }).getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(queue.getByRole('article', { name: 'Kim' })).toHaveCount(0);

  // Live, on the page the applicant has open: the contact list's last message is the notice, in Arabic.
  await expect(venuely).toContainText('تم التحقق من هويتك.');
  await venuely.click();
  await expect(page.getByText(APPROVED_AR, { exact: true })).toBeVisible();
  await expect(page.getByText(WELCOME_AR, { exact: true })).toBeVisible();
  await admin.context().close();
});
