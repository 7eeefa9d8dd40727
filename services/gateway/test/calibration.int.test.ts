import { type PersonaTemplateView, type QuestionView } from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { postOversized } from './oversized-upload';

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
        email: `calibrator-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Ada',
        lastName: 'Quinn',
        productName: 'Lantern',
        productDescription: 'Smart lights',
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
  for (const template of templates.slice(0, 3)) {
    await chorus.api(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template.id },
    });
  }
  return { token, productId };
}

interface CalibrationBody {
  questionText: string;
  fidelity: { n: number; distance: number; distanceMeaning: string; segments: unknown[] };
}

describe('calibration over HTTP', () => {
  it('uploads real answers to a complete question and lists it for the product', async () => {
    const { token, productId } = await customer();
    const asked = await chorus.api<QuestionView>(`/api/products/${productId}/questions`, {
      method: 'POST',
      token,
      body: { questionText: 'Would you pay $15 a month for smarter lights?', productId },
    });
    expect(asked.status).toBe(201);
    const path = `/api/products/${productId}/questions/${asked.body.id}/calibration`;

    const early = await chorus.api<{ error: string }>(path, {
      method: 'POST',
      token,
      body: { fileName: 'early.csv', csv: 'opinion\npositive\n' },
    });
    if (early.status !== 201) {
      expect(early.status).toBe(409);
      expect(JSON.stringify(early.body)).toContain('not complete yet');
    }

    await eventually(
      async () => {
        const got = await chorus.api<QuestionView>(
          `/api/products/${productId}/questions/${asked.body.id}`,
          { token },
        );
        return got.body.status === 'complete';
      },
      { timeoutMs: 30_000, what: 'the question completes' },
    );

    const bad = await chorus.api(path, {
      method: 'POST',
      token,
      body: { fileName: 'bad.csv', csv: 'name\nAnn\n' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('The file has no opinion or rating column');

    const huge = await chorus.api(path, {
      method: 'POST',
      token,
      body: { fileName: 'huge.csv', csv: `opinion\n${'positive\n'.repeat(150_000)}` },
    });
    expect(huge.status).toBe(413);
    // 50 MB declared: refused by its length, before it is read whole.
    const fifty = await postOversized(`${chorus.url}${path}`, token, 50 * 1024 * 1024);
    expect(fifty.status).toBe(413);
    expect(fifty.body).toContain('too large');

    const uploaded = await chorus.api<CalibrationBody>(path, {
      method: 'POST',
      token,
      body: {
        fileName: 'survey.csv',
        csv: 'Opinion,Age,Gender,Occupation\npositive,25,female,"=HYPERLINK(""http://x"",""y"")"\nnegative,50,male,Chef\nneutral,35,female,Nurse\n',
      },
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.fidelity.n).toBe(3);
    expect(uploaded.body.fidelity.distance).toBeGreaterThanOrEqual(0);
    expect(uploaded.body.fidelity.distance).toBeLessThanOrEqual(1);
    expect(uploaded.body.fidelity.segments.length).toBeGreaterThan(0);

    const listed = await chorus.api<CalibrationBody[]>(`/api/products/${productId}/calibrations`, {
      token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.map((c) => c.questionText)).toEqual([
      'Would you pay $15 a month for smarter lights?',
    ]);

    const other = await customer();
    const stranger = await chorus.api(path.replace(productId, other.productId), {
      token: other.token,
    });
    expect(stranger.status).toBe(404);

    expect((await chorus.api(path, { method: 'DELETE', token })).status).toBe(200);
    expect((await chorus.api(path, { token })).status).toBe(404);
  });
});
