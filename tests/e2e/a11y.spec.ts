import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import type { Locale } from '../../src/contract/enums';
import { HOME_HEADING, msg, NOT_FOUND_TITLE } from './catalog';
import { expect, test } from './fixtures';

/** Automated accessibility checks (axe-core): no serious or critical violation on every screen of the app. */

async function expectNoBlockingViolations(page: Page, testInfo: TestInfo, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  if (report.length > 0) {
    console.log(`Accessibility violations on ${label}:\n${report.join('\n')}`);
    await testInfo.attach('axe violations', { body: JSON.stringify(blocking, null, 2), contentType: 'application/json' });
  }
  expect(report).toEqual([]);
}

const pages: { name: string; path: string; locale: Locale; heading: string }[] = [
  { name: 'home (English)', path: '/en', locale: 'en', heading: HOME_HEADING },
  { name: 'home (Arabic, right to left)', path: '/ar', locale: 'ar', heading: HOME_HEADING },
  { name: '404 page', path: '/en/nope', locale: 'en', heading: NOT_FOUND_TITLE },
];

for (const { name, path, locale, heading } of pages) {
  test(`${name} has no serious or critical accessibility violations`, async ({ page }, testInfo) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: msg(locale, heading), exact: true })).toBeVisible();
    await expectNoBlockingViolations(page, testInfo, path);
  });
}

/** Screens a guest can open, each with the level-1 heading it must show. */
const guestScreens: [path: string, heading: string][] = [
  ['/en/login', 'Log in'],
  ['/en/register', 'Create an account'],
  ['/en/forget-password', 'Reset your password'],
  ['/en/resetlink-success?email=someone%40example.test', 'Check your e-mail'],
  ['/en/reset-pwd?token=abcdefghijklmnopqrstuvwxyz', 'Choose a new password'],
  ['/en/member', 'My account'],
  ['/en/info/about-us', 'About Venuely'],
  ['/en/info/privacy-policy', 'Privacy policy'],
  ['/en/info/terms', 'Terms of use'],
  ['/ar/login', 'تسجيل الدخول'],
];

for (const [path, heading] of guestScreens) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }, testInfo) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    await expectNoBlockingViolations(page, testInfo, path);
  });
}

for (const code of ['401', '403'] as const) {
  test(`the ${code} page has no serious or critical accessibility violations`, async ({ page }, testInfo) => {
    await page.goto(`/en/${code}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoBlockingViolations(page, testInfo, `/en/${code}`);
  });
}

test('the auth dialog (login and register views) has no serious or critical accessibility violations', async ({ page }, testInfo) => {
  await page.goto('/en/member');
  await page.getByRole('button', { name: 'Log in or create an account' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  await expectNoBlockingViolations(page, testInfo, 'auth dialog: login');
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('dialog', { name: 'Create an account' })).toBeVisible();
  await expectNoBlockingViolations(page, testInfo, 'auth dialog: register');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the member screens have no serious or critical accessibility violations', async ({ page }, testInfo) => {
  await page.goto('/en/login');
  await page.getByLabel('User name or e-mail').fill('member');
  await page.getByLabel('Password', { exact: true }).fill('member-pass-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/member$/);
  const screens: [path: string, heading: string][] = [
    ['/en/member', 'My account'],
    ['/en/member/setup', 'Account settings'],
    ['/en/member/setup/change-email', 'Change e-mail'],
    ['/en/member/setup/change-password', 'Change password'],
    ['/en/member/setup/verify-email', 'Verify e-mail'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    await expectNoBlockingViolations(page, testInfo, path);
  }
});
