import type { Agreement } from '@chorus/contracts';
import { ShareResults as ShareResultsMessage } from '@chorus/proto/roadmap/v1/sharing';
import {
  shareResultsFromMessage,
  type ShareResultsFiguresWire,
  shareResultsToMessage,
} from '../src/wire';

/** Through the message and its bytes, as the gateway receives it from the roadmap service. */
function roundTrip(figures: ShareResultsFiguresWire): ShareResultsFiguresWire {
  const bytes = ShareResultsMessage.encode(shareResultsToMessage(figures)).finish();
  return shareResultsFromMessage(ShareResultsMessage.decode(bytes));
}

const common: Omit<ShareResultsFiguresWire, 'distribution' | 'agreement'> = {
  responseCount: 3,
  sentiment: { positive: 2, neutral: 0, negative: 1 },
  overTime: [
    { date: '2026-03-01', count: 2 },
    { date: '2026-03-02', count: 1 },
  ],
  comments: [{ name: 'Ana', text: 'Loved it\n\nShip it', createdAt: '2026-03-01T10:00:00.000Z' }],
};

describe('share results on the wire', () => {
  it('a rating link arrives as computed: counts, the figure with its words and technical name', () => {
    const agreement: Agreement = {
      method: 'jensen-shannon',
      value: 0.28,
      responses: 3,
      tooFew: true,
      level: 'fairly well',
      label: 'Too few responses to judge (3 responses; at least 5 needed)',
      text: 'How far people and personas differ: 0.28 of 1, fairly close.',
      technical: 'Jensen–Shannon distance 0.28 over ratings 1–5',
    };
    const figures: ShareResultsFiguresWire = {
      ...common,
      distribution: { kind: 'rating', human: [0, 1, 0, 1, 1], persona: [0, 0, 2, 1, 0] },
      agreement,
    };
    expect(roundTrip(figures)).toStrictEqual(figures);
  });

  it('an all-tied comparison keeps its null figure and level and says there is no preferred order', () => {
    const figures: ShareResultsFiguresWire = {
      ...common,
      distribution: {
        kind: 'ranking',
        human: [
          { itemId: 'a', points: 1, title: 'Alpha' },
          { itemId: 'b', points: 1, title: 'Beta' },
        ],
        persona: [],
      },
      agreement: {
        method: 'spearman',
        value: null,
        responses: 2,
        tooFew: true,
        level: null,
        label: 'People showed no preferred order, so there is nothing to compare (2 responses)',
        text: 'Every item got the same points from the people who answered, so no item came first.',
        technical:
          'Spearman rank correlation undefined: every item tied in the people’s Borda count',
      },
    };
    const back = roundTrip(figures);
    expect(back).toStrictEqual(figures);
    // The same JSON, key for key, as the gateway's view sends it.
    expect(JSON.stringify(back.distribution)).toBe(JSON.stringify(figures.distribution));
    expect(JSON.stringify(back.agreement)).toBe(JSON.stringify(figures.agreement));
  });

  it('a thumbs link without figures to compare carries no words or technical name', () => {
    const figures: ShareResultsFiguresWire = {
      ...common,
      distribution: { kind: 'thumbs', human: [2, 1], persona: [0, 0] },
      agreement: {
        method: 'jensen-shannon',
        value: null,
        responses: 3,
        tooFew: true,
        level: null,
        label: 'No persona predictions to compare (3 responses)',
      },
    };
    const back = roundTrip(figures);
    expect(back).toStrictEqual(figures);
    expect(back.agreement).not.toHaveProperty('text');
  });

  it('a text link has no agreement, and a link without responses no days or comments', () => {
    const figures: ShareResultsFiguresWire = {
      responseCount: 0,
      distribution: { kind: 'text' },
      agreement: null,
      sentiment: { positive: 0, neutral: 0, negative: 0 },
      overTime: [],
      comments: [],
    };
    expect(roundTrip(figures)).toStrictEqual(figures);
  });

  it('a figure of zero stays zero, not missing', () => {
    const figures: ShareResultsFiguresWire = {
      ...common,
      distribution: { kind: 'rating', human: [0, 0, 3, 0, 0], persona: [0, 0, 3, 0, 0] },
      agreement: {
        method: 'jensen-shannon',
        value: 0,
        responses: 3,
        tooFew: true,
        level: 'well',
        label: 'x',
      },
    };
    expect(roundTrip(figures).agreement?.value).toBe(0);
  });
});
