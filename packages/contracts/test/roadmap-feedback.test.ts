import { createComparisonRequest, feedbackMessages, requestFeedbackRequest } from '../src';

describe('feedback requests', () => {
  const first = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('needs at least one persona', () => {
    expect(first(requestFeedbackRequest.safeParse({ personaIds: [] }))).toBe(
      feedbackMessages.personasRequired,
    );
    expect(requestFeedbackRequest.safeParse({ personaIds: ['p1'] }).success).toBe(true);
  });

  it('compares two items or more', () => {
    expect(first(createComparisonRequest.safeParse({ itemIds: ['a'], personaIds: ['p1'] }))).toBe(
      feedbackMessages.itemsRequired,
    );
    expect(
      createComparisonRequest.parse({ itemIds: ['a', 'b'], personaIds: ['p1'], title: ' ' }),
    ).toEqual({ itemIds: ['a', 'b'], personaIds: ['p1'], title: null, description: null });
  });
});
