import { expect, test, toast } from '../fixtures';
import { onlyProductId } from '../product-helpers';

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
