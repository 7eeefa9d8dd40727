import type { CreatedShareLinkView } from '@chorus/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newAccount, test } from '../fixtures';
import { openAdminArea } from '../journey-steps';
import { invitationLinkFor } from '../system';

/**
 * Every page at a phone's width (390 × 844): nothing wider than the screen,
 * so nothing is cut off and nothing scrolls sideways. Each page is filled
 * with what a customer has after a first week (personas, an answered
 * question, a roadmap with an item, a share link, a pending invitation).
 */

const phone = { width: 390, height: 844 };

function auth(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request[method](path, { ...auth(token), data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** What sticks out past the right edge of the screen, by tag, class and width, for the failure message. */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= limit + 1) continue;
      // Only the outermost offender of a branch: its children follow it.
      const parent = element.parentElement?.getBoundingClientRect();
      if (parent && parent.right > limit + 1) continue;
      culprits.push(
        `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)} (${Math.round(box.right)} px)`,
      );
    }
    return { width: document.documentElement.scrollWidth, culprits: culprits.slice(0, 5) };
  });
}

async function expectFits(page: Page, path: string): Promise<void> {
  // Give the page's content (answers, charts) time to arrive before measuring.
  await page.waitForLoadState('networkidle');
  const { width, culprits } = await overflow(page);
  expect
    .soft(width, `${path} is ${width} px wide on a 390 px screen: ${culprits.join('; ')}`)
    .toBeLessThanOrEqual(phone.width);
}

test.describe('phones', () => {
  test.use({ viewport: phone });

  test('every signed-in page fits a 390 px screen', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    test.setTimeout(180_000);
    const { token } = await register(newAccount({ productName: 'Atlas 🚀 Meal Kits' }));
    const [product] = await call<{ id: string }[]>(request, token, 'get', '/api/products');
    const productId = product!.id;
    const templates = await call<{ id: string }[]>(request, token, 'get', '/api/persona-templates');
    const personaIds: string[] = [];
    for (const template of templates.slice(0, 3)) {
      personaIds.push(
        (
          await call<{ id: string }>(
            request,
            token,
            'post',
            `/api/products/${productId}/personas`,
            {
              templateId: template.id,
            },
          )
        ).id,
      );
    }
    await call(request, token, 'post', `/api/products/${productId}/business-profile`, {
      companyName: 'Atlas Meal Kits',
      pricingModels: '$12 per serving, delivered weekly',
    });
    const question = await call<{ id: string }>(
      request,
      token,
      'post',
      `/api/products/${productId}/questions`,
      { questionText: 'Would you pay $12 per serving for a weekly meal kit?', productId },
    );
    await expect
      .poll(
        async () =>
          (
            await call<{ status: string }>(
              request,
              token,
              'get',
              `/api/products/${productId}/questions/${question.id}`,
            )
          ).status,
        { timeout: 60_000 },
      )
      .toBe('complete');
    const roadmap = await call<{ id: string }>(
      request,
      token,
      'post',
      `/api/products/${productId}/roadmaps`,
      { name: 'Launch plan for the spring season' },
    );
    const item = await call<{ id: string }>(
      request,
      token,
      'post',
      `/api/roadmaps/${roadmap.id}/items`,
      { title: 'Family-size boxes', description: 'Boxes for four people, twice a week' },
    );
    const link = await call<CreatedShareLinkView>(
      request,
      token,
      'post',
      `/api/roadmap-items/${item.id}/share-links`,
      { feedbackType: 'rating', allowComments: true, personaIds },
    );
    const invitee = newAccount().email;
    await call(request, token, 'post', `/api/products/${productId}/team/invitations`, {
      email: invitee,
      role: 'viewer',
    });

    const pages = [
      '/products',
      `/products/${productId}/dashboard`,
      `/products/${productId}/profile`,
      `/products/${productId}/personas`,
      `/products/${productId}/questions`,
      `/products/${productId}/calibration`,
      `/products/${productId}/team`,
      '/roadmap',
      `/products/${productId}/roadmaps`,
      `/products/${productId}/roadmap/${roadmap.id}`,
      `/products/${productId}/roadmap/${roadmap.id}/edit`,
      '/billing',
      '/subscription-plans',
      '/subscription/cancel',
      '/create-product',
    ];
    await signIn(token, pages[0]);
    for (const path of pages) {
      await page.goto(path);
      // A page's title, or the title of the dialog it opens (the roadmap's edit page).
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectFits(page, path);
      await shot(path.replaceAll('/', '_').replace(productId, 'product').replace(roadmap.id, 'r'));
    }

    // The pages someone outside the company opens: signed out.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await expect.poll(() => invitationLinkFor(invitee), { timeout: 15_000 }).toBeTruthy();
    const outside = ['/', new URL(invitationLinkFor(invitee)!).pathname, link.path];
    for (const path of outside) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectFits(page, path);
      await shot(`signed-out${path.split('/').slice(0, 2).join('_') || '_landing'}`);
    }
  });

  test('the admin area fits a 390 px screen', async ({ page, request, shot }) => {
    // Drawn wide first, as on a turned tablet: its charts must shrink with the screen.
    await page.setViewportSize({ width: 1280, height: 800 });
    await openAdminArea(page, request);
    await page.setViewportSize(phone);
    await expectFits(page, '/admin');
    await shot('admin');
  });
});
