import {
  type StudyView,
  type PublicQuestionLinkView,
  questionLinkMessages,
  type QuestionLinkResultsView,
  type QuestionLinkView,
} from '@chorus/contracts';
import { chorus, owner, answered, customer } from './typed-questions-chorus';

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
