import {
  createCustomPersonaRequest,
  csvExpected,
  csvMessages,
  customPersonaMessages,
  editCustomPersonaRequest,
  givenFields,
  parseCustomerCsv,
  parseDescriptionFacts,
  traitProvenance,
} from '../src';

describe('what a description states', () => {
  it.each([
    [
      'a parent of two in Lyon who cooks three times a week and shops at discount stores',
      { location: 'Lyon', lifestyle: 'Cooks three times a week and shops at discount stores' },
    ],
    [
      'A 34-year-old nurse in Lyon, France.',
      { age: 34, occupation: 'Nurse', location: 'Lyon, France' },
    ],
    ['a retired man aged 67 living in New York', { age: 67, gender: 'Male', location: 'New York' }],
    [
      'mother of three, 41 years old, works as a school teacher',
      { age: 41, gender: 'Female', occupation: 'School teacher' },
    ],
    [
      'a non-binary designer from Berlin',
      { gender: 'Non-binary', occupation: 'Designer', location: 'Berlin' },
    ],
    [
      'A retired teacher in Porto, 67, who cooks every day for her grandchildren',
      {
        age: 67,
        gender: 'Female',
        occupation: 'Retired teacher',
        location: 'Porto',
        lifestyle: 'Cooks every day for her grandchildren',
      },
    ],
    ['a parent of two, 3 kids at home', {}],
    [
      'a woman in her 30s who earns $40,000 a year',
      {
        age: 35,
        gender: 'Female',
        income: '$40,000 a year',
        lifestyle: 'Earns $40,000 a year',
      },
    ],
    ['a 34-year-old mother who bakes', { age: 34, gender: 'Female', lifestyle: 'Bakes' }],
    ['someone aged 12 who likes games', { lifestyle: 'Likes games' }],
    // The description's own words about how the customer lives.
    [
      'likes cheap things and quick delivery',
      { lifestyle: 'Likes cheap things and quick delivery' },
    ],
    [
      'A nurse in Leeds keeping her food spending tight',
      {
        occupation: 'Nurse',
        location: 'Leeds',
        gender: 'Female',
        lifestyle: 'Keeping her food spending tight',
      },
    ],
  ])('%s', (description, expected) => {
    expect(parseDescriptionFacts(description)).toEqual(expected);
  });

  it('keeps each trait within what a template holds, however long the notes', () => {
    const facts = parseDescriptionFacts(
      `A nurse from ${'Lyon '.repeat(100)}who ${'cooks and '.repeat(400)}shops`,
    );
    expect(facts.location!.length).toBeLessThanOrEqual(200);
    expect(facts.lifestyle!.length).toBeLessThanOrEqual(2000);
  });
});

describe('provenance', () => {
  it('a trait the source states is given, one the engine filled is inferred', () => {
    const provenance = traitProvenance({ age: 34, location: 'Lyon', name: '' });
    expect(provenance).toEqual({
      name: 'inferred',
      age: 'given',
      gender: 'inferred',
      occupation: 'inferred',
      location: 'given',
      income: 'inferred',
      lifestyle: 'inferred',
      motivations: 'inferred',
      personality: 'inferred',
    });
  });

  it('a trait the engine found stated in the source is given too', () => {
    expect(traitProvenance({}, ['lifestyle']).lifestyle).toBe('given');
  });

  it('the fields a source states are those with a text or a number', () => {
    expect(givenFields({ age: 34, gender: '', occupation: 'Nurse' })).toEqual([
      'age',
      'occupation',
    ]);
  });
});

