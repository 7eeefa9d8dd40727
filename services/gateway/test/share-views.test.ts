import { shareResponsesCsv } from '../src/share-views';

describe('CSV export of responses', () => {
  it('writes one row per response, titles for rankings, formulas kept as text', () => {
    const csv = shareResponsesCsv(
      [
        {
          createdAt: '2026-01-02T03:04:05.000Z',
          name: '=HYPERLINK("x")',
          email: '',
          answer: { type: 'ranking', ranking: ['b', 'a'] },
          comment: 'Line one\nline, two',
          sentiment: '',
        },
      ],
      new Map([
        ['a', 'Alpha'],
        ['b', 'Beta'],
      ]),
    );
    expect(csv.split('\r\n')[0]).toBe('Submitted At,Name,E-mail,Answer,Comment,Sentiment');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain('1. Beta; 2. Alpha');
    expect(csv).toContain('"Line one\nline, two"');
  });
});
