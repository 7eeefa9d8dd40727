import {
  CURRENT_PLAN,
  csvMessages,
  customPersonaMessages,
  type PersonaTemplateView,
  type ProductPersonaView,
  type ProductView,
  type QuestionView,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { postOversized } from './oversized-upload';

// Personas of a business's own customers through the API, built by the local engine.
let chorus: TestChorus;

beforeAll(async () => {
  chorus = await startTestChorus();
});
afterAll(() => chorus.stop());

async function customer() {
  const answer = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `shop-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Léa',
        lastName: 'Martin',
        productName: 'Panier',
        productDescription: 'Weekly meal kits',
        industry: 'Retail',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      },
    },
  );
  expect(answer.status).toBe(201);
  return { token: answer.body.token, productId: answer.body.product.id };
}

const product = async (token: string, productId: string) =>
  (await chorus.api<ProductView>(`/api/products/${productId}`, { token })).body;

const personasOf = async (token: string, productId: string) =>
  (await chorus.api<ProductPersonaView[]>(`/api/products/${productId}/personas`, { token })).body;

const describe_ = (token: string, productId: string, description: string) =>
  chorus.api<ProductPersonaView & { message?: string }>(
    `/api/products/${productId}/custom-personas`,
    {
      method: 'POST',
      token,
      body: { description },
    },
  );

const importCsv = (token: string, productId: string, csv: string) =>
  chorus.api<{
    personas: ProductPersonaView[];
    skipped: { row: number; reason: string }[];
    message?: string;
  }>(`/api/products/${productId}/custom-personas/import`, {
    method: 'POST',
    token,
    body: { fileName: 'customers.csv', csv },
  });

describe('a persona from a description', () => {
  it('keeps what the description states as given and fills the rest as inferred', async () => {
    const { token, productId } = await customer();
    const created = await describe_(
      token,
      productId,
      'A 34-year-old nurse in Lyon who cooks three times a week and shops at discount stores',
    );
    expect(created.status).toBe(201);
    const persona = created.body;
    expect(persona.template).toMatchObject({
      age: 34,
      occupation: 'Nurse',
      location: 'Lyon',
      lifestyle: 'Cooks three times a week and shops at discount stores',
    });
    expect(persona.template.personality.length).toBeGreaterThan(0);
    expect(persona.template.safetyScores.economic).toBeGreaterThanOrEqual(0);
    expect(persona.custom).toEqual({
      source: 'description',
      sourceText:
        'A 34-year-old nurse in Lyon who cooks three times a week and shops at discount stores',
      fileName: '',
      builtBy: 'local',
      provenance: {
        name: 'inferred',
        age: 'given',
        gender: 'inferred',
        occupation: 'given',
        location: 'given',
        income: 'inferred',
        lifestyle: 'given',
        motivations: 'inferred',
        personality: 'inferred',
      },
    });
    // It is the product's, listed with its facts, and nowhere in the library.
    const listed = await personasOf(token, productId);
    expect(listed).toEqual([persona]);
    const library = (await chorus.api<PersonaTemplateView[]>('/api/persona-templates', { token }))
      .body;
    expect(library.map((t) => t.id)).not.toContain(persona.templateId);
    // Nobody else can choose it as a template.
    const other = await customer();
    const chosen = await chorus.api(`/api/products/${other.productId}/personas`, {
      method: 'POST',
      token: other.token,
      body: { templateId: persona.templateId },
    });
    expect(chosen.status).toBe(404);
  });

  it('refuses a description too short, in plain words', async () => {
    const { token, productId } = await customer();
    const answer = await describe_(token, productId, 'a mum');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(customPersonaMessages.descriptionTooShort);
  });
});

describe('importing customers from a CSV', () => {
  const csv =
    'Name,Age,Gender,Occupation,City,Notes\n' +
    'Claire,34,F,Nurse,Lyon,"Cooks at home, shops at discount stores"\n' +
    'Marc,52,M,Accountant,Paris,\n' +
    'Inès,,,,,"She is a 27-year-old designer who cycles to work"\n';

  it('makes a persona of each row, counted in the persona price, and they answer questions', async () => {
    const { token, productId } = await customer();
    // Every included persona taken from the library, so each customer adds to the price.
    const library = (await chorus.api<PersonaTemplateView[]>('/api/persona-templates', { token }))
      .body;
    for (const template of library.slice(0, CURRENT_PLAN.includedPersonas)) {
      await chorus.api(`/api/products/${productId}/personas`, {
        method: 'POST',
        token,
        body: { templateId: template.id },
      });
    }
    const before = await eventually(async () => {
      const current = await product(token, productId);
      return current.billing.personaCount === CURRENT_PLAN.includedPersonas && current;
    });
    const imported = await importCsv(token, productId, csv);
    expect(imported.status).toBe(201);
    expect(imported.body.skipped).toEqual([]);
    expect(imported.body.personas.map((p) => p.template.name)).toEqual(['Claire', 'Marc', 'Inès']);
    const [claire, marc, ines] = imported.body.personas;
    expect(claire!.template).toMatchObject({ age: 34, gender: 'Female', location: 'Lyon' });
    expect(claire!.custom).toMatchObject({ source: 'csv', fileName: 'customers.csv' });
    expect(claire!.custom!.provenance).toMatchObject({
      name: 'given',
      age: 'given',
      income: 'inferred',
    });
    expect(marc!.custom!.sourceText).toBe(
      'Name: Marc\nAge: 52\nGender: M\nOccupation: Accountant\nCity: Paris',
    );
    expect(ines!.template).toMatchObject({ age: 27, occupation: 'Designer' });
    expect(ines!.custom!.provenance.age).toBe('given');

    const after = await eventually(async () => {
      const current = await product(token, productId);
      return current.billing.personaCount === before.billing.personaCount + 3 && current;
    });
    expect(after.billing.monthlyRate).not.toBeNull();
    expect(after.billing.monthlyRate ?? 0).toBeGreaterThan(before.billing.monthlyRate ?? 0);

    const asked = await chorus.api<QuestionView>(`/api/products/${productId}/questions`, {
      method: 'POST',
      token,
      body: { questionText: 'Would you pay $15 a week for a meal kit?' },
    });
    expect(asked.status).toBe(201);
    const complete = await eventually(async () => {
      const question = (
        await chorus.api<QuestionView>(`/api/products/${productId}/questions/${asked.body.id}`, {
          token,
        })
      ).body;
      return question.status === 'complete' && question;
    });
    const names = complete.responses.map((r) => r.personaName);
    expect(names).toEqual(expect.arrayContaining(['Claire', 'Inès', 'Marc']));
    expect(names).toHaveLength(CURRENT_PLAN.includedPersonas + 3);
  });

  it('keeps a formula in a customer file as text, and the answers carry it unchanged', async () => {
    const { token, productId } = await customer();
    const formula = '=HYPERLINK("http://x.test","Claim")';
    const imported = await importCsv(
      token,
      productId,
      `Name,Age,Occupation,Notes\n"${formula.replace(/"/g, '""')}",41,Chef,"+SUM(1,2) cooks daily"\n`,
    );
    expect(imported.status).toBe(201);
    const [persona] = imported.body.personas;
    expect(persona!.template.name).toBe(formula);
    expect(persona!.custom!.sourceText).toContain('+SUM(1,2) cooks daily');

    const asked = await chorus.api<QuestionView>(`/api/products/${productId}/questions`, {
      method: 'POST',
      token,
      body: { questionText: 'Would you try a weekly menu?' },
    });
    expect(asked.status).toBe(201);
    const complete = await eventually(async () => {
      const question = (
        await chorus.api<QuestionView>(`/api/products/${productId}/questions/${asked.body.id}`, {
          token,
        })
      ).body;
      return question.status === 'complete' && question;
    });
    // The answers carry the name as written; the questions page's CSV export
    // keeps such a cell as text (mfe-products/test/question-history.test.ts).
    expect(complete.responses.map((r) => r.personaName)).toContain(formula);
  });

  it('lists the rows it could not use, with the reason', async () => {
    const { token, productId } = await customer();
    const imported = await importCsv(token, productId, 'name,age,email\nAnna,31,\n,,b@x.test\n');
    expect(imported.status).toBe(201);
    expect(imported.body.personas.map((p) => p.template.name)).toEqual(['Anna']);
    expect(imported.body.skipped).toEqual([
      { row: 3, reason: 'The row has nothing about the customer.' },
    ]);
  });

  it.each([
    [
      'more than 100 rows',
      `name\n${Array.from({ length: 101 }, (_, i) => `Customer ${i}`).join('\n')}\n`,
      customPersonaMessages.csvTooManyRows(101),
    ],
    ['no usable column', 'email,phone\na@x.test,123\n', customPersonaMessages.csvNoUsableColumn],
    ['malformed CSV', 'name,notes\nAnna,"never closed\n', csvMessages.brokenQuotes(2)],
    [
      'a picture renamed .csv',
      '\uFFFDPNG\r\n\u001A\n\u0000\u0000\u0000\rIHDR\u0000\u0000\u0002\u0000',
      csvMessages.notText,
    ],
    [
      'a picture without NUL bytes',
      '\uFFFDPNG\r\n\u001A\n\uFFFD\uFFFD\u0001\rIHDR\u0002\uFFFD\uFFFD\u0003',
      csvMessages.notText,
    ],
  ])('refuses %s with 400 in plain words, adding nobody', async (_label, file, message) => {
    const { token, productId } = await customer();
    const answer = await importCsv(token, productId, file);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await personasOf(token, productId)).toEqual([]);
  });

  it('refuses a 2 MB upload, and a 50 MB one before reading it whole', async () => {
    const { token, productId } = await customer();
    const answer = await importCsv(token, productId, `notes\n${'x'.repeat(2 * 1024 * 1024)}\n`);
    expect(answer.status).toBe(413);
    const fifty = await postOversized(
      `${chorus.url}/api/products/${productId}/custom-personas/import`,
      token,
      50 * 1024 * 1024,
    );
    expect(fifty.status).toBe(413);
    expect(await personasOf(token, productId)).toEqual([]);
  });
});

