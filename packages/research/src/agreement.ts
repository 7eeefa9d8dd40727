import {
  AGREEMENT_MIN_RESPONSES,
  type Agreement,
  type PersonaPredictionView,
  type ShareDistribution,
  type ShareLinkView,
  type ShareResponseView,
  type ShareResultsView,
} from '@chorus/contracts';
import { sampleRankCorrelation } from 'simple-statistics';
import { ksFromCounts } from './ks';
import { distanceLevel, ofOne, orderLevel } from './levels';

/*
 * Agreement between real people and personas on a share link: how far the
 * personas' ratings or thumbs are from the people's, and how alike their
 * orders of items are.
 */

/** Counts of ratings 1..5 (index 0 is rating 1). Out-of-range ratings are ignored. */
export function ratingHistogram(ratings: readonly number[]): number[] {
  const counts = [0, 0, 0, 0, 0];
  for (const rating of ratings) {
    if (Number.isInteger(rating) && rating >= 1 && rating <= 5) counts[rating - 1]! += 1;
  }
  return counts;
}

/** [up, down] counts. */
export function thumbsSplit(thumbs: readonly ('up' | 'down')[]): number[] {
  return [thumbs.filter((t) => t === 'up').length, thumbs.filter((t) => t === 'down').length];
}

/** A persona's 1-5 rating as thumbs: 4-5 up, 1-2 down, 3 neither. */
function ratingAsThumbs(rating: number): 'up' | 'down' | null {
  return rating >= 4 ? 'up' : rating <= 2 ? 'down' : null;
}

function shares(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0);
  return counts.map((n) => (total > 0 ? n / total : 0));
}

/**
 * Jensen-Shannon distance (base 2) between two count vectors of the same
 * categories: 0 for identical distributions, 1 for ones with nothing in common.
 */
export function jensenShannonDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error('distributions over different categories');
  const p = shares(a);
  const q = shares(b);
  const kl = (x: number[], m: number[]) =>
    x.reduce((sum, xi, i) => (xi > 0 ? sum + xi * Math.log2(xi / m[i]!) : sum), 0);
  const m = p.map((pi, i) => (pi + q[i]!) / 2);
  const divergence = (kl(p, m) + kl(q, m)) / 2;
  return Math.sqrt(Math.min(1, Math.max(0, divergence)));
}

/**
 * Borda count: in each ranking of n items, first place earns n-1 points, last
 * earns 0. Items best first; items with equal points are listed in the order
 * of `itemIds` but keep equal points, so the agreement treats them as tied.
 */
export function bordaCount(
  rankings: readonly (readonly string[])[],
  itemIds: readonly string[],
): { itemId: string; points: number }[] {
  const points = new Map(itemIds.map((id) => [id, 0]));
  for (const ranking of rankings) {
    ranking.forEach((id, index) => {
      if (points.has(id)) points.set(id, points.get(id)! + (ranking.length - 1 - index));
    });
  }
  return itemIds
    .map((itemId, order) => ({ itemId, points: points.get(itemId)!, order }))
    .sort((x, y) => y.points - x.points || x.order - y.order)
    .map(({ itemId, points: p }) => ({ itemId, points: p }));
}

/**
 * Spearman's rank correlation between two scorings of the same items (e.g.
 * Borda points): Pearson's correlation over average ranks, so tied items
 * share their rank (simple-statistics' sampleRankCorrelation). NaN when
 * either side gives every item the same score: no order to compare.
 */
export function rankCorrelation(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error('scores of different items');
  if (a.length < 2) return Number.NaN;
  const flat = (xs: readonly number[]) => xs.every((x) => x === xs[0]);
  if (flat(a) || flat(b)) return Number.NaN;
  return sampleRankCorrelation([...a], [...b]);
}

const agreementMessages = {
  noResponses: 'No responses yet',
  noPersonas: (count: string) => `No persona predictions to compare (${count})`,
  tooFew: (count: string) =>
    `Too few responses to judge (${count}; at least ${AGREEMENT_MIN_RESPONSES} needed)`,
  predicted: (level: string, count: string) => `Your personas predicted this ${level} (${count})`,
  peopleNoOrder: (count: string) =>
    `People showed no preferred order, so there is nothing to compare (${count})`,
  personasNoOrder: (count: string) =>
    `Your personas showed no preferred order, so there is nothing to compare (${count})`,
} as const;

