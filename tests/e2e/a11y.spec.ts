import AxeBuilder from '@axe-core/playwright';
import type { Locale } from '../../src/contract/enums';
import { HOME_HEADING, msg, NOT_FOUND_TITLE } from './catalog';
import { expect, test } from './fixtures';

/** Automated accessibility checks (axe-core): no serious or critical violation on the pages the app has. */
const pages: { name: string; path: string; locale: Locale; heading: string }[] = [
  { name: 'home (English)', path: '/en', locale: 'en', heading: HOME_HEADING },
  { name: 'home (Arabic, right to left)', path: '/ar', locale: 'ar', heading: HOME_HEADING },
  { name: '404 page', path: '/en/nope', locale: 'en', heading: NOT_FOUND_TITLE },
];

for (const { name, path, locale, heading } of pages) {
  test(`${name} has no serious or critical accessibility violations`, async ({ page }, testInfo) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: msg(locale, heading), exact: true })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const report = blocking.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
    );
    if (report.length > 0) {
      console.log(`Accessibility violations on ${path}:\n${report.join('\n')}`);
      await testInfo.attach('axe violations', { body: JSON.stringify(blocking, null, 2), contentType: 'application/json' });
    }
    expect(report).toEqual([]);
  });
}
