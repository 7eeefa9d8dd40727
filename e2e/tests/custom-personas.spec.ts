import type { APIRequestContext, Page } from '@playwright/test';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dismissToast, expect, newAccount, test, toast } from '../fixtures';

interface Template {
  id: string;
  name: string;
}

function auth(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

async function onlyProductId(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get('/api/products', auth(token));
  expect(response.status(), await response.text()).toBe(200);
  const products = (await response.json()) as { id: string }[];
  expect(products).toHaveLength(1);
  return products[0]!.id;
}

/** Selects the first `count` library templates for the product. */
async function selectTemplates(
  request: APIRequestContext,
  token: string,
  productId: string,
  count: number,
): Promise<void> {
  const response = await request.get('/api/persona-templates', auth(token));
  expect(response.status(), await response.text()).toBe(200);
  const templates = ((await response.json()) as Template[]).slice(0, count);
  expect(templates).toHaveLength(count);
  for (const template of templates) {
    const added = await request.post(`/api/products/${productId}/personas`, {
      ...auth(token),
      data: { templateId: template.id },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
}

/** A customer file in a fresh temp folder, as a user would pick it from disk. */
async function customerFile(name: string, content: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'chorus-customers-'));
  const file = path.join(dir, name);
  await writeFile(file, content, 'utf8');
  return file;
}

function customerCards(page: Page) {
  return page.getByRole('list', { name: 'Customer personas' }).getByRole('article');
}

function customerCard(page: Page, name: string) {
  return page.getByRole('list', { name: 'Customer personas' }).getByRole('article', { name });
}

/** A trait's provenance mark on a card, named as a screen reader reads it ("Age: given"). */
function mark(card: ReturnType<typeof customerCard>, trait: string, provenance: string) {
  return card.getByRole('img', { name: `${trait}: ${provenance}`, exact: true });
}

const description =
  'A 34-year-old mother of two in Lyon who cooks three times a week and shops at discount stores';

// Three usable customers (rows 2 to 4) and one whose age is not a number (row 5).
const customersCsv = [
  'name,age,gender,occupation,city,notes',
  'Camille Dubois,41,F,Nurse,Lyon,"Shops at discount stores; cooks most evenings"',
  'Marc Lefevre,29,M,Software developer,Paris,"Orders takeaway twice a week, hates queues"',
  'Aicha Benali,55,F,Teacher,Marseille,"Buys organic food and plans meals on Sunday"',
  'Jean Petit,unknown,M,Retired,Nice,"Walks to the market every morning"',
].join('\n');
const imported = ['Camille Dubois', 'Marc Lefevre', 'Aicha Benali'];

test.describe('personas of your own customers', () => {
  test('a described customer becomes a persona whose traits say given or inferred, and an edited trait becomes given', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Lyon Pantry' }));
    const productId = await onlyProductId(request, token);
    await signIn(token, `/products/${productId}/personas`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personas');
    await expect(page.getByRole('heading', { name: 'Your Customers' })).toBeVisible();

    const describe = page.getByRole('region', { name: 'Describe a customer' });
    const text = describe.getByLabel('Customer description');
    await text.fill('A parent');
    await describe.getByRole('button', { name: 'Create Persona' }).click();
    await expect(describe.getByRole('alert')).toHaveText(
      'Describe the customer in at least 10 characters.',
    );
    await expect(customerCards(page)).toHaveCount(0);

    await text.fill(description);
    await describe.getByRole('button', { name: 'Create Persona' }).click();
    await expect(toast(page)).toContainText('Persona created');
    await expect(text).toHaveValue('');
    await expect(customerCards(page)).toHaveCount(1);
    await expect(page.getByTestId('selected-count')).toHaveText('1 persona selected');

    const card = customerCards(page).first();
    const name = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
    expect(name).not.toBe('');
    await expect(card).toContainText('Your customer');
    await expect(card.getByRole('figure', { name: 'Source' })).toContainText(
      'From your description',
    );
    await expect(card.getByRole('figure', { name: 'Source' })).toContainText(description);
    // What the description states is evidence; the rest the engine filled in.
    await expect(mark(card, 'Age', 'given')).toBeVisible();
    await expect(card).toContainText('34 years');
    await expect(mark(card, 'Gender', 'given')).toBeVisible();
    await expect(mark(card, 'Location', 'given')).toBeVisible();
    await expect(card).toContainText('Lyon');
    await expect(mark(card, 'Lifestyle', 'given')).toBeVisible();
    await expect(mark(card, 'Name', 'inferred')).toBeVisible();
    await expect(mark(card, 'Income', 'inferred')).toBeVisible();
    await expect(mark(card, 'Personality', 'inferred')).toBeVisible();
    await expect(
      card.getByRole('list', { name: 'Safety scores' }).getByRole('listitem'),
    ).toHaveCount(4);
    const legend = page.getByLabel('Trait provenance');
    await expect(legend).toContainText('given');
    await expect(legend).toContainText('inferred');
    // It is one of the selected personas, like a template.
    await expect(page.getByRole('list', { name: 'Selected personas' })).toContainText(name);
    await card.scrollIntoViewIfNeeded();
    await shot('described');

    // Editing: a bad age is refused in plain words; a typed income becomes given.
    await dismissToast(page);
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(dialog.getByLabel('Age', { exact: true })).toHaveValue('34');
    await dialog.getByLabel('Age', { exact: true }).fill('12');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Age must be a whole number from 18 to 100');
    await dialog.getByLabel('Age', { exact: true }).fill('35');
    await dialog.getByLabel('Income', { exact: true }).fill('€38,000 a year');
    await shot('editing');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText('Persona updated');
    await expect(mark(card, 'Income', 'given')).toBeVisible();
    await expect(card).toContainText('€38,000 a year');
    await expect(card).toContainText('35 years');
    await expect(mark(card, 'Personality', 'inferred')).toBeVisible();

    // A reload reads the edit back from the server.
    await page.reload();
    const reloaded = customerCard(page, name);
    await expect(mark(reloaded, 'Income', 'given')).toBeVisible();
    await expect(reloaded).toContainText('€38,000 a year');
    await reloaded.scrollIntoViewIfNeeded();
    await shot('edited');
  });

  test('a customer CSV imports one persona per usable row, lists the skipped ones, and the personas answer questions', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Market Basket' }));
    const productId = await onlyProductId(request, token);
    // Eight from the library: three customers take the product past the included ten.
    await selectTemplates(request, token, productId, 8);
    await signIn(token, `/products/${productId}/personas`);
    await expect(page.getByTestId('selected-count')).toHaveText('8 personas selected');

    const importer = page.getByRole('region', { name: 'Import customers' });
    const fileInput = importer.getByLabel('Customer file (CSV)');

    // Refused in the browser as the server would, before anything is sent: too many
    // customers, too large a file, no column Chorus can use.
    const tooMany = [
      'name,age,city',
      ...Array.from({ length: 101 }, (_, i) => `Customer ${i + 1},${30 + (i % 40)},Lyon`),
    ].join('\n');
    await fileInput.setInputFiles(await customerFile('too-many.csv', tooMany));
    await importer.getByRole('button', { name: 'Import' }).click();
    await expect(importer.getByRole('alert')).toHaveText(
      'The file has 101 customers; at most 100 can be imported at once.',
    );
    await shot('too-many-rows');
    const large = `name,notes\n${`Someone,${'x'.repeat(1000)}\n`.repeat(1100)}`;
    await fileInput.setInputFiles(await customerFile('large.csv', large));
    await importer.getByRole('button', { name: 'Import' }).click();
    await expect(importer.getByRole('alert')).toHaveText('The file can be at most 1 MB.');
    await expect(customerCards(page)).toHaveCount(0);

    await fileInput.setInputFiles(
      await customerFile('orders.csv', 'order id,total\n1001,12.50\n1002,8.00\n'),
    );
    await importer.getByRole('button', { name: 'Import' }).click();
    await expect(importer.getByRole('alert')).toHaveText(
      'The file has no column Chorus can use. Add columns such as age, gender, occupation, location, income, or notes about the customer.',
    );

    // Four rows, one unusable: the cost of the three is confirmed first (8 to 11 personas).
    await fileInput.setInputFiles(await customerFile('customers.csv', customersCsv));
    await importer.getByRole('button', { name: 'Import' }).click();
    const cost = page.getByRole('alertdialog');
    await expect(cost).toContainText('Add extra personas?');
    await expect(cost.getByRole('definition').nth(0)).toHaveText('8 11');
    await expect(cost.getByRole('definition').nth(3)).toHaveText('$25.00$27.00/month');
    await shot('import-cost');
    await cost.getByRole('button', { name: 'Add Personas' }).click();

    const result = importer.getByRole('status');
    await expect(result).toContainText('Created 3 personas from customers.csv.');
    const skipped = importer.getByRole('list', { name: 'Skipped rows' });
    await expect(skipped.getByRole('listitem')).toHaveCount(1);
    await expect(skipped).toContainText('Row 5:');
    await expect(skipped).toContainText('The age "unknown" is not a number from 18 to 100.');
    await expect(customerCards(page)).toHaveCount(3);
    await expect(page.getByTestId('selected-count')).toHaveText('11 personas selected');
    await expect(page.getByTestId('monthly-cost')).toHaveText('$27.00/month');
    for (const name of imported) {
      const card = customerCard(page, name);
      await expect(card).toContainText('Your customer');
      await expect(card.getByRole('figure', { name: 'Source' })).toContainText(
        'From customers.csv',
      );
      for (const trait of ['Name', 'Age', 'Gender', 'Occupation', 'Location']) {
        await expect(mark(card, trait, 'given')).toBeVisible();
      }
      await expect(mark(card, 'Personality', 'inferred')).toBeVisible();
    }
    const camille = customerCard(page, 'Camille Dubois');
    await expect(camille).toContainText('41 years');
    await expect(camille).toContainText('Nurse');
    await expect(camille.getByRole('figure', { name: 'Source' })).toContainText(
      'notes: Shops at discount stores; cooks most evenings',
    );
    await importer.scrollIntoViewIfNeeded();
    await shot('imported');

    // They answer a question like any persona.
    await page.goto(`/products/${productId}/questions`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Strategic Questions');
    const question = 'Would you pay $5 a month for weekly meal plans built from discount offers?';
    await page.getByLabel('Your question').fill(question);
    await page.getByRole('button', { name: 'Ask Question' }).click();
    const asked = page.getByRole('article', { name: question });
    await expect(asked.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
    for (const name of imported) {
      await expect(asked.getByRole('article', { name })).toBeVisible();
    }
    await asked.getByRole('article', { name: imported[0] }).scrollIntoViewIfNeeded();
    await shot('answered');

    // Deleting one asks first; it leaves the list and the bill.
    await page.goto(`/products/${productId}/personas`);
    await customerCard(page, 'Marc Lefevre')
      .getByRole('button', { name: 'Delete Marc Lefevre' })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Marc Lefevre?' });
    await confirm.getByRole('button', { name: 'Delete Persona' }).click();
    await expect(toast(page)).toContainText('Persona removed');
    await expect(customerCards(page)).toHaveCount(2);
    await expect(page.getByTestId('selected-count')).toHaveText('10 personas selected');
  });

  test('a customer CSV with notes becomes personas whose shown traits use those notes and do not contradict them', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Northern Larder' }));
    const productId = await onlyProductId(request, token);
    await signIn(token, `/products/${productId}/personas`);

    const notes = {
      gareth:
        'Cooks a big batch of chilli on Sundays and shops at Aldi to keep food spending tight',
      nadia: 'Plans meals around special offers and never pays for delivery',
    };
    const csv = [
      'name,age,gender,occupation,city,notes',
      `Gareth Hughes,44,M,Electrician,Leeds,"${notes.gareth}"`,
      `Nadia Rahman,38,F,Nurse,"Bristol, UK","${notes.nadia}"`,
    ].join('\n');
    const importer = page.getByRole('region', { name: 'Import customers' });
    await importer
      .getByLabel('Customer file (CSV)')
      .setInputFiles(await customerFile('shoppers.csv', csv));
    await importer.getByRole('button', { name: 'Import' }).click();
    await expect(importer.getByRole('status')).toContainText(
      'Created 2 personas from shoppers.csv.',
    );

    for (const [name, note, occupation, place] of [
      ['Gareth Hughes', notes.gareth, 'Electrician', 'Leeds'],
      ['Nadia Rahman', notes.nadia, 'Nurse', 'Bristol, UK'],
    ] as const) {
      const card = customerCard(page, name);
      // What the file gave is kept and marked given; the notes are the lifestyle.
      for (const trait of ['Name', 'Age', 'Gender', 'Occupation', 'Location', 'Lifestyle']) {
        await expect(mark(card, trait, 'given')).toBeVisible();
      }
      await expect(card).toContainText(occupation);
      await expect(card).toContainText(place);
      await expect(card).toContainText(note);
      // What Chorus filled in fits the notes: an English income in pounds and modest, careful with money.
      await expect(mark(card, 'Income', 'inferred')).toBeVisible();
      await expect(card).toContainText(/£\d{2},\d{3} per year/);
      const income = Number(
        /£(\d{2},\d{3}) per year/.exec((await card.textContent()) ?? '')![1]!.replace(',', ''),
      );
      expect(income).toBeLessThanOrEqual(33_000);
      await expect(mark(card, 'Personality', 'inferred')).toBeVisible();
      await expect(card).toContainText('Careful with money');
      // Nothing from another person's life: no farm, no mobile money, no paying for quality.
      await expect(card).not.toContainText(/farm|hectare|mobile money|pay for quality|premium/i);
      await card.scrollIntoViewIfNeeded();
    }
    await shot('notes-personas');

    // Asked about a price per serving, each reads it back in that unit, in the pounds it earns.
    await page.goto(`/products/${productId}/questions`);
    const question = 'Would you order our weekly meal kit at $12 per serving?';
    await page.getByLabel('Your question').fill(question);
    await page.getByRole('button', { name: 'Ask Question' }).click();
    const asked = page.getByRole('article', { name: question });
    await expect(asked.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
    for (const name of ['Gareth Hughes', 'Nadia Rahman']) {
      const answer = asked.getByRole('article', { name });
      await expect(answer).toContainText('$12 per serving (about £');
      await expect(answer).not.toContainText(/\$12 a (?:week|month|year)/);
    }
    // The reasoning cites what the notes say, not a trait Chorus filled in.
    await expect(asked.getByRole('article', { name: 'Gareth Hughes' })).toContainText(
      'keep food spending tight',
    );
    await expect(asked.getByRole('article', { name: 'Nadia Rahman' })).toContainText(
      'special offers',
    );
    await asked.getByRole('article', { name: 'Gareth Hughes' }).scrollIntoViewIfNeeded();
    await shot('notes-personas-answer');
  });
});
