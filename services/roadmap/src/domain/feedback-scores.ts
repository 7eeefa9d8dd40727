import type { RankedItemView } from '@chorus/contracts';

/*
 * How the roadmap service turns personas' answers about roadmap items into
 * ratings and rankings. Only this service computes them; the views it
 * returns (ItemFeedbackView, ComparisonView) are the contracts.
 */

/**
 * A persona's rating of a feature, 1-5, from its answer: for it is 4, or 5
 * when sure (confidence 0.75 and up); undecided is 3; against is 2, or 1
 * when sure.
 */
export function feedbackRating(opinion: string, confidence: number): number {
  const sure = confidence >= 0.75;
  if (opinion === 'positive') return sure ? 5 : 4;
  if (opinion === 'negative') return sure ? 1 : 2;
  return 3;
}

/**
 * How much a persona wants a feature, 0 to 1: undecided is the middle, and
 * the more confident the answer, the further it leans its way.
 */
export function preferenceScore(opinion: string, confidence: number): number {
  const c = Math.min(1, Math.max(0, confidence));
  if (opinion === 'positive') return 0.5 + c / 2;
  if (opinion === 'negative') return 0.5 - c / 2;
  return 0.5;
}

/** Best first; equal scores keep their given order. */
export function rankByScore<T extends { score: number }>(entries: readonly T[]): T[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.score - a.entry.score || a.index - b.index)
    .map(({ entry }) => entry);
}

/** The question each persona answers about one item. */
export function feedbackQuestion(
  item: { title: string; description: string | null },
  productName: string,
): string {
  const about = item.description ? ` (${item.description})` : '';
  return (
    `${productName || 'This product'} plans a new feature: "${item.title}"${about}. ` +
    'How valuable would it be to you, and would it make you more likely to use or buy the product?'
  );
}

/** Every persona's scores of each item averaged, best first. */
export function overallRanking(
  rankings: readonly { items: readonly RankedItemView[] }[],
  order: readonly { itemId: string; title: string }[],
): RankedItemView[] {
  return rankByScore(
    order.map(({ itemId, title }) => {
      const scores = rankings.flatMap((r) => r.items.filter((i) => i.itemId === itemId));
      const score =
        scores.length === 0 ? 0 : scores.reduce((sum, s) => sum + s.score, 0) / scores.length;
      return { itemId, title, score: Math.round(score * 100) / 100, comment: '' };
    }),
  );
}
