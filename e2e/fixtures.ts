import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { artifactsDir, systemInfo } from './system';

export { expect };

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  productName: string;
}

let counter = 0;
/** A fresh account's details, unique per call. */
export function newAccount(overrides: Partial<Account> = {}): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    email: `jamie.${id}@example.com`,
    password: 'correct-horse-battery',
    firstName: 'Jamie',
    lastName: 'Rivera',
    productName: `Acme ${id}`,
    ...overrides,
  };
}

interface Fixtures {
  /** Console errors matching these are expected by the test (e.g. a deliberate 401). */
  allowConsoleErrors: RegExp[];
  /** Saves a screenshot of the page as artifacts/screenshots/<test>-<n>-<step>.png. */
  shot(step: string): Promise<void>;
  /** Registers an account through the API and returns its token. */
  register(account?: Account): Promise<{ account: Account; token: string }>;
  /** Signs the page in with a token, as if the user had signed in earlier. */
  signIn(token: string, path?: string): Promise<void>;
}

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(systemInfo().baseUrl);
  },
  allowConsoleErrors: [[], { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await use(page);
    const unexpected = problems.filter(
      (problem) => !allowConsoleErrors.some((pattern) => pattern.test(problem)),
    );
    expect(unexpected, 'errors in the browser console').toEqual([]);
  },
  shot: async ({ page }, use, testInfo) => {
    const dir = path.join(artifactsDir, 'screenshots');
    mkdirSync(dir, { recursive: true });
    const slug = testInfo.titlePath
      .slice(1)
      .join('-')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    let step = 0;
    await use(async (name: string) => {
      step += 1;
      const file = `${slug}-${String(step).padStart(2, '0')}-${name}.png`;
      await page.screenshot({ path: path.join(dir, file) });
    });
  },
  register: async ({ request }, use) => {
    await use(async (account = newAccount()) => {
      const response = await request.post('/api/auth/register', {
        data: { ...account, stripeToken: 'pm_card_visa', billingCycle: 'monthly' },
      });
      expect(response.status(), await response.text()).toBe(201);
      const { token } = (await response.json()) as { token: string };
      return { account, token };
    });
  },
  signIn: async ({ page }, use) => {
    await use(async (token: string, to = '/') => {
      await page.goto('/reset-password');
      await page.evaluate((value) => window.localStorage.setItem('token', value), token);
      await page.goto(to);
    });
  },
});

/** The toast on screen (one at a time), in the notifications region that F8 focuses. */
export function toast(page: Page) {
  return page.locator('[aria-label="Notifications (F8)"] li').first();
}

/** A stat card of a dashboard or summary row (a labelled group). */
export function statCard(page: Page, title: string) {
  return page.getByRole('group', { name: title });
}

/**
 * Closes the toast on screen, as a user does when it sits over the button
 * they want next (toasts live bottom right, where dialogs have their footer).
 */
export async function dismissToast(page: Page): Promise<void> {
  const open = page.locator('[aria-label="Notifications (F8)"] li[data-state="open"]');
  if ((await open.count()) === 0) return;
  await open.first().getByRole('button', { name: 'Close' }).click();
  await expect(open).toHaveCount(0);
}
