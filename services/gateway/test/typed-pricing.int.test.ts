import { type StudyView, typedQuestionMessages } from '@chorus/contracts';
import { chorus, owner, answered, expectRecomputable, customer } from './typed-questions-chorus';

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
