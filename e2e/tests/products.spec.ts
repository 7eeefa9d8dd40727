import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newAccount, statCard, test, toast } from '../fixtures';

interface Template {
  id: string;
  name: string;
  gender: string | null;
}

function auth(token: string) {
  return { authorization: `Bearer ${token}` };
}

async function getJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: auth(token) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function postJson<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(path, { headers: auth(token), data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

async function onlyProductId(request: APIRequestContext, token: string): Promise<string> {
  const products = await getJson<{ id: string }[]>(request, token, '/api/products');
  expect(products).toHaveLength(1);
  return products[0]!.id;
}

async function addPersonas(
  request: APIRequestContext,
  token: string,
  productId: string,
  templates: Template[],
): Promise<void> {
  for (const template of templates) {
    await postJson(request, token, `/api/products/${productId}/personas`, {
      templateId: template.id,
    });
  }
}

function productCard(page: Page, name: string) {
  return page.getByRole('article', { name });
}

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

test.describe('business profile', () => {
  // A product without a profile answers 404, which the browser logs; the page reads it as "none yet".
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('is filled across tabs, counts its completion, saves and reads back', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);

    await signIn(token, `/products/${productId}/profile`);
    await expect(page.getByRole('heading', { name: 'Create Your Product Profile' })).toBeVisible();
    await shot('empty');
    await page.getByRole('button', { name: 'Create Profile' }).click();

    // 52 fields: each answered one is 1/52 of the profile, rounded.
    const completion = page.getByTestId('profile-completion');
    await expect(completion).toHaveText('0%');
    await expect(
      page.getByRole('heading', { name: 'Core Business Identifiers and Value Proposition' }),
    ).toBeVisible();
    await page.getByLabel('Product Name', { exact: true }).fill('Lumen Coffee');
    await expect(completion).toHaveText('2%');
    await page.getByRole('checkbox', { name: 'Industry: Unknown' }).check();
    await expect(page.getByLabel('Industry', { exact: true })).toBeDisabled();
    await expect(completion).toHaveText('4%');
    await page.getByLabel('Years in Operation', { exact: true }).fill('twelve');
    await expect(completion).toHaveText('6%');

    await page.getByRole('tab', { name: 'Market' }).click();
    await expect(page.getByRole('heading', { name: 'Market and Customer Context' })).toBeVisible();
    await page.getByLabel('Geographic Scope', { exact: true }).fill('Western Europe');
    await expect(completion).toHaveText('8%');
    await page.getByRole('tab', { name: 'Performance' }).click();
    await page
      .getByLabel('Revenue Streams', { exact: true })
      .fill('Subscriptions\nWholesale to cafés');
    await expect(completion).toHaveText('10%');
    await expect(page.getByRole('progressbar', { name: 'Profile Completion' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
    await shot('form');

    // Years in operation must be a number: the form says so on the Core tab.
    await page.getByRole('button', { name: 'Save Business Profile' }).click();
    await expect(page.getByRole('tab', { name: 'Core' })).toHaveAttribute('data-state', 'active');
    await expect(
      page.getByRole('tabpanel').getByText('Years in operation must be a number'),
    ).toBeVisible();
    await shot('years-refused');
    await page.getByLabel('Years in Operation', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Save Business Profile' }).click();

    await expect(toast(page)).toContainText('Business profile saved');
    const core = page.getByRole('region', { name: 'Core Product Information' });
    await expect(core).toContainText('Lumen Coffee');
    await expect(core).toContainText('12');
    await expect(core).toContainText('IndustryUnknown');
    await expect(core).toContainText('Business ModelNot specified');
    await expect(page.getByRole('region', { name: 'Market Context' })).toContainText(
      'Geographic ScopeWestern Europe',
    );
    await expect(page.getByRole('region', { name: 'Operations' })).toContainText('Not specified');
    await expect(page.getByRole('region', { name: 'Performance Metrics' })).toContainText(
      'Wholesale to cafés',
    );
    await expect(page.getByRole('main').getByText('10% complete', { exact: true })).toBeVisible();
    await shot('read-only');

    // Edit opens the form with what was saved; Cancel goes back to the view.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('Product Name', { exact: true })).toHaveValue('Lumen Coffee');
    await expect(page.getByRole('checkbox', { name: 'Industry: Unknown' })).toBeChecked();
    await expect(completion).toHaveText('10%');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(core).toBeVisible();

    // A reload reads the saved profile from the server.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Market Context' })).toContainText(
      'Western Europe',
    );
  });
});

test.describe('personas', () => {
  test('selecting past the included ten asks first, showing what the bill becomes', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { account, token } = await register();
    const productId = await onlyProductId(request, token);
    const templates = await getJson<Template[]>(request, token, '/api/persona-templates');
    expect(templates.length).toBeGreaterThanOrEqual(12);
    await addPersonas(request, token, productId, templates.slice(0, 9));
    const [tenth, eleventh, twelfth] = templates.slice(9, 12) as [Template, Template, Template];

    await signIn(token, `/products/${productId}/personas`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personas');
    await expect(page.getByTestId('selected-count')).toHaveText('9 personas selected');
    await expect(page.getByTestId('monthly-cost')).toHaveText('$25.00/month');

    // The tenth is included: no question asked.
    await page.getByRole('button', { name: `Select ${tenth.name}` }).click();
    await expect(page.getByTestId('selected-count')).toHaveText('10 personas selected');
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(page.getByTestId('monthly-cost')).toHaveText('$25.00/month');

    // The eleventh costs extra: the confirmation shows the numbers; Cancel adds nothing.
    await page.getByRole('button', { name: `Select ${eleventh.name}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Add an extra persona?');
    const cost = dialog.getByRole('definition');
    await expect(cost.nth(0)).toHaveText('10 11');
    await expect(cost.nth(1)).toHaveText('$2.00/month');
    await expect(cost.nth(2)).toHaveText('+$2.00');
    await expect(cost.nth(3)).toHaveText('$25.00$27.00/month');
    await expect(dialog).toContainText('Changes apply from your next billing cycle.');
    await shot('cost-confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('selected-count')).toHaveText('10 personas selected');

    await page.getByRole('button', { name: `Select ${eleventh.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Add Persona' }).click();
    await expect(page.getByTestId('selected-count')).toHaveText('11 personas selected');
    await expect(page.getByTestId('monthly-cost')).toHaveText('$27.00/month');
    // The tag manager hears of each selection with the new count.
    const selections = await page.evaluate(() =>
      (window.dataLayer ?? []).filter((entry) => entry.event === 'persona_selection'),
    );
    expect(selections).toEqual([
      { event: 'persona_selection', persona_count: 10 },
      { event: 'persona_selection', persona_count: 11 },
    ]);
    await expect(page.getByText('1 extra at $2.00/month each')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Selected personas' }).getByText(eleventh.name),
    ).toBeVisible();
    await shot('eleven-selected');

    // The twelfth: one more extra on the bill.
    await page.getByRole('button', { name: `Select ${twelfth.name}` }).click();
    await expect(page.getByRole('alertdialog').getByRole('definition').nth(3)).toHaveText(
      '$27.00$29.00/month',
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Add Persona' }).click();
    await expect(page.getByTestId('monthly-cost')).toHaveText('$29.00/month');

    // Removing one lowers it again.
    await page
      .getByRole('list', { name: 'Selected personas' })
      .getByRole('button', { name: `Remove ${twelfth.name}` })
      .click();
    await expect(toast(page)).toContainText('Persona removed');
    await expect(page.getByTestId('selected-count')).toHaveText('11 personas selected');

    // My Products shows the new rate.
    await page.goto('/products');
    const card = productCard(page, account.productName);
    await expect(card).toContainText('Personas11');
    await expect(card).toContainText('$27.00/month');
  });

  test('search and filters narrow the library', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);
    const templates = await getJson<Template[]>(request, token, '/api/persona-templates');
    const total = templates.length;
    const nonBinary = templates.filter((t) => t.gender === 'Non-binary');
    expect(nonBinary.length).toBeGreaterThan(0);

    await signIn(token, `/products/${productId}/personas`);
    const count = page.getByTestId('library-count');
    await expect(count).toHaveText(`Showing ${total} of ${total} personas`);
    const cards = page.getByRole('article');

    await page.getByLabel('Search').fill('nurse');
    await expect(page.getByRole('article', { name: 'Elena Rodriguez' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Marcus Johnson' })).toBeHidden();
    await page.getByLabel('Search').fill('');

    await page.getByLabel('Occupation').selectOption('Technology');
    await expect(page.getByRole('article', { name: 'Marcus Johnson' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Elena Rodriguez' })).toBeHidden();
    await page.getByLabel('Age').selectOption('31-45');
    // Marcus (27) leaves; Priya (31, data scientist) stays.
    await expect(page.getByRole('article', { name: 'Marcus Johnson' })).toBeHidden();
    await expect(page.getByRole('article', { name: 'Priya Sharma' })).toBeVisible();
    await shot('technology-31-45');

    await page.getByLabel('Occupation').selectOption('all');
    await page.getByLabel('Age').selectOption('all');
    await page.getByLabel('Gender').selectOption('Non-binary');
    await expect(count).toHaveText(`Showing ${nonBinary.length} of ${total} personas`);
    await expect(cards).toHaveCount(nonBinary.length);

    // Safety scores are coloured by their value: 8 or more green, 6 or more yellow, lower red.
    const alex = page
      .getByRole('article', { name: 'Alex Rivera' })
      .getByRole('list', { name: 'Safety scores' })
      .getByRole('listitem');
    await expect(alex.filter({ hasText: 'Economic' })).toHaveAttribute('data-tone', 'red');
    await expect(alex.filter({ hasText: 'Local' })).toHaveAttribute('data-tone', 'yellow');

    await page.getByLabel('Search').fill('no such persona anywhere');
    await expect(
      page.getByRole('heading', { name: 'No personas match your filters' }),
    ).toBeVisible();
    await shot('no-match');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(count).toHaveText(`Showing ${total} of ${total} personas`);
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
