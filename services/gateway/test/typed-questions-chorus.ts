// What the gateway's typed-question tests share: importing this file starts
// Chorus with the local engine before the file's tests (and a customer with
// personas), stops it after, and gives the helpers that ask a typed question,
// wait for its answers and recompute its figures from them.
import {
  type PersonaTemplateView,
  type QuestionSpec,
  type QuestionView,
  MIN_SEGMENT_SIZE,
  type TypedAnswer,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { segmentCuts, typedResultOf } from '@chorus/research';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';

export let chorus: TestChorus;

beforeAll(async () => {
  chorus = await startTestChorus();
});
afterAll(() => chorus.stop());

export async function customer(personaCount = 8) {
  const registered = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `typed-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Ada',
        lastName: 'Quinn',
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

export let owner: { token: string; productId: string };
beforeAll(async () => {
  owner = await customer();
});

export async function askTyped(questionText: string, spec: QuestionSpec) {
  return chorus.api<QuestionView & { message?: string }>(
    `/api/products/${owner.productId}/questions`,
    { method: 'POST', token: owner.token, body: { questionText, spec } },
  );
}

export async function answered(id: string): Promise<QuestionView> {
  return eventually(
    async () => {
      const found = await chorus.api<QuestionView>(
        `/api/products/${owner.productId}/questions/${id}`,
        { token: owner.token },
      );
      if (found.body.status === 'error') throw new Error(found.body.errorReason ?? 'error');
      return found.body.status === 'complete' && found.body;
    },
    { timeoutMs: 60_000, what: 'an answered typed question' },
  );
}

function answersOf(question: QuestionView): TypedAnswer[] {
  return question.responses.flatMap((r) => (r.typed ? [r.typed] : []));
}

/** The figures the API stored are exactly what the per-persona answers give. */
export function expectRecomputable(question: QuestionView) {
  expect(question.spec).not.toBeNull();
  const recomputed = typedResultOf(
    question.spec as Exclude<QuestionSpec, { type: 'opinion' }>,
    answersOf(question),
    question.seed,
  );
  expect(question.typedResult).toEqual(recomputed);
}

/** Each segment's figures are the segment's personas' answers read alone. */
export function expectSegmentsRecomputable(question: QuestionView) {
  expect(question.segmentCuts.length).toBeGreaterThan(0);
  for (const cut of question.segmentCuts) {
    const rows = question.responses.flatMap((r) => {
      const segment = r.segments?.[cut.trait];
      return r.typed && segment ? [{ segment, answer: r.typed }] : [];
    });
    const recomputed = segmentCuts(
      question.spec as Exclude<QuestionSpec, { type: 'opinion' }>,
      rows,
      question.seed,
    );
    expect(cut.segments.map((s) => [s.label, s.respondents, s.tooFew, s.result])).toEqual(
      recomputed.map((s) => [s.segment, s.respondents, s.tooFew, s.result]),
    );
    for (const segment of cut.segments) {
      expect(segment.tooFew).toBe(segment.respondents < MIN_SEGMENT_SIZE);
    }
  }
}
