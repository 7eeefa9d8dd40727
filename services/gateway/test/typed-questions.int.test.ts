import {
  type PersonaTemplateView,
  type QuestionEstimate,
  type QuestionSpec,
  type QuestionView,
  type StudyView,
  MIN_SEGMENT_SIZE,
  type PublicQuestionLinkView,
  questionLinkMessages,
  type QuestionLinkResultsView,
  type QuestionLinkView,
  type TypedAnswer,
  typedQuestionMessages,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { segmentCuts, typedResultOf } from '@chorus/research';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';

// Typed questions and studies through the gateway with the local engine: each
// type is asked, answered by every persona with its seeded draws, and its
// figures are recomputed here from the per-persona answers the API returns.
let chorus: TestChorus;

beforeAll(async () => {
  chorus = await startTestChorus();
});
afterAll(() => chorus.stop());

async function customer(personaCount = 8) {
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

let owner: { token: string; productId: string };
beforeAll(async () => {
  owner = await customer();
});

async function askTyped(questionText: string, spec: QuestionSpec) {
  return chorus.api<QuestionView & { message?: string }>(
    `/api/products/${owner.productId}/questions`,
    { method: 'POST', token: owner.token, body: { questionText, spec } },
  );
}

async function answered(id: string): Promise<QuestionView> {
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
function expectRecomputable(question: QuestionView) {
  expect(question.spec).not.toBeNull();
  const recomputed = typedResultOf(
    question.spec as Exclude<QuestionSpec, { type: 'opinion' }>,
    answersOf(question),
    question.seed,
  );
  expect(question.typedResult).toEqual(recomputed);
}

/** Each segment's figures are the segment's personas' answers read alone. */
function expectSegmentsRecomputable(question: QuestionView) {
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

const cases: { name: string; text: string; spec: QuestionSpec }[] = [
  {
    name: 'a 5-point purchase-intent scale',
    text: 'How likely would you be to buy Planwise for your household?',
    spec: {
      type: 'scale',
      points: 5,
      lowLabel: 'Definitely would not buy',
      highLabel: 'Definitely would buy',
      pointLabels: [],
      ratingMethod: 'direct',
    },
  },
  {
    name: 'an NPS question',
    text: 'How likely are you to recommend Planwise to a friend or colleague?',
    spec: { type: 'nps' },
  },
  {
    name: 'a single choice with None of these',
    text: 'Which of these would you most want Planwise to do for you?',
    spec: {
      type: 'single_choice',
      options: ['Plan dinners', 'Write the shopping list', 'Track the budget'],
      noneOption: true,
    },
  },
  {
    name: 'a multiple choice',
    text: 'Which of these features would you use every week?',
    spec: {
      type: 'multiple_choice',
      options: ['Recipes', 'Shopping list', 'Budget', 'Leftovers'],
      noneOption: false,
    },
  },
  {
    name: 'a number',
    text: 'How much does your household spend on groceries in a week?',
    spec: { type: 'number', unit: 'dollars a week', min: 0, max: 600 },
  },
  {
    name: 'a ranking',
    text: 'Rank these features from most to least useful to you.',
    spec: { type: 'ranking', items: ['Recipes', 'Shopping list', 'Budget', 'Leftovers'] },
  },
  {
    name: 'a best–worst question',
    text: 'Which of these matters most and which matters least to you?',
    spec: {
      type: 'maxdiff',
      items: ['Price', 'Recipes', 'Speed', 'Nutrition', 'Variety', 'Less waste'],
      perSet: 4,
      sets: 5,
    },
  },
];

describe('typed questions', () => {
  it.each(cases)(
    'answers $name with every persona’s draws and recomputable figures',
    async ({ text, spec }) => {
      const asked = await askTyped(text, spec);
      expect(asked.status).toBe(201);
      expect(asked.body).toMatchObject({ type: spec.type, status: 'pending', typedResult: null });
      const question = await answered(asked.body.id);
      expect(question.responses).toHaveLength(8);
      for (const response of question.responses) {
        expect(response.typed?.type).toBe(spec.type);
        // Every draw kept: 20 per persona with the local engine, none unanswered.
        expect(response.typed!.noAnswer).toBe(0);
        expect('draws' in response.typed! ? (response.typed.draws as unknown[]).length : 0).toBe(
          20,
        );
      }
      expect(question.typedResult).toMatchObject({ type: spec.type, respondents: 8, noAnswer: 0 });
      expectRecomputable(question);
      expectSegmentsRecomputable(question);
    },
  );

  it('checks the wording of every option before asking, naming a loaded one', async () => {
    const estimate = await chorus.api<QuestionEstimate>(
      `/api/products/${owner.productId}/questions/estimate`,
      {
        method: 'POST',
        token: owner.token,
        body: {
          questionText: 'Which of these would you use to plan your meals?',
          spec: {
            type: 'single_choice',
            options: ['A paper list', 'A spreadsheet', 'Our amazing planner'],
          },
        },
      },
    );
    expect(estimate.status).toBe(200);
    expect(estimate.body.optionFindings).toEqual([
      expect.objectContaining({ where: 'option', phrase: 'Our amazing planner' }),
    ]);
    const plain = await chorus.api<QuestionEstimate>(
      `/api/products/${owner.productId}/questions/estimate`,
      {
        method: 'POST',
        token: owner.token,
        body: { questionText: 'Would you pay $8 a month for Planwise?' },
      },
    );
    expect(plain.body.optionFindings).toEqual([]);
  });

  it('re-runs a typed question with new draws, keeps the run before and says whether it drifted', async () => {
    const spec: QuestionSpec = { type: 'nps' };
    const text = 'How likely are you to recommend Planwise to a neighbour?';
    const first = await answered((await askTyped(text, spec)).body.id);
    // The same run asked again comes from the cache: the same draws, no engine work.
    const again = await answered((await askTyped(text, spec)).body.id);
    expect(again.responses.map((r) => r.typed)).toEqual(first.responses.map((r) => r.typed));
    expect(again.run!.usage.cachedAnswers).toBe(8);

    const rerun = await chorus.api<QuestionView>(
      `/api/products/${owner.productId}/questions/${first.id}/rerun`,
      { method: 'POST', token: owner.token },
    );
    expect(rerun.status).toBe(200);
    const second = await eventually(
      async () => {
        const found = await chorus.api<QuestionView>(
          `/api/products/${owner.productId}/questions/${first.id}`,
          { token: owner.token },
        );
        return found.body.status === 'complete' && found.body.seed === 2 && found.body;
      },
      { timeoutMs: 60_000, what: 'the re-run' },
    );
    expect(second.responses.map((r) => r.typed)).not.toEqual(first.responses.map((r) => r.typed));
    expect(second.previousRuns).toHaveLength(1);
    expect(second.previousRuns[0]!.typedResult).toEqual(first.typedResult);
    expectRecomputable(second);
    expect(second.typedDrift).toMatchObject({ figure: 'Net Promoter Score' });
    expect(second.typedDrift!.drifted).toBe(
      second.typedDrift!.previous.high < second.typedDrift!.current.low ||
        second.typedDrift!.current.high < second.typedDrift!.previous.low,
    );
  });

  it('keeps the open opinion question as it was', async () => {
    const asked = await chorus.api<QuestionView>(`/api/products/${owner.productId}/questions`, {
      method: 'POST',
      token: owner.token,
      body: { questionText: 'Would you pay $8 a month for Planwise?' },
    });
    expect(asked.status).toBe(201);
    const question = await answered(asked.body.id);
    expect(question).toMatchObject({ type: 'opinion', spec: null, typedResult: null });
    expect(question.responses.every((r) => r.typed === undefined)).toBe(true);
    expect(question.aggregatedResults).not.toBeNull();
  });

  it('refuses settings that make no sense in plain words, storing nothing', async () => {
    const before = await chorus.api<QuestionView[]>(`/api/products/${owner.productId}/questions`, {
      token: owner.token,
    });
    const refusals: [unknown, string][] = [
      [
        { type: 'scale', points: 1, lowLabel: 'No', highLabel: 'Yes' },
        typedQuestionMessages.scalePoints,
      ],
      [
        { type: 'single_choice', options: ['Tea', 'tea'], noneOption: false },
        typedQuestionMessages.optionsRepeated,
      ],
      [
        { type: 'single_choice', options: ['Tea', '  '], noneOption: false },
        typedQuestionMessages.optionEmpty,
      ],
      [
        {
          type: 'multiple_choice',
          options: Array.from({ length: 11 }, (_, i) => `Option ${i + 1}`),
          noneOption: false,
        },
        typedQuestionMessages.optionsCount,
      ],
      [
        { type: 'price_ladder', offer: 'Planwise', currency: 'USD', period: 'month', prices: [9] },
        typedQuestionMessages.ladderCount,
      ],
      [
        {
          type: 'price_ladder',
          offer: 'Planwise',
          currency: 'USD',
          period: 'month',
          prices: [9, 19, 14, 29],
        },
        typedQuestionMessages.ladderOrder,
      ],
      [
        { type: 'maxdiff', items: ['A1', 'B1', 'C1', 'D1'], perSet: 4, sets: 2 },
        typedQuestionMessages.maxdiffDesign,
      ],
      [{ type: 'number', unit: 'dollars', min: 50, max: 10 }, typedQuestionMessages.numberRange],
      [{ type: 'telepathy' }, 'type must be one of'],
    ];
    for (const [spec, message] of refusals) {
      const refused = await chorus.api<{ message: string }>(
        `/api/products/${owner.productId}/questions`,
        {
          method: 'POST',
          token: owner.token,
          body: { questionText: 'How would you rate Planwise for your family?', spec },
        },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(message);
    }
    const after = await chorus.api<QuestionView[]>(`/api/products/${owner.productId}/questions`, {
      token: owner.token,
    });
    expect(after.body.length).toBe(before.body.length);
  });
});

describe('cuts by the business’s own traits', () => {
  it('cuts a result by a column of the customer CSV the personas came from', async () => {
    const who = await customer(0);
    const rows = Array.from(
      { length: 10 },
      (_, i) =>
        `Customer ${i + 1},${30 + i * 3},${i % 2 ? 'Nurse' : 'Teacher'},Leeds,${i < 5 ? 'Pro' : 'Basic'}`,
    );
    const imported = await chorus.api<{ personas: unknown[] }>(
      `/api/products/${who.productId}/custom-personas/import`,
      {
        method: 'POST',
        token: who.token,
        body: { fileName: 'customers.csv', csv: ['Name,Age,Job,City,Plan', ...rows].join('\n') },
      },
    );
    expect(imported.status).toBe(201);
    expect(imported.body.personas).toHaveLength(10);
    const asked = await chorus.api<QuestionView>(`/api/products/${who.productId}/questions`, {
      method: 'POST',
      token: who.token,
      body: {
        questionText: 'How likely are you to recommend Planwise to a friend?',
        spec: { type: 'nps' },
      },
    });
    expect(asked.status).toBe(201);
    const question = await eventually(
      async () => {
        const found = await chorus.api<QuestionView>(
          `/api/products/${who.productId}/questions/${asked.body.id}`,
          { token: who.token },
        );
        return found.body.status === 'complete' && found.body;
      },
      { timeoutMs: 60_000, what: 'the question of imported customers' },
    );
    const plan = question.segmentCuts.find((cut) => cut.trait === 'custom:Plan');
    expect(plan?.segments.map((s) => [s.label, s.respondents, s.tooFew]).sort()).toEqual([
      ['Basic', 5, false],
      ['Pro', 5, false],
    ]);
    expectSegmentsRecomputable(question);
  });
});

describe('pricing studies', () => {
  it('asks a price ladder, a price range and NPS together and returns their figures', async () => {
    const created = await chorus.api<StudyView>(`/api/products/${owner.productId}/studies`, {
      method: 'POST',
      token: owner.token,
      body: {
        name: 'Planwise pricing',
        offer: 'Planwise Family, a weekly meal planner',
        questions: [
          {
            questionText: 'Would you buy Planwise Family at this price?',
            spec: {
              type: 'price_ladder',
              offer: 'Planwise Family, a weekly meal planner',
              currency: 'USD',
              period: 'month',
              prices: [3, 6, 9, 12, 18, 25, 35, 50],
            },
          },
          {
            questionText: 'What would you expect to pay for Planwise Family?',
            spec: {
              type: 'price_range',
              offer: 'Planwise Family, a weekly meal planner',
              currency: 'USD',
              period: 'month',
              likelihood: true,
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
    expect(created.body.questions.map((q) => q.type)).toEqual([
      'price_ladder',
      'price_range',
      'nps',
    ]);
    expect(created.body.questions.every((q) => q.studyId === created.body.id)).toBe(true);

    const [ladder, range, nps] = await Promise.all(
      created.body.questions.map((q) => answered(q.id)),
    );
    for (const question of [ladder!, range!, nps!]) expectRecomputable(question);

    // Demand never rises with the price, and the best price is not simply the cheapest.
    const result = ladder!.typedResult!;
    if (result.type !== 'price_ladder') throw new Error('not a price ladder');
    const demand = result.points.map((p) => p.demand.value);
    for (let i = 1; i < demand.length; i += 1)
      expect(demand[i]!).toBeLessThanOrEqual(demand[i - 1]!);
    expect(result.bestPrice.value).toBeGreaterThan(3);
    expect(result.bestPrice.low).toBeLessThanOrEqual(result.bestPrice.value);
    expect(result.bestPrice.high).toBeGreaterThanOrEqual(result.bestPrice.value);
    expect(result.summary).toMatch(/^Most revenue at \$/);
    for (const response of ladder!.responses) {
      const typed = response.typed;
      if (typed?.type !== 'price_ladder') throw new Error('not a ladder answer');
      for (let i = 1; i < typed.buyProbability.length; i += 1) {
        expect(typed.buyProbability[i]!).toBeLessThanOrEqual(typed.buyProbability[i - 1]!);
      }
    }

    const rangeResult = range!.typedResult!;
    if (rangeResult.type !== 'price_range') throw new Error('not a price range');
    expect(rangeResult.marginalCheapness).not.toBeNull();
    expect(rangeResult.marginalExpensiveness).not.toBeNull();
    expect(rangeResult.marginalCheapness!.value).toBeLessThan(
      rangeResult.marginalExpensiveness!.value,
    );
    expect(rangeResult.likelihood).not.toBeNull();

    const read = await chorus.api<StudyView>(
      `/api/products/${owner.productId}/studies/${created.body.id}`,
      { token: owner.token },
    );
    expect(read.status).toBe(200);
    expect(read.body.questions.map((q) => q.id)).toEqual(created.body.questions.map((q) => q.id));
    const listed = await chorus.api<StudyView[]>(`/api/products/${owner.productId}/studies`, {
      token: owner.token,
    });
    expect(listed.body.map((s) => s.id)).toContain(created.body.id);
  });

  it('refuses a study mixing currencies, and another customer’s study is not found', async () => {
    const mixed = await chorus.api<{ message: string }>(
      `/api/products/${owner.productId}/studies`,
      {
        method: 'POST',
        token: owner.token,
        body: {
          name: 'Two currencies',
          questions: [
            {
              questionText: 'Would you buy Planwise at this price?',
              spec: {
                type: 'price_ladder',
                offer: 'Planwise',
                currency: 'USD',
                period: 'month',
                prices: [5, 10, 15, 20],
              },
            },
            {
              questionText: 'What would you expect to pay for Planwise?',
              spec: { type: 'price_range', offer: 'Planwise', currency: 'GBP', period: 'month' },
            },
          ],
        },
      },
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toContain(typedQuestionMessages.mixedCurrencies);

    const stranger = await customer(1);
    const created = await chorus.api<StudyView>(`/api/products/${owner.productId}/studies`, {
      method: 'POST',
      token: owner.token,
      body: {
        name: 'Private study',
        questions: [{ questionText: 'How likely are you to recommend us?', spec: { type: 'nps' } }],
      },
    });
    expect(created.status).toBe(201);
    const peek = await chorus.api(
      `/api/products/${stranger.productId}/studies/${created.body.id}`,
      { token: stranger.token },
    );
    expect(peek.status).toBe(404);
  });
});

describe('real people beside the personas', () => {
  it('takes people’s answers to a study through its link and sets them beside the personas', async () => {
    const created = await chorus.api<StudyView>(`/api/products/${owner.productId}/studies`, {
      method: 'POST',
      token: owner.token,
      body: {
        name: 'People and pricing',
        offer: 'Planwise Family',
        questions: [
          {
            questionText: 'Would you buy Planwise Family at this price?',
            spec: {
              type: 'price_ladder',
              offer: 'Planwise Family',
              currency: 'USD',
              period: 'month',
              prices: [4, 8, 12, 16],
            },
          },
          {
            questionText: 'What would you expect to pay for Planwise Family?',
            spec: {
              type: 'price_range',
              offer: 'Planwise Family',
              currency: 'USD',
              period: 'month',
            },
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    await Promise.all(created.body.questions.map((q) => answered(q.id)));
    const [ladderId, rangeId] = created.body.questions.map((q) => q.id);

    const link = await chorus.api<QuestionLinkView>(
      `/api/products/${owner.productId}/studies/${created.body.id}/share-links`,
      { method: 'POST', token: owner.token, body: { expiresInDays: 7 } },
    );
    expect(link.status).toBe(201);
    expect(link.body.url).toMatch(/\/survey\/[A-Za-z0-9_-]{40,}$/);
    const token = link.body.url!.split('/survey/')[1]!;

    const opened = await chorus.api<PublicQuestionLinkView>(`/api/public/question-links/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body.questions.map((q) => q.spec.type)).toEqual(['price_ladder', 'price_range']);
    expect(opened.body.myAnswers).toBeNull();

    const send = (answers: unknown, cookie?: string) =>
      chorus.api<{ replaced: boolean; message?: string }>(
        `/api/public/question-links/${token}/responses`,
        { method: 'POST', body: { answers }, headers: cookie ? { cookie } : {} },
      );
    const outOfOrder = await send([
      {
        questionId: ladderId,
        answer: { type: 'price_ladder', wouldBuy: [true, true, false, false] },
      },
      {
        questionId: rangeId,
        answer: { type: 'price_range', tooCheap: 5, bargain: 3, expensive: 12, tooExpensive: 20 },
      },
    ]);
    expect(outOfOrder.status).toBe(400);
    expect(outOfOrder.body.message).toBe(questionLinkMessages.priceOrder);

    const people = [
      [[true, true, true, false], { tooCheap: 2, bargain: 6, expensive: 12, tooExpensive: 18 }],
      [[true, true, false, false], { tooCheap: 3, bargain: 5, expensive: 10, tooExpensive: 15 }],
      [[true, false, false, false], { tooCheap: 1, bargain: 4, expensive: 8, tooExpensive: 12 }],
    ] as const;
    for (const [wouldBuy, prices] of people) {
      const sent = await send([
        { questionId: ladderId, answer: { type: 'price_ladder', wouldBuy } },
        { questionId: rangeId, answer: { type: 'price_range', ...prices } },
      ]);
      expect(sent.status).toBe(200);
      expect(sent.body.replaced).toBe(false);
    }

    const results = await chorus.api<QuestionLinkResultsView>(
      `/api/products/${owner.productId}/question-links/${link.body.id}/results`,
      { token: owner.token },
    );
    expect(results.status).toBe(200);
    expect(results.body.link.responseCount).toBe(3);
    const ladder = results.body.questions.find((q) => q.questionId === ladderId)!;
    expect(ladder.responses).toBe(3);
    if (ladder.people?.type !== 'price_ladder') throw new Error('no people ladder');
    // Three people: all buy at $4, two at $8, one at $12, none at $16.
    expect(ladder.people.points.map((p) => p.demand.value)).toEqual([1, 0.667, 0.333, 0]);
    expect(ladder.personas?.type).toBe('price_ladder');
    expect(ladder.agreement.distance).not.toBeNull();
    expect(ladder.agreement.ks).not.toBeNull();
    expect(ladder.agreement.text).toMatch(/from 3 people/);

    // Another customer cannot read the link's results.
    const stranger = await customer(1);
    const peek = await chorus.api(
      `/api/products/${stranger.productId}/question-links/${link.body.id}/results`,
      { token: stranger.token },
    );
    expect(peek.status).toBe(404);
    // A switched-off link no longer opens.
    await chorus.api(`/api/products/${owner.productId}/question-links/${link.body.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { isActive: false },
    });
    const closed = await chorus.api<{ message: string }>(`/api/public/question-links/${token}`);
    expect(closed.status).toBe(404);
    expect(closed.body.message).toBe(questionLinkMessages.unavailable);
  });
});
