import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 13 in Chromium with its fake camera: a member goes through the four steps of identity verification, taking
 * the photos with the camera, and the application waits for review; the address and a reload keep the progress.
 */

async function register(page: Page, name: string) {
  await page.goto('/en/member');
  await page.getByRole('button', { name: 'Log in or create an account' }).click();
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('dialog', { name: 'Create an account' });
  await form.getByLabel('User name').fill(name);
  await expect(form.getByText('This user name is available.')).toBeVisible();
  await form.getByLabel('E-mail').fill(`${name}@example.test`);
  await form.getByLabel('Password', { exact: true }).fill('kyc-pass-2026');
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('alertdialog', { name: 'Welcome to Venuely' }).getByRole('button', { name: 'Later' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** Takes the photo `label` with the camera; a photo the check finds poor is retaken, then used. */
async function takePhoto(page: Page, label: string) {
  await page.getByRole('button', { name: `Take the ${label}` }).click();
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
  await register(page, 'kycmember');
  await page.goto('/en/verify/kyc/step1');
  await expect(page.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeVisible();
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
});
