import {
  fidelity,
  jensenShannonDistance,
  ksStatistic,
  maxCalibrationRows,
  neutraliseCell,
  opinionVariance,
  parseCalibrationCsv,
  ratingOpinion,
  spreadRatio,
} from '../src';

describe('Jensen-Shannon distance (log base 2)', () => {
  // Hand-worked: p = (1/2, 1/2, 0), q = (1, 0, 0) -> m = (3/4, 1/4, 0).
  // KL(p||m) = 1/2 log2(2/3) + 1/2 log2(2) = 1/2 (1 - log2 3) + 1/2 = 1 - log2(3)/2
  // KL(q||m) = log2(4/3) = 2 - log2 3
  // JSD = (3 - 1.5 log2 3) / 2 = 1.5 - 0.75 log2 3 ~ 0.3113; distance = sqrt ~ 0.5579
  const handWorked = Math.sqrt(1.5 - 0.75 * Math.log2(3));
  it.each([
    ['identical', [3, 2, 1], [3, 2, 1], 0],
    ['identical after scaling', [1, 1, 2], [10, 10, 20], 0],
    ['disjoint', [5, 0, 0], [0, 0, 7], 1],
    ['hand-worked half against all', [1, 1, 0], [4, 0, 0], handWorked],
  ])('%s', (_label, a, b, expected) => {
    expect(jensenShannonDistance(a, b)).toBeCloseTo(expected, 10);
  });
  it('the hand-worked value is about 0.558', () => {
    expect(handWorked).toBeCloseTo(0.5579, 3);
  });
});

describe('KS statistic on 1-5 ratings', () => {
  it.each([
    ['identical', [1, 1, 1, 1, 1], [2, 2, 2, 2, 2], 0],
    ['all 1 against all 5', [4, 0, 0, 0, 0], [0, 0, 0, 0, 9], 1],
    // cumulative a: .5 .5 .5 .5 1; b: 0 0 .5 .5 1 -> largest gap .5
    ['half 1 half 5 against half 3 half 5', [1, 0, 0, 0, 1], [0, 0, 1, 0, 1], 0.5],
    // cumulative a: .25 .5 .75 1 1; b: .1 .2 .4 .7 1 -> gaps .15 .3 .35 .3 0
    ['uneven', [1, 1, 1, 1, 0], [1, 1, 2, 3, 3], 0.35],
  ])('%s', (_label, a, b, expected) => {
    expect(ksStatistic(a, b)).toBeCloseTo(expected, 10);
  });
});

describe('spread ratio (persona variance / human variance)', () => {
  it.each<[string, [number, number, number], [number, number, number], number | null]>([
    // human: half +1, half -1 -> variance 1; persona: all neutral -> 0
    ['uniform panel', [0, 10, 0], [5, 0, 5], 0],
    ['same spread', [2, 0, 2], [5, 0, 5], 1],
    // persona (1/2,1/2,0): mean .5, E[x^2] .5 -> .25; human (1,1,1)/3: mean 0, E[x^2] 2/3
    ['hand-worked', [1, 1, 0], [1, 1, 1], 0.25 / (2 / 3)],
    ['humans all agree', [1, 1, 1], [0, 4, 0], null],
  ])('%s', (_label, persona, human, expected) => {
    const ratio = spreadRatio(persona, human);
    if (expected === null) expect(ratio).toBeNull();
    else expect(ratio).toBeCloseTo(expected, 10);
  });
  it('variance of a one-sided panel is 0', () => {
    expect(opinionVariance([7, 0, 0])).toBe(0);
  });
});

describe('ratings as opinions', () => {
  it.each([
    [1, 'negative'],
    [2, 'negative'],
    [3, 'neutral'],
    [4, 'positive'],
    [5, 'positive'],
    [0, null],
    [6, null],
    [2.5, null],
  ])('%s -> %s', (rating, opinion) => {
    expect(ratingOpinion(rating)).toBe(opinion);
  });
});

