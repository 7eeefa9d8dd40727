import { expect, newAccount, statCard, test, toast } from '../fixtures';
import {
  onlyProductId,
  postJson,
  productCard,
  getJson,
  type Template,
  addPersonas,
} from '../product-helpers';

test.describe('My Products', () => {
  test('lists each product with its subscription, and deletes one only after confirming', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { account, token } = await register(newAccount({ productName: 'Northwind Analytics' }));
    const paidId = await onlyProductId(request, token);
    // A second product, created but never paid for.
    const unpaid = await postJson<{ id: string }>(request, token, '/api/products', {
      name: 'Harbor Logistics',
      industry: 'Real Estate',
    });

    await signIn(token, '/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Products');
    const paid = productCard(page, account.productName);
    await expect(paid).toContainText('Active');
    await expect(paid).toContainText('Personas0');
    await expect(paid).toContainText('$25.00/month');
    await expect(paid.getByRole('link', { name: '0 roadmaps' })).toHaveAttribute(
      'href',
      `/roadmap?product=${paidId}`,
    );
    await expect(paid.getByRole('link', { name: 'Manage Product' })).toHaveAttribute(
      'href',
      `/products/${paidId}/dashboard`,
    );
    const other = productCard(page, 'Harbor Logistics');
    await expect(other).toContainText('No description provided');
    await expect(other).toContainText('Real Estate');
    // The same word as the dashboard and the billing page.
    await expect(other).toContainText('Inactive');
    await shot('two-products');

    // Cancelling the confirmation keeps the product.
    await other.getByRole('button', { name: 'Delete Harbor Logistics' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Delete Harbor Logistics?');
    await shot('delete-confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(other).toBeVisible();

    await other.getByRole('button', { name: 'Delete Harbor Logistics' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Product' }).click();
    await expect(toast(page)).toContainText('Product deleted successfully');
    await expect(other).toBeHidden();
    const left = await getJson<{ id: string }[]>(request, token, '/api/products');
    expect(left.map((p) => p.id)).not.toContain(unpaid.id);

    // The paying product goes with its subscription.
    await paid.getByRole('button', { name: `Delete ${account.productName}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Product' }).click();
    await expect(toast(page)).toContainText('Product and subscription deleted');
    await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
    await shot('no-products');

    // Without products, / is onboarding (the route table), and /products stays the list.
    await page.goto('/');
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot('home-without-products-onboarding');
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  });
});

test.describe('product dashboard', () => {
  test('shows stats, the recent questions and the roadmap card, and deletes a roadmap', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    // Registration takes an optional product description too.
    const { account, token } = await register(
      Object.assign(newAccount({ productName: 'Lumen Coffee' }), {
        productDescription: 'Specialty coffee by mail',
      }),
    );
    const productId = await onlyProductId(request, token);
    const templates = await getJson<Template[]>(request, token, '/api/persona-templates');
    await addPersonas(request, token, productId, templates.slice(0, 2));
    const question = await postJson<{ id: string }>(
      request,
      token,
      `/api/products/${productId}/questions`,
      { questionText: 'Would you pay more for a compostable coffee pod?', productId },
    );
    const roadmapIds: string[] = [];
    for (const name of ['Spring launch', 'Summer menu', 'Autumn boxes', 'Winter gifts']) {
      const roadmap = await postJson<{ id: string }>(
        request,
        token,
        `/api/products/${productId}/roadmaps`,
        { name, timelineType: 'quarterly', startDate: '2027-01-01', endDate: '2027-12-31' },
      );
      roadmapIds.push(roadmap.id);
    }
    // The newest roadmap carries the items: one finished, one under way.
    const newest = roadmapIds[3]!;
    for (const [title, status] of [
      ['Gift cards', 'completed'],
      ['Advent box', 'in_progress'],
    ]) {
      await postJson(request, token, `/api/roadmaps/${newest}/items`, { title, status });
    }

    await signIn(token, `/products/${productId}/dashboard`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(account.productName);
    await expect(page.getByText('Specialty coffee by mail')).toBeVisible();
    await expect(statCard(page, 'Active Personas')).toContainText('2');
    await expect(statCard(page, 'Questions Asked')).toContainText('1');
    await expect(statCard(page, 'Access Level')).toContainText('Full access');
    await expect(statCard(page, 'Status')).toContainText('Active');
    for (const [name, path] of [
      ['Business Profile', 'profile'],
      ['Personas', 'personas'],
      ['Questions', 'questions'],
    ]) {
      await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
        'href',
        `/products/${productId}/${path}`,
      );
    }

    const questions = page.getByRole('region', { name: 'Recent Questions' });
    await expect(
      questions.getByRole('link', { name: /Would you pay more for a compostable coffee pod\?/ }),
    ).toHaveAttribute('href', `/companies/${productId}/questions/${question.id}`);
    // Answered in the background: the list is read again until the answer is in.
    await expect(questions.getByText('Complete', { exact: true })).toBeVisible();

    const roadmaps = page.getByRole('region', { name: 'Roadmaps' });
    await expect(roadmaps.getByTestId('roadmap-totals')).toHaveText(
      '2 total features · 1 completed · 1 in progress',
    );
    const listed = roadmaps.getByRole('list', { name: 'Recent roadmaps' }).getByRole('listitem');
    await expect(listed).toHaveCount(3);
    await expect(listed.first()).toContainText('Winter gifts');
    await expect(listed.first()).toContainText('2 items · Updated');
    await expect(roadmaps.getByRole('link', { name: 'Winter gifts', exact: true })).toHaveAttribute(
      'href',
      `/products/${productId}/roadmap/${newest}`,
    );
    await expect(roadmaps.getByRole('link', { name: 'Edit Winter gifts' })).toHaveAttribute(
      'href',
      `/products/${productId}/roadmap/${newest}/edit`,
    );
    await expect(roadmaps.getByRole('link', { name: 'Create Roadmap' })).toHaveAttribute(
      'href',
      `/products/${productId}/roadmap/create`,
    );
    await expect(roadmaps.getByRole('link', { name: 'View All (4)' })).toHaveAttribute(
      'href',
      `/products/${productId}/roadmaps`,
    );
    await shot('dashboard');

    await roadmaps.getByRole('button', { name: 'Delete Winter gifts' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('removes its items, shared links, feedback');
    await confirm.getByRole('button', { name: 'Delete Roadmap' }).click();
    await expect(toast(page)).toContainText('Roadmap Deleted');
    await expect(listed).toHaveCount(3);
    await expect(roadmaps.getByRole('link', { name: 'Winter gifts', exact: true })).toBeHidden();
    await expect(roadmaps.getByRole('link', { name: /View All/ })).toBeHidden();
    await expect(roadmaps.getByTestId('roadmap-totals')).toHaveText(
      '0 total features · 0 completed · 0 in progress',
    );
    await shot('roadmap-deleted');

    // /dashboard names no product: it shows the first one.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(account.productName);
  });
});

test.describe('product not found', () => {
  // The API answers 404 for such ids, which the browser logs; the page says "Product not found".
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('answers "Product not found" for an unknown id and for another user\'s product', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const owner = await register();
    const productId = await onlyProductId(request, owner.token);
    const stranger = await register();

    await signIn(stranger.token, `/products/${productId}/dashboard`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product not found');
    await expect(
      page.getByText('The product does not exist or you do not have access to it.'),
    ).toBeVisible();
    await shot('not-found');
    await page.goto('/companies/no-such-product/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product not found');
    await page.getByRole('link', { name: 'Back to Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Products');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // A product without a profile answers 404, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('every products page fits the screen without sideways scrolling', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);
    const pages: [string, string][] = [
      ['/products', 'list'],
      [`/products/${productId}/dashboard`, 'dashboard'],
      [`/products/${productId}/profile`, 'profile'],
      [`/products/${productId}/personas`, 'personas'],
    ];
    await signIn(token, '/products');
    for (const [path, name] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      if (name === 'profile') await page.getByRole('button', { name: 'Create Profile' }).click();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await shot(name);
    }
  });
});

test.describe('when the server fails', () => {
  // The failures below are injected; the browser logs each failed answer.
  test.use({ allowConsoleErrors: [/status of (404|500)/] });

  test('deleting a product, a roadmap or saving the profile says what went wrong', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { account, token } = await register();
    const productId = await onlyProductId(request, token);
    await postJson(request, token, `/api/products/${productId}/roadmaps`, {
      name: 'Launch plan',
      timelineType: 'quarterly',
      startDate: '2027-01-01',
      endDate: '2027-06-30',
    });
    const failure = { status: 500, contentType: 'application/json', body: '{"message":"boom"}' };

    await signIn(token, '/products');
    await page.route(`**/api/products/${productId}`, (route) =>
      route.request().method() === 'DELETE' ? route.fulfill(failure) : route.fallback(),
    );
    const card = productCard(page, account.productName);
    await card.getByRole('button', { name: `Delete ${account.productName}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Product' }).click();
    await expect(toast(page)).toContainText('Failed to delete product');
    await expect(card).toBeVisible();

    // The product went, but its subscription could not be cancelled: the server's words.
    await page.unroute(`**/api/products/${productId}`);
    await page.route(`**/api/products/${productId}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            json: {
              subscriptionCancelled: false,
              warning: 'The subscription could not be cancelled; contact support.',
              message: 'The subscription could not be cancelled; contact support.',
            },
          })
        : route.fallback(),
    );
    await card.getByRole('button', { name: `Delete ${account.productName}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Product' }).click();
    await expect(toast(page)).toContainText('Product deleted with billing warning');
    await expect(toast(page)).toContainText(
      'The subscription could not be cancelled; contact support.',
    );
    await shot('billing-warning');
    await page.unroute(`**/api/products/${productId}`);

    await page.route('**/api/roadmaps/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill(failure) : route.fallback(),
    );
    await page.goto(`/products/${productId}/dashboard`);
    const roadmaps = page.getByRole('region', { name: 'Roadmaps' });
    await roadmaps.getByRole('button', { name: 'Delete Launch plan' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Roadmap' }).click();
    await expect(toast(page)).toContainText('Failed to delete roadmap');
    await expect(roadmaps.getByRole('link', { name: 'Launch plan', exact: true })).toBeVisible();

    await page.route(`**/api/products/${productId}/business-profile`, (route) =>
      route.request().method() === 'POST' ? route.fulfill(failure) : route.fallback(),
    );
    await page.goto(`/products/${productId}/profile`);
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.getByLabel('Product Name', { exact: true }).fill('Lumen Coffee');
    await page.getByRole('button', { name: 'Save Business Profile' }).click();
    await expect(toast(page)).toContainText('Error');
    await expect(toast(page)).toContainText('Failed to create product profile');
    // The form stays, with what was typed.
    await expect(page.getByLabel('Product Name', { exact: true })).toHaveValue('Lumen Coffee');
    await shot('profile-save-failed');
  });
});
