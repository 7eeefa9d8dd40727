import { parseCalibrationCsv, type ShareAnswer, shareCalibrationMessages } from '@chorus/contracts';
import {
  shareAnswerOpinion,
  shareLinkCalibrationCsv,
  shareLinkCalibrationName,
} from '../src/share-calibration';

describe('a share link response as a real answer', () => {
  it.each<[string, ShareAnswer, ReturnType<typeof shareAnswerOpinion>]>([
    ['rating 1', { type: 'rating', rating: 1 }, { opinion: 'negative', rating: 1 }],
    ['rating 2', { type: 'rating', rating: 2 }, { opinion: 'negative', rating: 2 }],
    ['rating 3', { type: 'rating', rating: 3 }, { opinion: 'neutral', rating: 3 }],
    ['rating 4', { type: 'rating', rating: 4 }, { opinion: 'positive', rating: 4 }],
    ['rating 5', { type: 'rating', rating: 5 }, { opinion: 'positive', rating: 5 }],
    ['thumbs up', { type: 'thumbs', thumbs: 'up' }, { opinion: 'positive', rating: null }],
    ['thumbs down', { type: 'thumbs', thumbs: 'down' }, { opinion: 'negative', rating: null }],
    ['a text answer', { type: 'text', text: 'Love it' }, null],
    ['a ranking', { type: 'ranking', ranking: ['a', 'b'] }, null],
  ])('%s', (_label, answer, expected) => {
    expect(shareAnswerOpinion(answer)).toEqual(expected);
  });
});

describe("a share link's responses as an upload", () => {
  it('a rating link reads like a rating column, so the KS statistic is shown', () => {
    const made = shareLinkCalibrationCsv('rating', [
      { type: 'rating', rating: 5 },
      { type: 'rating', rating: 3 },
      { type: 'rating', rating: 1 },
    ]);
    expect(made).toEqual({ ok: true, csv: 'rating\n5\n3\n1', count: 3 });
    const parsed = parseCalibrationCsv(made.ok ? made.csv : '');
    expect(parsed.ok && parsed.source).toBe('rating');
    expect(parsed.ok && parsed.answers.map((a) => a.opinion)).toEqual([
      'positive',
      'neutral',
      'negative',
    ]);
  });

  it('a thumbs link reads like an opinion column', () => {
    const made = shareLinkCalibrationCsv('thumbs', [
      { type: 'thumbs', thumbs: 'up' },
      { type: 'thumbs', thumbs: 'down' },
    ]);
    expect(made).toEqual({ ok: true, csv: 'opinion\npositive\nnegative', count: 2 });
  });

  it.each([
    ['ranking', shareCalibrationMessages.ranking],
    ['text', shareCalibrationMessages.text],
  ])('a %s link is refused in words', (type, message) => {
    expect(shareLinkCalibrationCsv(type, [])).toEqual({ ok: false, message });
  });

  it('a link without responses is refused', () => {
    expect(shareLinkCalibrationCsv('thumbs', [])).toEqual({
      ok: false,
      message: shareCalibrationMessages.noResponses,
    });
  });

  it('is named after the item and its count, within the file name limit', () => {
    expect(shareLinkCalibrationName('Dark mode', 12)).toBe('Share link: Dark mode (12 responses)');
    expect(shareLinkCalibrationName('Dark mode', 1)).toBe('Share link: Dark mode (1 response)');
    expect(shareLinkCalibrationName('x'.repeat(300), 5).length).toBeLessThanOrEqual(200);
  });
});