describe('parseCalibrationCsv', () => {
  it.each([
    [
      'headers in any case and order',
      'Gender,OPINION,Age\nFemale,Positive,34\nMale,negative,61\n',
      ['positive', 'negative'],
    ],
    ['blank lines', 'opinion\n\npositive\n\n\nneutral\n', ['positive', 'neutral']],
    [
      'words in any case',
      'opinion\nPOSITIVE\nNeutral\nnEgAtIvE\n',
      ['positive', 'neutral', 'negative'],
    ],
    ['a UTF-8 BOM', '\uFEFFopinion\npositive\n', ['positive']],
    [
      'ratings 1-5',
      'rating\n1\n2\n3\n4\n5\n',
      ['negative', 'negative', 'neutral', 'positive', 'positive'],
    ],
    ['CRLF line ends', 'opinion,age\r\nneutral,20\r\n', ['neutral']],
  ])('%s', (_label, csv, opinions) => {
    const parsed = parseCalibrationCsv(csv);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.answers.map((a) => a.opinion)).toEqual(opinions);
  });

  it('keeps quoted fields with commas and the optional columns', () => {
    const parsed = parseCalibrationCsv(
      'opinion,age,gender,income,occupation\npositive,29,female,"$50,000-$75,000","Teacher, primary"\n',
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.answers[0]).toEqual({
      row: 2,
      opinion: 'positive',
      rating: null,
      age: 29,
      gender: 'female',
      income: '$50,000-$75,000',
      occupation: 'Teacher, primary',
    });
  });

  it('stores a formula as text and neutralises it for export', () => {
    const parsed = parseCalibrationCsv(
      'opinion,occupation\npositive,"=HYPERLINK(""http://x"",""y"")"\n',
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.answers[0]!.occupation).toBe('=HYPERLINK("http://x","y")');
    expect(neutraliseCell(parsed.answers[0]!.occupation!)).toBe('\'=HYPERLINK("http://x","y")');
    expect(neutraliseCell('Teacher')).toBe('Teacher');
  });

  it('keeps the rating when the file has one', () => {
    const parsed = parseCalibrationCsv('Rating\n4\n');
    expect(parsed.ok && parsed.source).toBe('rating');
    expect(parsed.ok && parsed.answers[0]!.rating).toBe(4);
  });

  it.each([
    ['empty file', '', 'The file is empty.'],
    ['only whitespace', ' \n\n', 'The file is empty.'],
    ['no usable column', 'name,age\nAnn,30\n', 'The file has no opinion or rating column'],
    ['header only', 'opinion\n', 'The file has a header but no answers.'],
    [
      'unreadable opinion by row',
      'opinion\npositive\nmaybe\nnegative\nlove it\n',
      'Rows 3, 5 have an opinion that is not positive, neutral or negative.',
    ],
    ['unreadable rating by row', 'rating\n4\n7\n', 'Row 3 has a rating that is not 1 to 5.'],
    ['unclosed quote', 'opinion,occupation\npositive,"Teacher\n', 'The file is not readable CSV'],
    [
      'more than 5,000 rows',
      `opinion\n${'positive\n'.repeat(maxCalibrationRows + 1)}`,
      'The file has 5001 answers; at most 5000 can be uploaded at once.',
    ],
  ])('refuses: %s', (_label, csv, message) => {
    const parsed = parseCalibrationCsv(csv);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toContain(message);
  });

  it('accepts exactly 5,000 rows', () => {
    const parsed = parseCalibrationCsv(`opinion\n${'neutral\n'.repeat(maxCalibrationRows)}`);
    expect(parsed.ok && parsed.answers.length).toBe(maxCalibrationRows);
  });
});

describe('fidelity', () => {
  it('sets human against persona with segments by age band and gender', () => {
    const parsed = parseCalibrationCsv(
      'opinion,age,gender\npositive,25,female\nnegative,25,male\npositive,50,female\nneutral,50,male\n',
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const card = fidelity(
      parsed.answers,
      [
        { opinion: 'positive', age: 22, gender: 'Female' },
        { opinion: 'positive', age: 55, gender: 'Male' },
      ],
      parsed.source,
    );
    expect(card.n).toBe(4);
    expect(card.human).toEqual([2, 1, 1]);
    expect(card.persona).toEqual([2, 0, 0]);
    // p = (1/2,1/4,1/4), q = (1,0,0): m = (3/4,1/8,1/8)
    // KL(p||m) = 1/2 log2(2/3) + 2 * 1/4 log2 2 = 1 - log2(3)/2 ; KL(q||m) = log2(4/3) = 2 - log2 3
    expect(card.distance).toBeCloseTo(Math.sqrt(1.5 - 0.75 * Math.log2(3)), 10);
    expect(card.ks).toBeNull();
    expect(card.spreadRatio).toBe(0);
    expect(card.spreadMeaning).toBe('the panel is more uniform than real customers');
    expect(card.segments.map((s) => s.label)).toEqual(['Age 18-30', 'Age 46-60', 'Female', 'Male']);
    expect(card.segments[2]).toEqual({
      label: 'Female',
      human: [2, 0, 0],
      persona: [1, 0, 0],
      distance: 0,
    });
  });

  it('gives the KS statistic for a file of ratings', () => {
    const parsed = parseCalibrationCsv('rating\n1\n5\n');
    if (!parsed.ok) throw new Error(parsed.message);
    const card = fidelity(
      parsed.answers,
      [{ opinion: 'positive', age: null, gender: null }],
      'rating',
    );
    // ordered negative, neutral, positive: human .5 .5 1, persona 0 0 1 -> .5
    expect(card.ks).toBeCloseTo(0.5, 10);
    expect(card.segments).toEqual([]);
  });
});