describe('editing and removing a custom persona', () => {
  it('an edited trait becomes given; removing it lowers the count again', async () => {
    const { token, productId } = await customer();
    const created = (await describe_(token, productId, 'A retired man in Nantes who gardens daily'))
      .body;
    expect(created.custom!.provenance.income).toBe('inferred');
    const edited = await chorus.api<ProductPersonaView>(
      `/api/products/${productId}/custom-personas/${created.id}`,
      { method: 'PATCH', token, body: { income: '€1,600/month pension', name: 'Jacques' } },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.template).toMatchObject({ income: '€1,600/month pension', name: 'Jacques' });
    expect(edited.body.custom!.provenance).toMatchObject({
      income: 'given',
      name: 'given',
      location: 'given',
      personality: 'inferred',
    });
    expect((await personasOf(token, productId))[0]!.template.name).toBe('Jacques');

    const removed = await chorus.api(`/api/products/${productId}/personas/${created.id}`, {
      method: 'DELETE',
      token,
    });
    expect(removed.status).toBe(200);
    expect(await personasOf(token, productId)).toEqual([]);
    await eventually(async () => (await product(token, productId)).billing.personaCount === 0);
  });

  it("a template persona cannot be edited; another customer's answers 404", async () => {
    const { token, productId } = await customer();
    const library = (await chorus.api<PersonaTemplateView[]>('/api/persona-templates', { token }))
      .body;
    const chosen = await chorus.api<ProductPersonaView>(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: library[0]!.id },
    });
    const refused = await chorus.api(
      `/api/products/${productId}/custom-personas/${chosen.body.id}`,
      {
        method: 'PATCH',
        token,
        body: { name: 'Someone else' },
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(customPersonaMessages.notCustom);

    const mine = (await describe_(token, productId, 'A 45-year-old teacher in Lille')).body;
    const other = await customer();
    for (const path of [
      `/api/products/${productId}/custom-personas/${mine.id}`,
      `/api/products/${other.productId}/custom-personas/${mine.id}`,
    ]) {
      const answer = await chorus.api(path, {
        method: 'PATCH',
        token: other.token,
        body: { name: 'Stolen' },
      });
      expect(answer.status).toBe(404);
    }
    const deleted = await chorus.api(`/api/products/${productId}/personas/${mine.id}`, {
      method: 'DELETE',
      token: other.token,
    });
    expect(deleted.status).toBe(404);
    const importedElsewhere = await chorus.api(`/api/products/${productId}/custom-personas`, {
      method: 'POST',
      token: other.token,
      body: { description: 'A 30-year-old engineer in Lyon' },
    });
    expect(importedElsewhere.status).toBe(404);
    expect((await personasOf(token, productId)).find((p) => p.id === mine.id)!.template.name).toBe(
      mine.template.name,
    );
  });
});