describe('a CSV of customers', () => {
  it('reads headers in any case and order, quoted commas, blank lines and a BOM', () => {
    const csv =
      '\uFEFFCity,AGE,Name,Job,Notes\n' +
      '"Lyon, France",34,Claire,Nurse,"Cooks at home, shops at discount stores"\n' +
      '\n' +
      'Paris,52,Marc,,\n';
    const parsed = parseCustomerCsv(csv);
    expect(parsed).toEqual({
      ok: true,
      skipped: [],
      rows: [
        {
          row: 2,
          sourceText:
            'City: Lyon, France\nAGE: 34\nName: Claire\nJob: Nurse\nNotes: Cooks at home, shops at discount stores',
          given: {
            location: 'Lyon, France',
            age: 34,
            name: 'Claire',
            occupation: 'Nurse',
            // The notes column, in the business's own words.
            lifestyle: 'Cooks at home, shops at discount stores',
          },
          customTraits: {},
        },
        {
          row: 3,
          sourceText: 'City: Paris\nAGE: 52\nName: Marc',
          given: { location: 'Paris', age: 52, name: 'Marc' },
          customTraits: {},
        },
      ],
    });
  });

  it('keeps the business’s own columns that sort customers into groups as custom traits', () => {
    const parsed = parseCustomerCsv(
      'Name,Age,Plan,Signed up,Account note\n' +
        'Ana,31,Pro,2024-01-03,Asked for an invoice in March\n' +
        'Ben,45,Basic,2024-02-11,Prefers phone calls to e-mail\n' +
        'Cai,38,pro,2024-03-20,Wants a yearly plan with a discount\n',
    );
    if (!parsed.ok) throw new Error(parsed.message);
    // Plan repeats (two groups among three customers); dates and notes are all different.
    expect(parsed.rows.map((r) => r.customTraits)).toEqual([
      { Plan: 'Pro' },
      { Plan: 'Basic' },
      { Plan: 'pro' },
    ]);
  });

  it('reads interview notes like a description, and joins city and country', () => {
    const parsed = parseCustomerCsv(
      'interview,city,country\n"She is a 29-year-old engineer who runs every morning",Lyon,France\n',
    );
    expect(parsed.ok && parsed.rows[0]!.given).toEqual({
      location: 'Lyon, France',
      age: 29,
      gender: 'Female',
      occupation: 'Engineer',
      lifestyle: 'Runs every morning',
    });
  });

  it('maps gender cells to the filter words and keeps others as written', () => {
    const parsed = parseCustomerCsv('gender\nf\nM\nnb\nagender\n');
    expect(parsed.ok && parsed.rows.map((row) => row.given.gender)).toEqual([
      'Female',
      'Male',
      'Non-binary',
      'agender',
    ]);
  });

  it('skips rows with nothing usable or an impossible age, saying why', () => {
    const parsed = parseCustomerCsv('name,age,email\nAnna,31,a@x.test\n,,b@x.test\nBen,7,\n');
    expect(parsed).toEqual({
      ok: true,
      rows: [
        {
          row: 2,
          sourceText: 'name: Anna\nage: 31',
          given: { name: 'Anna', age: 31 },
          customTraits: {},
        },
      ],
      skipped: [
        { row: 3, reason: 'The row has nothing about the customer.' },
        { row: 4, reason: 'The age "7" is not a number from 18 to 100.' },
      ],
    });
  });

  it.each([
    ['an empty file', '', customPersonaMessages.csvEmpty],
    ['only a BOM and blanks', '\uFEFF\n\n', customPersonaMessages.csvEmpty],
    ['no usable column', 'email,phone\na@x.test,123\n', customPersonaMessages.csvNoUsableColumn],
    ['a header only', 'name,age\n', customPersonaMessages.csvNoRows],
    [
      '101 customers',
      `name\n${Array.from({ length: 101 }, (_, i) => `Customer ${i}`).join('\n')}\n`,
      customPersonaMessages.csvTooManyRows(101),
    ],
    ['an unclosed quote', 'name,notes\nAnna,"never closed\n', csvMessages.brokenQuotes(2)],
    [
      'a picture renamed .csv',
      '\uFFFDPNG\r\n\u001A\n\u0000\u0000\u0000\rIHDR\u0000\u0000\u0001',
      csvMessages.notText,
    ],
  ])('refuses %s in plain words', (_label, csv, message) => {
    expect(parseCustomerCsv(csv)).toEqual({ ok: false, message });
  });

  it('reads a file with a BOM, negative numbers and dashes as text, not formulas', () => {
    const parsed = parseCustomerCsv('\uFEFFname,notes,age\nAnna,- cooks daily,-\n');
    expect(parsed.ok).toBe(true);
  });

  it('says what a CSV table is when refusing a file that is not one', () => {
    expect(csvMessages.notText).toContain('This file is not a CSV table');
    expect(csvMessages.notText).toContain(csvExpected);
    expect(csvMessages.brokenQuotes(75)).toContain('This file is not a CSV table');
    expect(csvMessages.brokenQuotes(75)).not.toMatch(/quoted field/);
  });

  it('takes exactly 100 customers', () => {
    const parsed = parseCustomerCsv(
      `name\n${Array.from({ length: 100 }, (_, i) => `Customer ${i}`).join('\n')}\n`,
    );
    expect(parsed.ok && parsed.rows).toHaveLength(100);
  });
});

describe('requests', () => {
  it('a description is 10 to 2,000 characters', () => {
    expect(
      createCustomPersonaRequest.safeParse({ description: 'short' }).error?.issues[0]?.message,
    ).toBe(customPersonaMessages.descriptionTooShort);
    expect(
      createCustomPersonaRequest.safeParse({ description: 'x'.repeat(2001) }).error?.issues[0]
        ?.message,
    ).toBe(customPersonaMessages.descriptionTooLong);
  });

  it('an edit changes at least one trait, within the template limits', () => {
    expect(editCustomPersonaRequest.safeParse({}).error?.issues[0]?.message).toBe(
      'Change at least one trait.',
    );
    expect(editCustomPersonaRequest.safeParse({ age: 12 }).success).toBe(false);
    expect(editCustomPersonaRequest.safeParse({ occupation: '  ' }).success).toBe(false);
    expect(editCustomPersonaRequest.parse({ income: ' €30k ', gender: null })).toEqual({
      income: '€30k',
      gender: null,
    });
  });
});
