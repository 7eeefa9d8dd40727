import {
  checkFrame,
  frameById,
  frameFromCustomers,
  frameFromSharesCsv,
  type PopulationFrame,
  quotaSample,
} from '../src';

const uk = frameById('uk')!;

function frameOf(result: { frame: PopulationFrame } | { problem: string }): PopulationFrame {
  if ('problem' in result) throw new Error(result.problem);
  return result.frame;
}
const problemOf = (result: { frame: PopulationFrame } | { problem: string }) =>
  'problem' in result ? result.problem : undefined;
/** Shares to 12 decimals: 35 / 100 / 1.0000000000000002 is 0.35 for the eye, not for toEqual. */
const rounded = (values: Record<string, number>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Math.round(v * 1e12) / 1e12]));
const shares = (frame: PopulationFrame, trait: string) =>
  Object.fromEntries(frame.traits.find((t) => t.id === trait)!.levels.map((l) => [l.id, l.share]));

describe('a frame from a CSV of target shares', () => {
  const csv = [
    'Trait,Level,Share',
    'Age band,18–29,40',
    'age,30-44,35',
    'AGE,45–59,25',
    'Plan,Free,70%',
    'Plan,Paid,30%',
  ].join('\n');

  it('replaces a standard trait, adds one of its own and keeps the rest of the base', () => {
    const frame = frameOf(frameFromSharesCsv(csv, uk, 'Young app users'));
    expect(frame.id).toBe('custom');
    expect(frame.name).toBe('Young app users');
    expect(frame.currency).toBe('GBP');
    expect(frame.sources[0]).toMatchObject({ publisher: 'Your upload', title: 'Young app users' });
    expect(rounded(shares(frame, 'age'))).toEqual({
      '18-29': 0.4,
      '30-44': 0.35,
      '45-59': 0.25,
      '60-74': 0,
      '75+': 0,
    });
    expect(frame.traits.find((t) => t.id === 'age')!.source).toBe('Your upload');
    expect(frame.traits.find((t) => t.id === 'plan')).toEqual({
      id: 'plan',
      label: 'Plan',
      source: 'Your upload',
      levels: [
        { id: 'free', label: 'Free', share: 0.7 },
        { id: 'paid', label: 'Paid', share: 0.3 },
      ],
    });
    expect(shares(frame, 'region')).toEqual(shares(uk, 'region'));
    // The joint is fitted to the new age shares and stays consistent.
    expect(checkFrame(frame)).toBeUndefined();
    const joint = frame.joint!.shares;
    expect(joint['18-29|female']! + joint['18-29|male']!).toBeCloseTo(0.4, 9);
    expect(joint['75+|female']).toBeCloseTo(0, 9);
    // And it can be drawn: 100 members, 40 aged 18–29, 70 on the free plan.
    const panel = quotaSample(frame, 100, 1);
    expect(panel.filter((m) => m.traits.age === '18-29')).toHaveLength(40);
    expect(panel.filter((m) => m.traits.plan === 'free')).toHaveLength(70);
  });

  it('reads fractions when every share is at most 1, and renormalises within half a point', () => {
    const frame = frameOf(
      frameFromSharesCsv('trait,level,share\nsex,women,0.6\nsex,men,0.4\n', uk),
    );
    expect(frame.name).toBe('Your target shares');
    expect(shares(frame, 'sex')).toEqual({ female: 0.6, male: 0.4 });
    const thirds = frameOf(
      frameFromSharesCsv('trait,level,share\nTier,A,33.3\nTier,B,33.3\nTier,C,33.3\n', uk),
    );
    expect(shares(thirds, 'tier').a).toBeCloseTo(1 / 3, 12);
  });

  it('says what is wrong, naming the trait', () => {
    const problem = (text: string) => problemOf(frameFromSharesCsv(text, uk));
    expect(problem('')).toBe('The file is empty.');
    expect(problem('trait,value\nage,1')).toBe(
      'The table needs the columns trait, level and share; it has no level, share column (its columns: trait, value).',
    );
    expect(problem('trait,level,share\nage,18-29,lots\nage,30-44,50')).toBe(
      'The share “lots” of “18-29” for age is not a number.',
    );
    expect(problem('trait,level,share\nage,18-29,-5\nage,30-44,105')).toBe(
      'The share of “18-29” for age is negative.',
    );
    expect(problem('trait,level,share\nPlan,Free,60\nPlan,Paid,30')).toBe(
      'The shares of Plan add up to 90 %, not 100 %.',
    );
    expect(problem('trait,level,share\nage,17–25,50\nage,30-44,50')).toBe(
      'Unknown level “17–25” for age band: use one of 18–29, 30–44, 45–59, 60–74, 75 and over.',
    );
    expect(problem('trait,level,share\nPlan,Free,100')).toBe(
      'Plan needs at least 2 levels; it has 1.',
    );
    expect(problem('trait,level,share\nPlan,Free,50\nPlan,free,50')).toBe(
      'Plan has the level “free” twice.',
    );
    const many = Array.from({ length: 21 }, (_, t) => `T${t},a,50\nT${t},b,50`).join('\n');
    expect(problem(`trait,level,share\n${many}`)).toBe(
      'There are 21 traits; at most 20 can be used.',
    );
    const wide = Array.from({ length: 51 }, (_, l) => `Colour,c${l},${l === 0 ? 50 : 1}`).join(
      '\n',
    );
    expect(problem(`trait,level,share\n${wide}`)).toBe(
      'Colour has 51 levels; at most 50 can be used.',
    );
  });
});

