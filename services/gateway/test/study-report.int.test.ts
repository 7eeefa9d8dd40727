import type { PersonaTemplateView, QuestionView } from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';

// A question's study report, as Markdown and as a PDF.

let chorus: TestChorus;
beforeAll(async () => {
  chorus = await startTestChorus();
});
afterAll(() => chorus.stop());

async function customer() {
  const registered = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `reporter-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Rae',
        lastName: 'Porter',
        productName: 'Weekwise',
        industry: 'Technology',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      },
    },
  );
  const { token } = registered.body;
  const productId = registered.body.product.id;
  const templates = (await chorus.api<PersonaTemplateView[]>('/api/persona-templates', { token }))
    .body;
  for (const template of templates.slice(0, 3)) {
    await chorus.api(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template.id },
    });
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

it('is a Markdown and a PDF attachment once the question is answered, and 404 for anyone else', async () => {
  const { token, productId } = await customer();
  const described = await chorus.api(`/api/products/${productId}/custom-personas`, {
    method: 'POST',
    token,
    body: { description: 'A 41-year-old nurse in Leeds who plans her shifts on paper' },
  });
  expect(described.status).toBe(201);
  const text = 'Would you pay $30 a month for a planner that organises your week?';
  const asked = await chorus.api<QuestionView>(`/api/products/${productId}/questions`, {
    method: 'POST',
    token,
    body: { questionText: text },
  });
  const base = `/api/products/${productId}/questions/${asked.body.id}`;
  // Not answered yet: said in plain words (the local engine may already be done; then 200).
  const early = await download(`${base}/report.md`, token);
  if (early.status !== 200) {
    expect(early.status).toBe(409);
    expect(JSON.parse(early.body.toString('utf8'))).toEqual({
      message: 'The report is ready once the question is answered.',
    });
  }
  await eventually(async () => {
    const found = await chorus.api<QuestionView>(base, { token });
    return found.body.status === 'complete';
  });

  const markdown = await download(`${base}/report.md`, token);
  expect(markdown.status).toBe(200);
  expect(markdown.type).toMatch(/^text\/markdown/);
  expect(markdown.disposition).toBe(
    'attachment; filename="study-report-weekwise-would-you-pay-30-a-month-for-a-planner-that-organis.md"',
  );
  const content = markdown.body.toString('utf8');
  expect(content).toContain('# Study report: Weekwise');
  expect(content).toContain(`> Would you pay $30 a month for a planner that organises your week?`);
  expect(content).toContain('| Opinion | Share of all answers | Likely range if asked again |');
  expect(content).toContain('## How this is measured');
  expect(content).toContain('## Run details');
  // The panel says where each persona came from.
  expect(content).toContain('| Template library |');
  expect(content).toMatch(
    /\| Your customer, from a description; given: [a-z, ]*age[a-z, ]*; the rest inferred \|/,
  );
  expect(content).not.toContain('## Against real answers');

  // Once calibrated, the report sets the panel against the real answers.
  const calibrated = await chorus.api(`${base}/calibration`, {
    method: 'POST',
    token,
    body: { fileName: 'survey.csv', csv: 'rating\n5\n4\n2\n3\n' },
  });
  expect(calibrated.status).toBe(201);
  const withReal = (await download(`${base}/report.md`, token)).body.toString('utf8');
  expect(withReal).toContain('## Against real answers');
  expect(withReal).toContain('4 real answers from survey.csv');
  expect(withReal).toContain('| Positive | 2 of 4: 50% |');
  // Plain words first, the measure by name after; the rating comparison says what it ran over.
  expect(withReal).toMatch(/How far people and personas differ: \d\.\d\d of 1, /);
  expect(withReal).toMatch(/\(Jensen–Shannon distance \d\.\d\d /);
  // Each persona rates by its leaning, so a file of ratings is compared on the 1-5 scale.
  expect(withReal).toMatch(
    /Largest gap between their ratings: \d\.\d\d of 1, the most the share of people and of personas rating up to any point of the 1–5 scale differ/,
  );
  expect(withReal).toMatch(/Kolmogorov–Smirnov D = \d\.\d\d over ratings 1–5/);
  expect(withReal).not.toContain('KS statistic over the ratings');

  const pdf = await download(`${base}/report.pdf`, token);
  expect(pdf.status).toBe(200);
  expect(pdf.type).toBe('application/pdf');
  expect(pdf.disposition).toMatch(/^attachment; filename="study-report-weekwise-.+\.pdf"$/);
  expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const stranger = await customer();
  for (const format of ['md', 'pdf']) {
    expect((await download(`${base}/report.${format}`, stranger.token)).status).toBe(404);
    expect(
      (
        await download(
          `/api/products/${stranger.productId}/questions/${asked.body.id}/report.${format}`,
          stranger.token,
        )
      ).status,
    ).toBe(404);
  }
  expect((await download(`${base}/report.pdf`, '')).status).toBe(401);
});
