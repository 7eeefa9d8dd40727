import type { APIRequestContext } from '@playwright/test';
import { expect, test, toast } from '../fixtures';

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request[method](path, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A product with two personas and a roadmap of three items. */
async function productWithPersonas(request: APIRequestContext, token: string) {
  const [product] = await call<{ id: string }[]>(request, token, 'get', '/api/products');
  const productId = product!.id;
  const templates = await call<{ id: string; name: string }[]>(
    request,
    token,
    'get',
    '/api/persona-templates',
  );
  const names: string[] = [];
  for (const template of templates.slice(0, 2)) {
    await call(request, token, 'post', `/api/products/${productId}/personas`, {
      templateId: template.id,
    });
    names.push(template.name);
  }
  const roadmap = await call<{ id: string }>(
    request,
    token,
    'post',
    `/api/products/${productId}/roadmaps`,
    { name: 'Launch Plan' },
  );
  for (const title of ['AI chat assistant', 'Lower monthly price', 'Dark mode']) {
    await call(request, token, 'post', `/api/roadmaps/${roadmap.id}/items`, {
      title,
      description: `${title} for every customer`,
    });
  }
  return { productId, names };
}

test.describe('persona feedback on roadmap items', () => {
  test('the share button asks chosen personas, and their ratings show beside the item', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const { productId, names } = await productWithPersonas(request, token);
    await signIn(token, `/products/${productId}/roadmaps`);

    const item = page
      .getByRole('region', { name: 'Roadmap items' })
      .getByRole('article', { name: 'AI chat assistant' });
    await item.getByRole('button', { name: 'Ask personas about AI chat assistant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask Personas' });
    const ask = dialog.getByRole('button', { name: /^Ask \d Personas?$/ });
    await expect(ask).toBeDisabled();
    await dialog.getByRole('button', { name: 'Select all' }).click();
    await expect(ask).toHaveText('Ask 2 Personas');
    await shot('choose-personas');
    await ask.click();

    await expect(toast(page)).toContainText('Feedback Received');
    const feedback = item.getByRole('region', { name: 'Persona feedback' });
    await expect(feedback.getByRole('listitem')).toHaveCount(2);
    for (const name of names) {
      await expect(
        feedback.getByRole('listitem', { name: new RegExp(`^${name}: [1-5] of 5$`) }),
      ).toBeVisible();
    }
    await expect(feedback.getByTestId('average-rating')).toHaveText(/^[1-5]\.\d \/ 5$/);
    await shot('feedback-beside-item');

    // It is stored: it is still there after a reload.
    await page.reload();
    await expect(feedback.getByRole('listitem')).toHaveCount(2);
  });

  test('comparing items ranks them for each persona', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const { productId, names } = await productWithPersonas(request, token);
    await signIn(token, `/products/${productId}/roadmaps`);

    await page.getByRole('button', { name: 'Compare Items' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare Items' });
    await dialog.getByLabel('AI chat assistant').check();
    await dialog.getByLabel('Dark mode').check();
    await dialog.getByRole('button', { name: 'Select all' }).click();
    await dialog.getByRole('button', { name: 'Compare 2 Items' }).click();

    const overall = dialog.getByRole('list', { name: 'Overall ranking' });
    await expect(overall.getByRole('listitem')).toHaveCount(2);
    for (const name of names) {
      await expect(dialog.getByRole('region', { name: `${name}'s ranking` })).toBeVisible();
    }
    await shot('comparison');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('tab', { name: 'Analytics' }).click();
    const rankings = page.getByRole('group', { name: 'Persona Rankings' });
    await expect(rankings).toContainText('Compare AI chat assistant, Dark mode');
  });

  test('a product without personas is sent to choose some', async ({
    page,
    request,
    register,
    signIn,
  }) => {
    const { token } = await register();
    const [product] = await call<{ id: string }[]>(request, token, 'get', '/api/products');
    const roadmap = await call<{ id: string }>(
      request,
      token,
      'post',
      `/api/products/${product!.id}/roadmaps`,
      { name: 'Plan' },
    );
    await call(request, token, 'post', `/api/roadmaps/${roadmap.id}/items`, { title: 'Search' });
    await signIn(token, `/products/${product!.id}/roadmaps`);
    await page.getByRole('button', { name: 'Ask personas about Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask Personas' });
    await expect(dialog).toContainText('This product has no personas yet.');
    await expect(dialog.getByRole('link', { name: 'Choose Personas' })).toHaveAttribute(
      'href',
      `/products/${product!.id}/personas`,
    );
  });
});