const countOf = (responses: number) => `${responses} ${responses === 1 ? 'response' : 'responses'}`;

/** Ratings (five counts) or thumbs (two): how far the personas' distribution is from the people's. */
export function distributionAgreement(
  human: readonly number[],
  persona: readonly number[],
): Agreement {
  const responses = human.reduce((sum, n) => sum + n, 0);
  const personaTotal = persona.reduce((sum, n) => sum + n, 0);
  const tooFew = responses < AGREEMENT_MIN_RESPONSES;
  const count = countOf(responses);
  if (responses === 0 || personaTotal === 0) {
    return {
      method: 'jensen-shannon',
      value: null,
      responses,
      tooFew,
      level: null,
      label: responses === 0 ? agreementMessages.noResponses : agreementMessages.noPersonas(count),
    };
  }
  const value = jensenShannonDistance(human, persona);
  const cut = distanceLevel(value);
  const ratings = human.length === 5;
  const scale = ratings ? 'ratings 1–5' : 'thumbs up and down';
  const ks = ratings ? ksFromCounts(human, persona) : null;
  return {
    method: 'jensen-shannon',
    value,
    responses,
    tooFew,
    level: cut.level,
    label: tooFew ? agreementMessages.tooFew(count) : agreementMessages.predicted(cut.level, count),
    text: `How far people and personas differ: ${ofOne(value)}, ${cut.words}.${
      ks
        ? ` The largest gap in the share of ratings up to any point of the 1–5 scale: ${ofOne(ks.d)}.`
        : ''
    }`,
    technical: `Jensen–Shannon distance ${value.toFixed(2)} over ${scale}${
      ks
        ? `; two-sample Kolmogorov–Smirnov D = ${ks.d.toFixed(2)} over ratings 1–5 (asymptotic p = ${ks.p.toFixed(2)})`
        : ''
    }`,
  };
}

/**
 * Rankings: Spearman's correlation (average ranks for ties) between the
 * people's Borda points per item and the personas'. When either side gives
 * every item the same points (e.g. half one order, half the reverse) there is
 * no order to compare, and the agreement says so instead of a figure.
 */
export function rankingAgreement(
  human: readonly { itemId: string; points: number }[],
  persona: readonly { itemId: string; points: number }[],
  responses: number,
): Agreement {
  const tooFew = responses < AGREEMENT_MIN_RESPONSES;
  const count = countOf(responses);
  const empty = { method: 'spearman' as const, value: null, responses, tooFew, level: null };
  if (responses === 0) return { ...empty, label: agreementMessages.noResponses };
  if (persona.length < 2) return { ...empty, label: agreementMessages.noPersonas(count) };
  const items = human.map((h) => h.itemId).filter((id) => persona.some((p) => p.itemId === id));
  const pointsOf = (side: readonly { itemId: string; points: number }[]) =>
    items.map((id) => side.find((s) => s.itemId === id)!.points);
  const humanPoints = pointsOf(human);
  const personaPoints = pointsOf(persona);
  const flat = (xs: number[]) => xs.every((x) => x === xs[0]);
  if (items.length < 2 || flat(humanPoints)) {
    return {
      ...empty,
      label: agreementMessages.peopleNoOrder(count),
      text: 'Every item got the same points from the people who answered, so no item came first.',
      technical: 'Spearman rank correlation undefined: every item tied in the people’s Borda count',
    };
  }
  if (flat(personaPoints)) {
    return {
      ...empty,
      label: agreementMessages.personasNoOrder(count),
      text: 'Every item got the same points from the personas, so no item came first.',
      technical:
        'Spearman rank correlation undefined: every item tied in the personas’ Borda count',
    };
  }
  const value = rankCorrelation(humanPoints, personaPoints);
  const cut = orderLevel(value);
  return {
    method: 'spearman',
    value,
    responses,
    tooFew,
    level: cut.level,
    label: tooFew ? agreementMessages.tooFew(count) : agreementMessages.predicted(cut.level, count),
    text: `The personas put the items ${cut.words}: ${value.toFixed(2)} on a scale from −1 (reversed) to 1 (the same order).`,
    technical: `Spearman rank correlation ${value.toFixed(2)} over Borda points, tied items sharing their average rank`,
  };
}

