import {
  type QuestionEstimate,
  type QuestionSpec,
  type QuestionView,
  typedQuestionMessages,
} from '@chorus/contracts';
import { eventually } from '@chorus/service-kit/testing';
import {
  askTyped,
  answered,
  expectRecomputable,
  expectSegmentsRecomputable,
  chorus,
  owner,
  customer,
} from './typed-questions-chorus';

// Typed questions and studies through the gateway with the local engine: each
// type is asked, answered by every persona with its seeded draws, and its
// figures are recomputed here from the per-persona answers the API returns.
// Pricing studies are in typed-pricing.int.test.ts, real people beside the
// personas in typed-calibration.int.test.ts.

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
