import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logIn, MIA, registerMember } from './log-in';

/**
 * Issue 13 in Chromium with its fake camera: a member goes through the four steps of identity verification, taking
 * the photos with the camera, and the application waits for review; the address and a reload keep the progress.
 * Issue 31: the account menu offers the verification with its status (item 6), and the status page follows the review
 * by itself, without a "Check again" button (item 8); step 1 opens with the intro and the member's agreement, each photo
 * step shows an example of a good photo, the review shows the photos with "Retake", and the main button is never
 * under the tab bar (item 7).
 */

/** The account menu's identity verification row on /member. */
const kycRow = (page: Page) => page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: /^Identity verification/ });

/** Each photo's button: a whole sentence per photo (issue 30 item 13), not "Take the" + the photo's label. */
const TAKE_BUTTONS: Record<string, string> = {
  'Front of the document': 'Take the front of the document',
  'Back of the document': 'Take the back of the document',
  Selfie: 'Take the selfie',
};

/** Takes the photo `label` with the camera; a photo the check finds poor is retaken, then used. */
async function takePhoto(page: Page, label: string) {
  await page.getByRole('button', { name: TAKE_BUTTONS[label], exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog.getByLabel('Camera view')).toBeVisible();
  for (let attempt = 0; attempt < 3; attempt++) {
    await dialog.getByRole('button', { name: 'Take the photo' }).click();
    const use = dialog.getByRole('button', { name: /^Use (this photo|it anyway)$/ });
    const again = dialog.getByRole('button', { name: 'Take it again' });
    await expect(use.or(again).first()).toBeVisible();
    if (await use.isVisible()) {
      await use.click();
      break;
    }
    await again.click();
  }
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('img', { name: label })).toBeVisible();
}

