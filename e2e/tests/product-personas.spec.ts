import { expect, test, toast } from '../fixtures';
import {
  onlyProductId,
  getJson,
  type Template,
  addPersonas,
  productCard,
} from '../product-helpers';

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