/** What the roadmap service computes for a link's results: the view without the stored parts. */
type ShareResultsFigures = Pick<
  ShareResultsView,
  'responseCount' | 'distribution' | 'agreement' | 'sentiment' | 'overTime' | 'comments'
>;

/** The results page's figures from the stored responses and predictions. */
export function shareResultsFigures(input: {
  link: Pick<ShareLinkView, 'feedbackType' | 'itemIds'>;
  items: { id: string; title: string; description: string }[];
  responses: ShareResponseView[];
  predictions: PersonaPredictionView[];
}): ShareResultsFigures {
  const { link, items, responses, predictions } = input;
  const titled = (order: { itemId: string; points: number }[]) =>
    order.map((entry) => ({
      ...entry,
      title: items.find((item) => item.id === entry.itemId)?.title ?? entry.itemId,
    }));
  let distribution: ShareDistribution;
  let agreement: Agreement | null;
  const personaRatings = predictions.flatMap((p) => (p.rating ? [p.rating] : []));
  if (link.feedbackType === 'rating') {
    const human = ratingHistogram(
      responses.flatMap((r) => (r.answer.type === 'rating' ? [r.answer.rating] : [])),
    );
    const persona = ratingHistogram(personaRatings);
    distribution = { kind: 'rating', human, persona };
    agreement = distributionAgreement(human, persona);
  } else if (link.feedbackType === 'thumbs') {
    const human = thumbsSplit(
      responses.flatMap((r) => (r.answer.type === 'thumbs' ? [r.answer.thumbs] : [])),
    );
    const persona = thumbsSplit(
      personaRatings.flatMap((rating) => {
        const thumbs = ratingAsThumbs(rating);
        return thumbs ? [thumbs] : [];
      }),
    );
    distribution = { kind: 'thumbs', human, persona };
    agreement = distributionAgreement(human, persona);
  } else if (link.feedbackType === 'ranking') {
    const human = bordaCount(
      responses.flatMap((r) => (r.answer.type === 'ranking' ? [r.answer.ranking] : [])),
      link.itemIds,
    );
    const personaOrders = predictions.filter((p) => p.order.length > 1).map((p) => p.order);
    const persona = personaOrders.length > 0 ? bordaCount(personaOrders, link.itemIds) : [];
    distribution = { kind: 'ranking', human: titled(human), persona: titled(persona) };
    agreement = rankingAgreement(human, persona, responses.length);
  } else {
    distribution = { kind: 'text' };
    agreement = null;
  }
  const days = new Map<string, number>();
  for (const r of responses) {
    const day = r.createdAt.slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return {
    responseCount: responses.length,
    distribution,
    agreement,
    sentiment: {
      positive: responses.filter((r) => r.sentiment === 'positive').length,
      neutral: responses.filter((r) => r.sentiment === 'neutral').length,
      negative: responses.filter((r) => r.sentiment === 'negative').length,
    },
    overTime: [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, count]) => ({ date, count })),
    comments: responses.flatMap((r) => {
      const text =
        r.answer.type === 'text'
          ? [r.answer.text, r.comment].filter(Boolean).join('\n\n')
          : r.comment;
      return text ? [{ name: r.name, text, createdAt: r.createdAt }] : [];
    }),
  };
}

/** The whole results view: the stored parts with their figures. */
export function shareResultsView(input: {
  link: ShareLinkView;
  items: { id: string; title: string; description: string }[];
  responses: ShareResponseView[];
  predictions: PersonaPredictionView[];
}): ShareResultsView {
  const { link, items, responses, predictions } = input;
  const figures = shareResultsFigures(input);
  return {
    link,
    items,
    ...figures,
    predictions,
    responses,
  };
}
