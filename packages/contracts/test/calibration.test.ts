import { genderWord, maxCalibrationRows, parseCalibrationCsv, ratingOpinion, toCsv } from '../src';

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
      gender: 'Female',
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
    expect(toCsv([[parsed.answers[0]!.occupation!]])).toBe(
      '"\'=HYPERLINK(""http://x"",""y"")"\r\n',
    );
    expect(toCsv([['Teacher']])).toBe('Teacher\r\n');
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
    ['unclosed quote', 'opinion,occupation\npositive,"Teacher\n', 'This file is not a CSV table'],
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

describe('gender codes', () => {
  it.each([
    ['F', 'Female'],
    [' f ', 'Female'],
    ['W', 'Female'],
    ['woman', 'Female'],
    ['FEMALE', 'Female'],
    ['M', 'Male'],
    ['male', 'Male'],
    ['Man', 'Male'],
    ['non binary', 'Non-binary'],
    ['NB', 'Non-binary'],
    ['Two-spirit', 'Two-spirit'],
    ['constructor', 'constructor'],
  ])('%j reads as %s', (cell, gender) => {
    expect(genderWord(cell)).toBe(gender);
  });

  it('reads the same way in a calibration file and a customer import', () => {
    const parsed = parseCalibrationCsv('opinion,gender\npositive,F\nnegative,m\nneutral, Woman \n');
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.answers.map((a) => a.gender)).toEqual(['Female', 'Male', 'Female']);
  });
});
