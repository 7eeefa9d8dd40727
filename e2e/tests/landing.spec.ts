import { expect, test } from '../fixtures';

test.describe('landing page', () => {
  test('shows the hero, the three features, the plan and the about section', async ({
    page,
    shot,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hear from your customers');
    await shot('hero');

    for (const anchor of ['#features', '#pricing', '#about']) {
      await expect(page.locator(`header a[href="${anchor}"]`)).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Started' }).first()).toBeVisible();

    await page.locator('header a[href="#features"]').click();
    const features = page.locator('#features');
    for (const feature of ['AI Customer Personas', 'Ideas to Action', 'Safety Scoring']) {
      await expect(features.getByText(feature, { exact: true })).toBeVisible();
    }
    await shot('features');

    await page.locator('header a[href="#pricing"]').click();
    const pricing = page.locator('#pricing');
    await expect(pricing.getByText('Product Plan', { exact: true })).toBeVisible();
    await expect(pricing.getByText('$25', { exact: true })).toBeVisible();
    await expect(pricing.getByText('per product per month', { exact: true })).toBeVisible();
    await shot('pricing');

    await page.locator('header a[href="#about"]').click();
    await expect(page.locator('#about')).toContainText('Built for teams who want to listen first');
    await shot('about');
  });

  test('Sign In and Get Started open the auth dialog in their modes', async ({ page, shot }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(500);
    await shot('sign-in-dialog');
    await dialog.getByRole('button', { name: 'Create one' }).click();
    await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Get Started' }).first().click();
    await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await shot('create-account-dialog');
  });

  test('looks right on a phone', async ({ page, shot }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot('mobile');
  });
});
