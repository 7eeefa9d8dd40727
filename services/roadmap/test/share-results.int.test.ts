import { AGREEMENT_MIN_RESPONSES } from '@chorus/contracts';
import type { ShareAnswer as ShareAnswerMessage } from '@chorus/proto/roadmap/v1/sharing';
import { shareResultsFromMessage } from '@chorus/service-kit/wire';
import { randomUUID } from 'node:crypto';
import { persona, roadmapWithItems, shareItem, useShareTestRoadmap } from './share-fixtures';

const roadmap = useShareTestRoadmap('roadmap_share_results');

/** Two personas rate each item 4. */
async function askPersonas(userId: string, itemId: string) {
  await roadmap.client.requestFeedback({
    userId,
    itemId,
    personas: [persona('p-ana', 'Ana'), persona('p-ben', 'Ben')],
    business: undefined,
  });
}

async function itemLink(feedbackType: string, withPersonas: boolean) {
  const { userId, items } = await roadmapWithItems(roadmap.client, ['Search']);
  if (withPersonas) await askPersonas(userId, items[0]!.id);
  const created = await shareItem(roadmap.client, userId, items[0]!.id, feedbackType);
  return { userId, linkId: created.link!.id, token: created.token };
}

const submit = (token: string, answer: ShareAnswerMessage['answer'], comment = '') =>
  roadmap.client.submitShareResponse({
    token,
    respondentKey: randomUUID(),
    ipHash: 'hashed-ip',
    userAgent: 'test',
    answer: { answer },
    comment,
    respondentName: 'Ana',
    respondentEmail: '',
  });

describe("a share link's results, computed by the roadmap service", () => {
  it('a rating link: the people’s and personas’ ratings, and how far apart they are', async () => {
    const { userId, linkId, token } = await itemLink('rating', true);
    const ratings = [4, 4, 4, 4, 4, 4, 5, 5, 5, 5];
    expect(ratings.length).toBeGreaterThanOrEqual(AGREEMENT_MIN_RESPONSES);
    for (const rating of ratings) await submit(token, { $case: 'rating', value: rating }, 'ok');

    const response = await roadmap.client.getShareResults({ userId, linkId });
    const figures = shareResultsFromMessage(response.results!);
    expect(figures.responseCount).toBe(10);
    expect(figures.distribution).toEqual({
      kind: 'rating',
      human: [0, 0, 0, 6, 4],
      persona: [0, 0, 0, 2, 0],
    });
    // Jensen-Shannon distance (base 2) between 60/40 on 4 and 5 and all on 4, by hand: 0.486.
    const agreement = figures.agreement!;
    expect(agreement.method).toBe('jensen-shannon');
    expect(agreement.value).toBeCloseTo(0.486, 3);
    expect(agreement.tooFew).toBe(false);
    expect(agreement.responses).toBe(10);
    expect(agreement.label).toBe(`Your personas predicted this ${agreement.level} (10 responses)`);
    expect(agreement.text).toMatch(/^How far people and personas differ: /);
    expect(agreement.technical).toMatch(/^Jensen–Shannon distance 0\.49 over ratings 1–5/);
    expect(figures.sentiment).toEqual({ positive: 10, neutral: 0, negative: 0 });
    expect(figures.overTime).toEqual([{ date: new Date().toISOString().slice(0, 10), count: 10 }]);
    expect(figures.comments).toHaveLength(10);
    expect(response.predictions.map((p) => p.rating)).toEqual([4, 4]);
  });

  it('a comparison whose people split evenly has no preferred order, so no figure', async () => {
    const { userId, roadmapId, items } = await roadmapWithItems(roadmap.client, ['Alpha', 'Beta']);
    for (const item of items) await askPersonas(userId, item.id);
    const created = await roadmap.client.createComparisonLink({
      userId,
      roadmapId,
      itemIds: items.map((i) => i.id),
      title: 'Which first?',
      description: '',
      allowComments: false,
      expiresInDays: 0,
      personaIds: [],
      productName: 'Lantern',
    });
    const [a, b] = items.map((i) => i.id);
    await submit(created.token, { $case: 'ranking', value: { itemIds: [a!, b!] } });
    await submit(created.token, { $case: 'ranking', value: { itemIds: [b!, a!] } });

    const figures = shareResultsFromMessage(
      (await roadmap.client.getShareResults({ userId, linkId: created.link!.id })).results!,
    );
    expect(figures.distribution).toMatchObject({
      kind: 'ranking',
      human: [
        { itemId: a, title: 'Alpha', points: 1 },
        { itemId: b, title: 'Beta', points: 1 },
      ],
    });
    expect(figures.agreement).toEqual({
      method: 'spearman',
      value: null,
      responses: 2,
      tooFew: true,
      level: null,
      label: 'People showed no preferred order, so there is nothing to compare (2 responses)',
      text: 'Every item got the same points from the people who answered, so no item came first.',
      technical: 'Spearman rank correlation undefined: every item tied in the people’s Borda count',
    });
  });

  it('a text link has no agreement; its answers are the comments', async () => {
    const { userId, linkId, token } = await itemLink('text', false);
    await submit(token, { $case: 'text', value: 'Please add filters' }, 'And sorting');
    const figures = shareResultsFromMessage(
      (await roadmap.client.getShareResults({ userId, linkId })).results!,
    );
    expect(figures.distribution).toEqual({ kind: 'text' });
    expect(figures.agreement).toBeNull();
    expect(figures.comments).toEqual([
      { name: 'Ana', text: 'Please add filters\n\nAnd sorting', createdAt: expect.any(String) },
    ]);
  });

  it('a stored answer that no longer reads is neither counted nor sent', async () => {
    const { userId, linkId, token } = await itemLink('rating', true);
    await submit(token, { $case: 'rating', value: 2 });
    await submit(token, { $case: 'rating', value: 3 });
    await roadmap
      .db('feedback_responses')
      .where({ feature_share_id: linkId })
      .whereRaw("(response_data->>'rating')::int = 3")
      .update({ response_data: JSON.stringify({ type: 'rating', rating: 9 }) });
    const response = await roadmap.client.getShareResults({ userId, linkId });
    expect(response.responses).toHaveLength(1);
    const figures = shareResultsFromMessage(response.results!);
    expect(figures.responseCount).toBe(1);
    expect(figures.distribution).toEqual({
      kind: 'rating',
      human: [0, 1, 0, 0, 0],
      persona: [0, 0, 0, 2, 0],
    });
    expect(figures.agreement?.label).toBe(
      `Too few responses to judge (1 response; at least ${AGREEMENT_MIN_RESPONSES} needed)`,
    );
  });
});