describe('a frame from a list of customers', () => {
  const ages = [22, 25, 27, 31, 33, 38, 41, 44, 47, 52, 58, 63, 66, 71, 78, 24, 29, 35, 19, 17];
  const rows = ages.map((age, i) => ({
    Age: String(age),
    Gender: i % 4 === 0 ? 'M' : 'F',
    Plan: ['Free', 'Pro', 'Team'][i % 3]!,
    Email: `person${i}@example.com`,
    Note: '',
  }));

  it('bands ages, maps sexes, takes columns of 2 to 12 values and ignores the rest', () => {
    const frame = frameOf(frameFromCustomers(rows, uk));
    expect(frame.name).toBe('Your customers');
    // 19 ages of 18 or over (17 left out): 6 at 18–29, 6 at 30–44, 3 at 45–59, 3 at 60–74, 1 at 75+.
    const age = shares(frame, 'age');
    expect(age['18-29']).toBeCloseTo(6 / 19, 12);
    expect(age['30-44']).toBeCloseTo(6 / 19, 12);
    expect(age['45-59']).toBeCloseTo(3 / 19, 12);
    expect(age['60-74']).toBeCloseTo(3 / 19, 12);
    expect(age['75+']).toBeCloseTo(1 / 19, 12);
    // Every fourth is M: 5 men of 20.
    expect(shares(frame, 'sex')).toEqual({ female: 0.75, male: 0.25 });
    expect(
      frame.traits.find((t) => t.id === 'plan')!.levels.map((l) => [l.label, l.share]),
    ).toEqual([
      ['Free', 7 / 20],
      ['Pro', 7 / 20],
      ['Team', 6 / 20],
    ]);
    expect(frame.traits.some((t) => t.id === 'email' || t.id === 'note')).toBe(false);
    expect(checkFrame(frame)).toBeUndefined();
  });

  it('says when the list is too short, a value is unknown, or no column qualifies', () => {
    expect(problemOf(frameFromCustomers(rows.slice(0, 19), uk))).toBe(
      'The list has 19 customers; at least 20 are needed to take shares from.',
    );
    expect(
      problemOf(
        frameFromCustomers(
          rows.map((r, i) => ({ ...r, Region: i % 2 ? 'London' : 'Mars' })),
          uk,
        ),
      ),
    ).toBe(
      'Unknown level “Mars” for region: use one of North East, North West, Yorkshire and The Humber, East Midlands, West Midlands, East of England, London, South East, South West, Wales, Scotland, Northern Ireland.',
    );
    expect(
      problemOf(
        frameFromCustomers(
          rows.map((r) => ({ Email: r.Email, Note: r.Note })),
          uk,
        ),
      ),
    ).toBe(
      'No column of the customer list has from 2 to 12 different values, so there are no shares to take.',
    );
  });
});
