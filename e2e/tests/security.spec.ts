import type { Page } from '@playwright/test';
import { expect, newAccount, test } from '../fixtures';

/**
 * The app works under its Content-Security-Policy (no violation on any main
 * page), and script that customers type into text fields shows as text.
 */

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Collects every CSP violation the page reports, from its first script on. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations!.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.cspViolations ?? []);

test.describe('Content-Security-Policy', () => {
  test('the signed-out pages load with no violation', async ({ page, shot }) => {
    await watchCsp(page);
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    await expect(page.getByRole('button', { name: 'Get Started' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot('landing-dialog');
    await page.goto('/reset-password');
    await expect(page.getByRole('heading').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the signed-in pages load with no violation', async ({ page, register, signIn, shot }) => {
    await watchCsp(page);
    const { token } = await register();
    await signIn(token, '/products');
    await expect(page.getByRole('main')).toBeVisible();
    for (const path of ['/products', '/billing', '/subscription-plans', '/roadmap', '/admin']) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await shot(path.slice(1));
      expect(await violations(page), path).toEqual([]);
    }
  });
});

test.describe('script typed into text fields', () => {
  const payload = '<img src=x onerror=alert(1)><script>alert(2)</script>';

  test('a product named with markup shows the text and runs nothing', async ({
    page,
    register,
    signIn,
    shot,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await watchCsp(page);
    const { token } = await register(newAccount({ productName: payload }));
    for (const path of ['/billing', '/products', '/roadmap']) {
      await signIn(token, path);
      await expect(page.getByText(payload).first()).toBeVisible();
      await shot(`${path.slice(1)}-with-markup-name`);
      await expect(page.locator('img[src="x"]')).toHaveCount(0);
    }
    expect(dialogs).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });
});
