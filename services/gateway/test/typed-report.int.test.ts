import { type PersonaTemplateView, readCsvTable, type StudyView } from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';

// A study's report and exports through the gateway with the local engine:
// the Markdown and the PDF, every draw as CSV, every figure as CSV, for the
// team and for nobody else.

let chorus: TestChorus;
beforeAll(async () => {
  chorus = await startTestChorus();
});
afterAll(() => chorus.stop());

const PERSONAS = 3;

async function customer(personaCount = PERSONAS) {
  const registered = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `typed-report-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Rae',
        lastName: 'Porter',
        productName: 'Planwise',
        productDescription: 'A meal planner that writes the week’s shopping list',
        industry: 'Technology',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      },
    },
  );
  expect(registered.status).toBe(201);
  const { token } = registered.body;
  const productId = registered.body.product.id;
  const templates = (await chorus.api<PersonaTemplateView[]>('/api/persona-templates', { token }))
    .body;
  for (const template of templates.slice(0, personaCount)) {
    const added = await chorus.api(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template.id },
    });
    expect(added.status).toBe(201);
  }
  return { token, productId };
}

async function download(path: string, token: string) {
  const response = await fetch(chorus.url + path, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    disposition: response.headers.get('content-disposition') ?? '',
    body: Buffer.from(await response.arrayBuffer()),
  };
}

function csvRows(body: Buffer) {
  const table = readCsvTable(body.toString('utf8'));
  if (!table.ok) throw new Error(table.message);
  return table;
}

it('gives a study’s report, its answers and its figures to the team, and to nobody else', async () => {
  const { token, productId } = await customer();
  const created = await chorus.api<StudyView>(`/api/products/${productId}/studies`, {
    method: 'POST',
    token,
    body: {
      name: 'Planwise pricing',
      offer: 'Planwise Family, a weekly meal planner',
      questions: [
        {
          questionText: 'How likely would you be to buy Planwise Family for your household?',
          spec: {
            type: 'scale',
            points: 5,
            lowLabel: 'Definitely would not buy',
            highLabel: 'Definitely would buy',
          },
        },
        {
          questionText: 'Would you buy Planwise Family at this price?',
          spec: {
            type: 'price_ladder',
            offer: 'Planwise Family, a weekly meal planner',
            currency: 'USD',
            period: 'month',
            prices: [3, 6, 9, 12, 18],
          },
        },
        {
          questionText: 'How likely are you to recommend Planwise Family to a friend?',
          spec: { type: 'nps' },
        },
      ],
    },
  });
  expect(created.status).toBe(201);
  const base = `/api/products/${productId}/studies/${created.body.id}`;
  const [scale, ladder] = created.body.questions;

  // Not answered yet: said in plain words (the local engine may already be done; then 200).
  const early = await download(`${base}/report.md`, token);
  if (early.status !== 200) {
    expect(early.status).toBe(409);
    expect(JSON.parse(early.body.toString('utf8'))).toEqual({
      message: 'The report is ready once every question of the study is answered.',
    });
  }
  const study = await eventually(
    async () => {
      const found = await chorus.api<StudyView>(base, { token });
      return found.body.questions.every((q) => q.status === 'complete') && found.body;
    },
    { timeoutMs: 60_000, what: 'an answered study' },
  );
  const draws = study.questions[0]!.run?.draws ?? 20;

  const markdown = await download(`${base}/report.md`, token);
  expect(markdown.status).toBe(200);
  expect(markdown.type).toMatch(/^text\/markdown/);
  expect(markdown.disposition).toBe(
    'attachment; filename="study-report-planwise-planwise-pricing.md"',
  );
  const content = markdown.body.toString('utf8');
  expect(content).toContain('# Study report: Planwise pricing');
  expect(content).toContain('Offer: Planwise Family, a weekly meal planner');
  expect(content).toContain('## Question 1 of 3: Rating scale');
  expect(content).toContain('## Question 2 of 3: Price ladder');
  expect(content).toContain('## Question 3 of 3: Net Promoter Score');
  expect(content).toMatch(/Average rating [\d.]+ of 5 \\\(likely (between|exactly)/);
  expect(content).toMatch(/Best price \$\d+ a month \\\(likely (between|exactly)/);
  expect(content).toContain('Gabor–Granger');
  expect(content).toContain('percentile bootstrap');

  const pdf = await download(`${base}/report.pdf`, token);
  expect(pdf.status).toBe(200);
  expect(pdf.type).toBe('application/pdf');
  expect(pdf.disposition).toBe('attachment; filename="study-report-planwise-planwise-pricing.pdf"');
  expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Every draw of every persona: one row each for the scale, one per price for the ladder.
  const answers = await download(`${base}/answers.csv`, token);
  expect(answers.status).toBe(200);
  expect(answers.type).toMatch(/^text\/csv/);
  expect(answers.disposition).toBe('attachment; filename="planwise-pricing-answers.csv"');
  const all = csvRows(answers.body);
  expect(all.header.slice(0, 6)).toEqual([
    'question_id',
    'question_text',
    'question_type',
    'persona_id',
    'persona_name',
    'draw',
  ]);
  expect(all.header).toEqual(expect.arrayContaining(['value', 'price', 'would_buy']));
  const rowsOf = (id: string) => all.rows.filter((row) => row[0] === id);
  expect(rowsOf(scale!.id)).toHaveLength(PERSONAS * draws);
  expect(rowsOf(ladder!.id)).toHaveLength(PERSONAS * draws * 5);

  const one = await download(
    `/api/products/${productId}/questions/${scale!.id}/answers.csv`,
    token,
  );
  expect(one.status).toBe(200);
  expect(one.disposition).toMatch(
    /^attachment; filename="how-likely-would-you-be-to-buy-planwise-family-.*-answers\.csv"$/,
  );
  const scaleRows = csvRows(one.body);
  expect(scaleRows.header.slice(6)).toEqual(['value']);
  expect(scaleRows.rows).toHaveLength(PERSONAS * draws);
  for (const row of scaleRows.rows) expect(['1', '2', '3', '4', '5']).toContain(row[6]);

  const summary = await download(`${base}/summary.csv`, token);
  expect(summary.status).toBe(200);
  expect(summary.disposition).toBe('attachment; filename="planwise-pricing-summary.csv"');
  const figures = csvRows(summary.body);
  expect(figures.header).toEqual([
    'question_id',
    'question_text',
    'figure',
    'value',
    'low',
    'high',
  ]);
  const names = figures.rows.map((row) => row[2]);
  expect(names).toEqual(
    expect.arrayContaining([
      'mean rating',
      'top-two box',
      'best price',
      'demand at $9',
      'nps score',
    ]),
  );
  const questionSummary = await download(
    `/api/products/${productId}/questions/${ladder!.id}/summary.csv`,
    token,
  );
  expect(questionSummary.status).toBe(200);
  expect(csvRows(questionSummary.body).rows.every((row) => row[0] === ladder!.id)).toBe(true);

  // Another customer finds nothing: not through their own product, not through this one.
  const stranger = await customer(1);
  for (const file of ['report.md', 'report.pdf', 'answers.csv', 'summary.csv']) {
    const theirs = await download(
      `/api/products/${stranger.productId}/studies/${created.body.id}/${file}`,
      stranger.token,
    );
    expect([file, theirs.status]).toEqual([file, 404]);
    expect(JSON.parse(theirs.body.toString('utf8'))).toEqual({ message: 'Study not found' });
    expect((await download(`${base}/${file}`, stranger.token)).status).toBe(404);
  }
  expect(
    (
      await download(
        `/api/products/${stranger.productId}/questions/${scale!.id}/answers.csv`,
        stranger.token,
      )
    ).status,
  ).toBe(404);
  expect((await download(`${base}/answers.csv`, '')).status).toBe(401);
});
