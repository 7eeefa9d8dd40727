import type { APIRequestContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, newAccount, test, toast } from '../fixtures';

async function api<T>(
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

async function onlyProductId(request: APIRequestContext, token: string): Promise<string> {
  const products = await api<{ id: string }[]>(request, token, 'get', '/api/products');
  return products[0]!.id;
}

/** A roadmap with items, made through the API (the page under test only reads it). */
async function seedRoadmap(
  request: APIRequestContext,
  token: string,
  productId: string,
  items: Record<string, unknown>[],
  roadmap: Record<string, unknown> = {},
) {
  const created = await api<{ id: string }>(
    request,
    token,
    'post',
    `/api/products/${productId}/roadmaps`,
    {
      name: 'Launch Plan',
      description: 'What ships this year',
      timelineType: 'quarterly',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      ...roadmap,
    },
  );
  for (const item of items) {
    await api(request, token, 'post', `/api/roadmaps/${created.id}/items`, item);
  }
  return created.id;
}

function itemCard(page: Page, title: string) {
  return page.getByRole('region', { name: 'Roadmap items' }).getByRole('article', { name: title });
}

test.describe('roadmaps', () => {
  test('a user with no roadmap creates one, adds an item and edits it', async ({
    page,
    register,
    signIn,
    shot,
  }) => {
    const { account, token } = await register(newAccount({ productName: 'Northwind Analytics' }));
    await signIn(token, '/roadmap');

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toContainText(`Products${account.productName}Roadmaps`);
    await expect(page.getByLabel('Product', { exact: true })).toHaveValue(/.+/);
    await expect(page.getByText('No roadmaps found')).toBeVisible();
    await shot('no-roadmaps');

    await page.getByRole('button', { name: 'Create First Roadmap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Roadmap' });
    await dialog.getByRole('button', { name: 'Create Roadmap' }).click();
    await expect(dialog.getByText('Roadmap name is required')).toBeVisible();
    await dialog.getByLabel('Roadmap Name').fill('2025 Product Roadmap');
    await dialog.getByLabel('Description').fill('Everything we ship in 2025');
    await dialog.getByLabel('Timeline Type').selectOption('monthly');
    await dialog.getByLabel('Start Date').fill('2025-01-01');
    await dialog.getByLabel('End Date').fill('2025-06-30');
    await shot('create-dialog');
    await dialog.getByRole('button', { name: 'Create Roadmap' }).click();

    await expect(toast(page)).toContainText('Roadmap Created');
    await expect(page).toHaveURL(/\/products\/[^/]+\/roadmap\/[^/]+$/);
    const details = page.getByRole('region', { name: 'Roadmap details' });
    await expect(details.getByRole('heading', { name: '2025 Product Roadmap' })).toBeVisible();
    await expect(details).toContainText('Jan 1, 2025 - Jun 30, 2025');
    await expect(details).toContainText('Monthly');
    await expect(details).toContainText('Active');
    await expect(breadcrumb).toContainText('2025 Product Roadmap');
    await expect(page.getByLabel('Active Roadmap')).toHaveValue(/.+/);
    await expect(page.getByText('No roadmap items yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add First Item' }).click();
    const itemDialog = page.getByRole('dialog', { name: 'Add Roadmap Item' });
    await expect(itemDialog.getByLabel('Status')).toHaveValue('unplanned');
    await expect(itemDialog.getByLabel('Priority')).toHaveValue('P2');
    await itemDialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(itemDialog.getByText('Item title is required')).toBeVisible();
    await itemDialog.getByLabel('Title').fill('User authentication');
    await itemDialog.getByLabel('Description').fill('Sign-up and sign-in for every customer');
    await itemDialog.getByLabel('Priority').selectOption('P1');
    await itemDialog.getByLabel('Status').selectOption('planned');
    await itemDialog.getByLabel('Start Date').fill('2025-01-06');
    await itemDialog.getByLabel('End Date').fill('2025-02-28');
    await itemDialog.getByLabel('Assigned To').fill('Platform team');
    await itemDialog.getByLabel('Tags').fill('security, backend');
    await itemDialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(toast(page)).toContainText('Item Added');

    const card = itemCard(page, 'User authentication');
    await expect(card).toContainText('P1 High');
    await expect(card).toContainText('Planned');
    await expect(card).toContainText('Sign-up and sign-in for every customer');
    await expect(card).toContainText('Jan 6, 2025 - Feb 28, 2025');
    await expect(card).toContainText('Assigned: Platform team');
    await expect(card).toContainText('#security');
    await expect(page.getByTestId('timeline-bar')).toHaveCount(1);
    await shot('first-item');

    await card.getByRole('button', { name: 'Edit User authentication' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Item' });
    await expect(editDialog.getByLabel('Title')).toHaveValue('User authentication');
    await editDialog.getByLabel('Title').fill('Single sign-on');
    await editDialog.getByLabel('Status').selectOption('in_progress');
    await editDialog.getByRole('button', { name: 'Save Item' }).click();
    await expect(toast(page)).toContainText('Item Updated');
    await expect(itemCard(page, 'Single sign-on')).toContainText('In Progress');

    // The roadmap itself is edited, and stays so after a reload.
    await details.getByRole('button', { name: 'Edit Roadmap' }).click();
    const editRoadmap = page.getByRole('dialog', { name: 'Edit Roadmap' });
    await expect(editRoadmap.getByLabel('Roadmap Name')).toHaveValue('2025 Product Roadmap');
    await editRoadmap.getByLabel('Roadmap Name').fill('H1 2025 Roadmap');
    await editRoadmap.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page)).toContainText('Roadmap Updated');
    await page.reload();
    await expect(details.getByRole('heading', { name: 'H1 2025 Roadmap' })).toBeVisible();
    await expect(itemCard(page, 'Single sign-on')).toContainText('In Progress');

    // Deleting asks first; Cancel keeps the item and the form.
    await itemCard(page, 'Single sign-on')
      .getByRole('button', { name: 'Edit Single sign-on' })
      .click();
    await editDialog.getByRole('button', { name: 'Delete Item' }).click();
    const confirmDelete = page.getByRole('alertdialog', { name: 'Delete Item' });
    await expect(confirmDelete).toContainText('Are you sure you want to delete “Single sign-on”?');
    await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmDelete).toBeHidden();
    await expect(editDialog.getByLabel('Title')).toHaveValue('Single sign-on');
    await editDialog.getByRole('button', { name: 'Delete Item' }).click();
    await shot('delete-item-confirmation');
    await confirmDelete.getByRole('button', { name: 'Delete Item' }).click();
    await expect(toast(page)).toContainText('Item Deleted');
    await expect(page.getByText('No roadmap items yet')).toBeVisible();
  });

  test('the first roadmap is chosen for the product, and the selectors switch', async ({
    page,
    request,
    register,
    signIn,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);
    await seedRoadmap(request, token, productId, [{ title: 'Older item' }], { name: 'Older' });
    await seedRoadmap(request, token, productId, [{ title: 'Newer item' }], { name: 'Newer' });

    await signIn(token, `/roadmap?product=${productId}`);
    const details = page.getByRole('region', { name: 'Roadmap details' });
    // Most recently updated first.
    await expect(details.getByRole('heading', { name: 'Newer' })).toBeVisible();
    await page.getByLabel('Active Roadmap').selectOption({ label: 'Older' });
    await expect(details.getByRole('heading', { name: 'Older' })).toBeVisible();
    await expect(itemCard(page, 'Older item')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/products/${productId}/roadmap/[^/]+$`));

    // The create and edit routes open their dialog over the page.
    await page.goto(`${page.url()}/edit`);
    const edit = page.getByRole('dialog', { name: 'Edit Roadmap' });
    await expect(edit.getByLabel('Roadmap Name')).toHaveValue('Older');
    await page.goto(`/products/${productId}/roadmap/create`);
    await expect(page.getByRole('dialog', { name: 'Create Roadmap' })).toBeVisible();
    await page.goto(`/products/${productId}/roadmap/no-such-roadmap`);
    await expect(page.getByText('Roadmap not found')).toBeVisible();
  });

  test('deleting a roadmap warns what goes with it, then clears it', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);
    await seedRoadmap(request, token, productId, [{ title: 'Search' }]);

    await signIn(token, `/products/${productId}/roadmaps`);
    await page.getByRole('button', { name: 'Delete Roadmap' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Roadmap' });
    await expect(confirm).toContainText('cannot be undone');
    await expect(confirm).toContainText(
      'remove all of its items, shared links, feedback and collaboration history',
    );
    await shot('delete-confirmation');
    await confirm.getByRole('button', { name: 'Delete Roadmap' }).click();
    await expect(toast(page)).toContainText('Roadmap Deleted');
    await expect(page.getByText('No roadmaps found')).toBeVisible();
  });

  test('importing YAML lists the bad item and imports the valid ones', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);
    await seedRoadmap(request, token, productId, []);
    await signIn(token, `/products/${productId}/roadmaps`);

    await page.getByRole('button', { name: 'Import YAML' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import YAML' });
    const importButton = dialog.getByRole('button', { name: /^Import \d+ Items?$/ });
    await expect(importButton).toBeDisabled();

    // A file that is not YAML is refused before it is read.
    await dialog.getByLabel('YAML file').setInputFiles({
      name: 'roadmap.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('roadmap_items: []'),
    });
    await expect(toast(page)).toContainText('Invalid File Type');
    await expect(toast(page)).toContainText('Please upload a YAML file (.yaml or .yml).');

    const items = Array.from(
      { length: 6 },
      (_, i) =>
        `  - title: Feature ${i + 1}\n    priority: high\n    start_date: 2025-0${i + 1}-01`,
    );
    const yaml = `roadmap_items:\n${items.join('\n')}\n  - description: no title here\n`;
    await dialog.getByLabel('YAML file').setInputFiles({
      name: 'plan.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(yaml),
    });
    const errors = dialog.getByRole('alert', { name: 'Validation errors' });
    await expect(errors).toContainText("Item 7: 'title' field is required.");
    await expect(
      dialog.getByRole('list', { name: 'Items to import' }).getByRole('listitem'),
    ).toHaveCount(5);
    await expect(dialog).toContainText('and 1 more');
    await expect(importButton).toHaveText('Import 6 Items');
    // The spec: import is enabled only with content, no errors, and not processing.
    await expect(importButton).toBeDisabled();
    await expect(errors).toContainText('Fix these to import');
    await shot('import-with-errors');

    // The document fixed (the untitled item gets its title), the import goes through.
    await dialog
      .getByLabel('YAML Content')
      .fill(yaml.replace('  - description: no title here', '  - title: Feature 7'));
    await expect(errors).toHaveCount(0);
    await expect(importButton).toHaveText('Import 7 Items');
    await expect(importButton).toBeEnabled();
    await importButton.click();
    await expect(toast(page)).toContainText('YAML Import Complete');
    await expect(toast(page)).toContainText('Successfully imported 7 of 7 items');
    await expect(
      page.getByRole('region', { name: 'Roadmap items' }).getByRole('article'),
    ).toHaveCount(7);
    await expect(itemCard(page, 'Feature 1')).toContainText('P1 High');

    // Pasted text that is valid shows the banner.
    await page.getByRole('button', { name: 'Import YAML' }).click();
    await dialog.getByLabel('YAML Content').fill('roadmap_items:\n  - title: Dark mode\n');
    await expect(dialog.getByRole('status')).toContainText('YAML is valid');
    await expect(importButton).toHaveText('Import 1 Item');
    await dialog.getByLabel('YAML Content').fill('just text');
    await expect(dialog.getByRole('alert', { name: 'Validation errors' })).toContainText(
      'YAML must contain a valid object structure.',
    );
    await expect(importButton).toBeDisabled();
  });

  test('the format guide explains the fields and downloads the template', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);
    await seedRoadmap(request, token, productId, []);
    await signIn(token, `/products/${productId}/roadmaps`);

    await page.getByRole('button', { name: 'Import YAML' }).click();
    await page.getByRole('button', { name: 'Format Guide' }).click();
    const guide = page.getByRole('dialog', { name: 'YAML Format Guide' });
    await expect(guide.getByRole('tab')).toHaveText([
      'Structure',
      'Fields',
      'Examples',
      'Validation',
    ]);
    await guide.getByRole('tab', { name: 'Fields' }).click();
    await expect(guide).toContainText('high maps to P1, medium to P2 and low to P3');
    await shot('format-guide-fields');
    await guide.getByRole('tab', { name: 'Validation' }).click();
    await expect(guide).toContainText('start_date and end_date are written YYYY-MM-DD.');

    const downloading = page.waitForEvent('download');
    await guide.getByRole('button', { name: 'Download Template' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('roadmap-template.yaml');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toContain('roadmap_items:');
    expect(text).toContain('title: User authentication');
  });

  test('moving a card on the kanban board changes its status for good', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);
    await seedRoadmap(request, token, productId, [
      { title: 'Search', status: 'planned' },
      { title: 'Reports', status: 'planned' },
    ]);
    await signIn(token, `/products/${productId}/roadmaps`);
    await page.getByRole('tab', { name: 'Kanban Board' }).click();

    const planned = page.getByTestId('kanban-column-planned');
    const inProgress = page.getByTestId('kanban-column-in_progress');
    const completed = page.getByTestId('kanban-column-completed');
    await expect(planned.getByRole('article')).toHaveCount(2);
    await planned.getByRole('article', { name: 'Search' }).dragTo(inProgress);
    await expect(inProgress.getByRole('article', { name: 'Search' })).toBeVisible();
    await expect(toast(page)).toContainText('Item Updated');
    await shot('kanban-after-drag');

    // The keyboard way: the Move to menu.
    await planned.getByRole('button', { name: 'Move Reports' }).click();
    await page.getByRole('menuitem', { name: 'Completed' }).click();
    await expect(completed.getByRole('article', { name: 'Reports' })).toBeVisible();

    await page.reload();
    await page.getByRole('tab', { name: 'Kanban Board' }).click();
    await expect(inProgress.getByRole('article', { name: 'Search' })).toBeVisible();
    await expect(completed.getByRole('article', { name: 'Reports' })).toBeVisible();
    await expect(planned.getByRole('article')).toHaveCount(0);
  });

  test('the timeline draws bars on a time axis and the analytics count the items', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);
    await seedRoadmap(request, token, productId, [
      {
        title: 'Auth',
        priority: 'P1',
        status: 'completed',
        startDate: '2025-01-06',
        endDate: '2025-03-28',
      },
      {
        title: 'Dashboard',
        priority: 'P1',
        status: 'in_progress',
        startDate: '2025-04-01',
        endDate: '2025-06-30',
        dependencies: '["Auth"]',
      },
      {
        title: 'Billing',
        priority: 'P2',
        status: 'planned',
        startDate: '2025-07-01',
        endDate: '2025-09-30',
      },
      { title: 'Mobile app', priority: 'P3', status: 'unplanned' },
    ]);
    await signIn(token, `/products/${productId}/roadmaps`);

    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline.getByTestId('timeline-bar')).toHaveCount(3);
    await expect(timeline).toContainText('Q1 2025');
    await expect(timeline).toContainText('Q4 2025');
    await expect(timeline.getByRole('list', { name: 'Unscheduled items' })).toContainText(
      'Mobile app',
    );
    await expect(timeline.getByTestId('timeline-connectors').locator('path')).toHaveCount(1);
    // Later items sit further right.
    const auth = await timeline.getByRole('button', { name: /^Auth:/ }).boundingBox();
    const billing = await timeline.getByRole('button', { name: /^Billing:/ }).boundingBox();
    expect(billing!.x).toBeGreaterThan(auth!.x + auth!.width);
    await shot('timeline');

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('group', { name: 'Total Items' })).toContainText('4');
    await expect(page.getByRole('group', { name: 'Completion' })).toContainText('25%');
    await expect(page.getByRole('group', { name: 'Scheduled' })).toContainText('3 of 4');
    const status = page.getByRole('group', { name: 'Status Breakdown' });
    await expect(status.getByRole('listitem', { name: 'Completed: 1' })).toBeVisible();
    await expect(status.getByRole('listitem', { name: 'In Progress: 1' })).toBeVisible();
    const priority = page.getByRole('group', { name: 'Priority Breakdown' });
    await expect(priority.getByRole('listitem', { name: 'P1 High: 2' })).toBeVisible();
    const overTime = page.getByRole('group', { name: 'Items Over Time' });
    await expect(overTime.getByRole('listitem', { name: 'Jan 2025: 1' })).toBeVisible();
    // The chart names its series and tells a month's count on hover.
    const chart = overTime.getByRole('img', { name: 'Items per month' });
    await expect(chart.locator('.recharts-legend-wrapper')).toHaveText('Items');
    await chart.locator('.recharts-bar-rectangle').first().hover();
    const tooltip = chart.locator('.recharts-tooltip-wrapper');
    await expect(tooltip).toContainText('Jan 2025');
    await expect(tooltip).toContainText('Items : 1');
    await shot('analytics');
  });

  test('a user without products is sent to create one', async ({ page, request, signIn }) => {
    // Registration always makes a product; deleting it leaves the account without one.
    const account = newAccount();
    const registered = await request.post('/api/auth/register', {
      data: { ...account, stripeToken: 'pm_card_visa', billingCycle: 'monthly' },
    });
    const { token } = (await registered.json()) as { token: string };
    const productId = await onlyProductId(request, token);
    const deleted = await request.delete(`/api/products/${productId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.ok(), await deleted.text()).toBe(true);

    await signIn(token, '/roadmap');
    await expect(page.getByText('No Products Found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Product' })).toHaveAttribute(
      'href',
      '/create-product',
    );
  });
});