test('a member completes the four steps with the camera, and the application waits for review', async ({ page }) => {
  test.setTimeout(90_000);
  await registerMember(page, 'kycmember');
  // A new member's account menu offers the verification, not started, and it leads to step 1.
  await expect(kycRow(page)).toHaveAccessibleName(/^Identity verification\s*Not started$/);
  await kycRow(page).click();
  await expect(page).toHaveURL(/\/en\/verify\/kyc\/step1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeVisible();
  await page.getByRole('button', { name: 'I agree, start' }).click();
  await expect(page.getByRole('list', { name: 'Verification steps' }).getByRole('listitem').first()).toHaveAttribute('aria-current', 'step');

  // An address ahead of the progress opens the first incomplete step.
  await page.goto('/en/verify/kyc/step3');
  await expect(page).toHaveURL(/\/en\/verify\/kyc\/step1$/);

  await page.getByRole('radio', { name: 'Identity card' }).check();
  await page.getByLabel('Issuing country').selectOption('DE');
  await page.getByLabel('Document number').fill('L01X00T47');
  await page.getByLabel('Full name, as printed on the document').fill('Erika Mustermann');
  await page.getByLabel('Date of birth').fill('2012-08-12');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('You must be 18 or older.')).toBeVisible();
  await page.getByLabel('Date of birth').fill('1990-08-12');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/en\/verify\/kyc\/step2$/);

  // Without the photos the step does not move on.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Add a photo of the back of the document.')).toBeVisible();
  await takePhoto(page, 'Front of the document');
  await takePhoto(page, 'Back of the document');

  // A reload keeps the progress: the values and the photos come back.
  await page.reload();
  await expect(page).toHaveURL(/\/en\/verify\/kyc\/step2$/);
  await expect(page.getByRole('img', { name: 'Back of the document' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/en\/verify\/kyc\/step3$/);
  await takePhoto(page, 'Selfie');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/en\/verify\/kyc\/step4$/);
  await expect(page.getByText('Erika Mustermann')).toBeVisible();
  await expect(page.getByText('L01X00T47')).toBeVisible();

  // The browser's back button returns to the selfie step, and forward to the review.
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/verify\/kyc\/step3$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/en\/verify\/kyc\/step4$/);

  await page.getByRole('button', { name: 'Send for verification' }).click();
  await expect(page.getByRole('heading', { name: 'Your identity is being verified' })).toBeVisible();
  // Under review, the steps are closed: the kyc guard shows the status.
  await page.goto('/en/verify/kyc/step1');
  await expect(page).toHaveURL(/\/en\/verify\/kyc\/step4$/);
  await expect(page.getByRole('heading', { name: 'Your identity is being verified' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check again' })).toHaveCount(0);

  // The account menu says it is in review, and leads to the status page.
  await page.getByRole('link', { name: 'Back to my account' }).click();
  await expect(page).toHaveURL(/\/en\/member$/);
  await expect(kycRow(page)).toHaveAccessibleName(/^Identity verification\s*In review$/);
  await kycRow(page).click();
  await expect(page).toHaveURL(/\/en\/verify\/kyc\/step4$/);
  await expect(page.getByRole('heading', { name: 'Your identity is being verified' })).toBeVisible();
  // Opened afresh (the server paints /member for a signed-in browser), the row still says it.
  await page.goto('/en/member');
  await expect(kycRow(page)).toHaveAccessibleName(/^Identity verification\s*In review$/);
});

/** The four steps, quickly: an identity card, both sides and the selfie, sent. */
async function applyWithCamera(page: Page, fullName: string) {
  await page.goto('/en/verify/kyc/step1');
  await page.getByRole('button', { name: 'I agree, start' }).click();
  await page.getByRole('radio', { name: 'Identity card' }).check();
  await page.getByLabel('Issuing country').selectOption('FR');
  await page.getByLabel('Document number').fill('X4RTBPFW4');
  await page.getByLabel('Full name, as printed on the document').fill(fullName);
  await page.getByLabel('Date of birth').fill('1988-02-29');
  await page.getByRole('button', { name: 'Next' }).click();
  await takePhoto(page, 'Front of the document');
  await takePhoto(page, 'Back of the document');
  await page.getByRole('button', { name: 'Next' }).click();
  await takePhoto(page, 'Selfie');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Send for verification' }).click();
  await expect(page.getByRole('heading', { name: 'Your identity is being verified' })).toBeVisible();
}

test('an admin approves one application and rejects another: each status page changes by itself, without a reload or a tap (the member can now publish; the other retries)', async ({ page, browser, app }) => {
  test.setTimeout(180_000);
  await registerMember(page, 'approved1');
  await applyWithCamera(page, 'Camille Martin');
  const second = await (await browser.newContext({ baseURL: app.baseURL })).newPage();
  await registerMember(second, 'rejected1');
  await applyWithCamera(second, 'Jules Bernard');
  // Both wait on the status page, which has nothing to press: it follows the review.
  for (const member of [page, second]) await expect(member.getByRole('button', { name: 'Check again' })).toHaveCount(0);
  const urls = [page.url(), second.url()];
  // A mark in each page's window: gone if the page were reloaded.
  for (const member of [page, second]) await member.evaluate(() => Object.assign(window, { kycStayed: true }));

  const admin = await (await browser.newContext({ baseURL: app.baseURL })).newPage();
  await logIn(admin, { account: 'admin', password: 'admin-pass-2026' });
  await admin.getByRole('link', { name: 'Admin console' }).click();
  await expect(admin).toHaveURL(/\/en\/admin\/kyc$/);
  const queue = admin.getByRole('list', { name: 'Identity checks' });
  const camille = queue.getByRole('article', { name: 'approved1' });
  await expect(camille).toContainText('Camille Martin');
  // The documents are decrypted for the admin.
  const front = camille.getByRole('button', { name: "Open Front of Camille Martin's document full size" });
  await expect(front).toBeVisible();
  await expect.poll(() => front.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await camille.getByRole('button', { name: 'Approve Camille Martin' }).click();
  await admin.getByRole('dialog', { name: 'Approve the identity of Camille Martin?' }).getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(queue.getByRole('article', { name: 'approved1' })).toHaveCount(0);

  const jules = queue.getByRole('article', { name: 'rejected1' });
  await jules.getByRole('button', { name: 'Reject Jules Bernard' }).click();
  const reject = admin.getByRole('dialog', { name: 'Reject the identity of Jules Bernard?' });
  await reject.getByRole('radio', { name: 'Another reason' }).check();
  await reject.getByLabel('Your reason').fill('The photo of the back is cut off. Take it again with every corner visible.');
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(reject).toHaveCount(0);
  await expect(queue.getByRole('article', { name: 'rejected1' })).toHaveCount(0);
  await admin.getByRole('link', { name: 'Audit log' }).click();
  await expect(admin.getByRole('table').getByRole('row').filter({ hasText: 'Rejected an identity' }).first()).toContainText('Status: Waiting for review → Rejected');

  // The status pages changed on their own, where they were (no navigation happened): approved, and rejected with
  // the admin's reason.
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible({ timeout: 30_000 });
  await expect(second.getByRole('heading', { name: 'Your verification was not accepted' })).toBeVisible({ timeout: 30_000 });
  await expect(second.getByText('The photo of the back is cut off.', { exact: false })).toBeVisible();
  expect([page.url(), second.url()]).toEqual(urls);
  for (const member of [page, second]) expect(await member.evaluate(() => (window as { kycStayed?: boolean }).kycStayed)).toBe(true);

  // The account menu now says verified.
  await page.getByRole('link', { name: 'Back to my account' }).click();
  await expect(kycRow(page)).toHaveAccessibleName(/^Identity verification\s*Verified$/);

  // Approved: the member may publish now.
  await page.goto('/en/member/partner/publish');
  await expect(page.getByRole('heading', { level: 1, name: 'Publish a profile' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Verify your identity to publish' })).toHaveCount(0);

  // Rejected: the reason, and a retry that starts again at step 1 with the typed values kept, once the member has
  // agreed to the check again (each application is agreed to on its own).
  await second.getByRole('button', { name: 'Try again' }).click();
  await expect(second).toHaveURL(/\/en\/verify\/kyc\/step1$/);
  await expect(second.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await second.getByRole('button', { name: 'I agree, start' }).click();
  await expect(second.getByLabel('Full name, as printed on the document')).toHaveValue('Jules Bernard');
});

test('a member who is not an admin gets the 403 page from the console', async ({ page }) => {
  await logIn(page, MIA);
  await page.goto('/en/admin/withdrawals');
  await expect(page).toHaveURL(/\/en\/403$/);
});

/**
 * The main button of the screen is inside the viewport as the page opens (no scrolling), and nothing is drawn over
 * it: not the tab bar (compared by bounding boxes where there is one), nor anything else (the element at its centre
 * and near its bottom edge is the button itself).
 */
async function expectMainButtonClear(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y, `${name}: top inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${name}: bottom inside the screen`).toBeLessThanOrEqual(viewport.height);
  const tabBar = page.getByRole('navigation', { name: 'Main' });
  if (await tabBar.isVisible()) {
    const bar = (await tabBar.boundingBox())!;
    expect(box.y + box.height, `${name}: above the tab bar`).toBeLessThanOrEqual(bar.y);
  }
  const points = [
    [box.x + box.width / 2, box.y + box.height / 2],
    [box.x + box.width / 4, box.y + box.height - 4],
    [box.x + (box.width * 3) / 4, box.y + box.height - 4],
  ];
  for (const [x, y] of points) {
    const onTop = await page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.closest('button')?.textContent ?? null, [x, y]);
    expect(onTop, `${name}: nothing drawn over it at ${Math.round(x)},${Math.round(y)}`).toBe(name);
  }
}

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('step 1 opens with the intro and needs the agreement; each photo step shows a good example; the review shows the photos with Retake, which comes back to the review; the main button is never covered', async ({ page }) => {
    test.setTimeout(150_000);
    await registerMember(page, 'kycintro');
    await page.goto('/en/verify/kyc/step1');

    // The intro: what is checked, why, how long the documents are kept, who sees them, the privacy policy.
    const intro = page.getByRole('region', { name: 'Verify your identity' });
    await expect(intro).toBeVisible();
    for (const fact of ['What we check', 'Why', 'How long we keep your documents', 'Who sees them']) {
      await expect(intro.getByRole('term').filter({ hasText: new RegExp(`^${fact}$`) })).toBeVisible();
    }
    await expect(intro.getByText('Stored encrypted for as long as your account is open', { exact: false })).toBeVisible();
    await expect(intro.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/en/info/privacy-policy');
    await expectMainButtonClear(page, 'I agree, start');

    // Required: no form before the agreement, whatever the address says.
    await expect(page.getByLabel('Document number')).toHaveCount(0);
    await page.goto('/en/verify/kyc/step2');
    await expect(page).toHaveURL(/\/en\/verify\/kyc\/step1$/);
    await expect(page.getByRole('region', { name: 'Verify your identity' })).toBeVisible();
    await expect(page.getByLabel('Document number')).toHaveCount(0);
    // "Not now" leaves for the account page.
    await page.getByRole('link', { name: 'Not now, back to my account' }).click();
    await expect(page).toHaveURL(/\/en\/member$/);
    await page.goto('/en/verify/kyc/step1');
    await page.getByRole('button', { name: 'I agree, start' }).click();
    await expect(page.getByRole('heading', { name: 'Your document' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Verify your identity' })).toHaveCount(0);
    // The agreement is kept with the draft: a reload opens the form, not the intro.
    await page.reload();
    await expect(page.getByLabel('Document number')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Verify your identity' })).toHaveCount(0);

    await page.getByRole('radio', { name: 'Identity card' }).check();
    await page.getByLabel('Issuing country').selectOption('DE');
    await page.getByLabel('Document number').fill('T22000129');
    await page.getByLabel('Full name, as printed on the document').fill('Erika Mustermann');
    await page.getByLabel('Date of birth').fill('1990-08-12');
    await expectMainButtonClear(page, 'Next');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: the example of a good photo of the document, with its tips.
    await expect(page).toHaveURL(/\/en\/verify\/kyc\/step2$/);
    const documentExample = page.getByRole('img', { name: /^Example: the whole document inside the frame/ });
    await expect(documentExample).toBeVisible();
    await expect(documentExample).toHaveAccessibleDescription(/All four corners visible/);
    await expect(page.getByText('No glare, shadows or fingers on it')).toBeVisible();
    await expectMainButtonClear(page, 'Next');
    await takePhoto(page, 'Front of the document');
    await takePhoto(page, 'Back of the document');
    await expectMainButtonClear(page, 'Next');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the example of a good selfie.
    await expect(page).toHaveURL(/\/en\/verify\/kyc\/step3$/);
    await expect(page.getByRole('img', { name: /^Example: your face inside the oval/ })).toBeVisible();
    await expect(page.getByText('Your face fills the oval')).toBeVisible();
    await takePhoto(page, 'Selfie');
    await page.getByRole('button', { name: 'Next' }).click();

    // The review: each photo taken, as a thumbnail of it, with its Retake.
    await expect(page).toHaveURL(/\/en\/verify\/kyc\/step4$/);
    const photos = page.getByRole('list', { name: 'Photos' });
    for (const [label, retake] of [
      ['Front of the document', 'Retake the front of the document'],
      ['Back of the document', 'Retake the back of the document'],
      ['Selfie', 'Retake the selfie'],
    ]) {
      const item = photos.getByRole('listitem').filter({ has: page.getByRole('img', { name: label, exact: true }) });
      await expect(item.getByRole('img', { name: label, exact: true })).toBeVisible();
      await expect.poll(() => item.getByRole('img', { name: label, exact: true }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(item.getByRole('button', { name: retake })).toHaveText('Retake');
    }
    await expectMainButtonClear(page, 'Send for verification');

    // Retake the back: its step opens under the camera, and the new photo comes straight back to the review.
    const backThumb = photos.getByRole('img', { name: 'Back of the document', exact: true });
    const before = await backThumb.getAttribute('src');
    await page.getByRole('button', { name: 'Retake the back of the document' }).click();
    await expect(page).toHaveURL(/\/en\/verify\/kyc\/step2$/);
    const camera = page.getByRole('dialog', { name: 'Back of the document' });
    await expect(camera.getByLabel('Camera view')).toBeVisible();
    for (let attempt = 0; attempt < 3; attempt++) {
      await camera.getByRole('button', { name: 'Take the photo' }).click();
      const use = camera.getByRole('button', { name: /^Use (this photo|it anyway)$/ });
      const again = camera.getByRole('button', { name: 'Take it again' });
      await expect(use.or(again).first()).toBeVisible();
      if (await use.isVisible()) {
        await use.click();
        break;
      }
      await again.click();
    }
    await expect(camera).toHaveCount(0);
    await expect(page).toHaveURL(/\/en\/verify\/kyc\/step4$/);
    await expect(backThumb).toBeVisible();
    await expect.poll(() => backThumb.getAttribute('src')).not.toBe(before);

    // Retake the selfie but close the camera: its step stays open, and its main button leads back to the review.
    await page.getByRole('button', { name: 'Retake the selfie' }).click();
    await expect(page).toHaveURL(/\/en\/verify\/kyc\/step3$/);
    await page.getByRole('dialog', { name: 'Selfie' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('img', { name: /^Example: your face inside the oval/ })).toBeVisible();
    await expectMainButtonClear(page, 'Back to the review');
    await page.getByRole('button', { name: 'Back to the review' }).click();
    await expect(page).toHaveURL(/\/en\/verify\/kyc\/step4$/);

    await page.getByRole('button', { name: 'Send for verification' }).click();
    await expect(page.getByRole('heading', { name: 'Your identity is being verified' })).toBeVisible();
  });
});
