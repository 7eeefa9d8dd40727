import {
  ageBand,
  genderOption,
  occupationCategory,
  personaMessages,
  personaTemplateInput,
} from '../src';

describe('occupationCategory', () => {
  it.each([
    ['Operations Manager', 'Management'],
    ['Chief Executive Officer', 'Management'],
    ['Small Business Owner', 'Management'],
    ['Marketing Director', 'Management'],
    ['Registered Nurse', 'Healthcare'],
    ['Physiotherapist', 'Healthcare'],
    ['CFO', 'Management'],
    ['Physical Therapist', 'Healthcare'],
    ['Pharmacist', 'Healthcare'],
    ['High School Teacher', 'Education'],
    ['University Professor', 'Education'],
    ['Graduate Student', 'Education'],
    ['Software Engineer', 'Technology'],
    ['Data Scientist', 'Technology'],
    ['IT Support Specialist', 'Technology'],
    ['Graphic Designer', 'Creative'],
    ['Freelance Writer', 'Creative'],
    ['Photographer', 'Creative'],
    ['Sales Representative', 'Sales & Marketing'],
    ['Digital Marketing Specialist', 'Sales & Marketing'],
    ['Real Estate Agent', 'Sales & Marketing'],
    ['Accountant', 'Finance'],
    ['Investment Banker', 'Finance'],
    ['Financial Analyst', 'Finance'],
    ['Tax Advisor', 'Finance'],
    ['Line Cook', 'Other'],
    ['Taxi Driver', 'Other'],
    ['Farmer', 'Other'],
    ['Retired Electrician', 'Other'],
    ['', 'Other'],
  ])('%s -> %s', (occupation, category) => {
    expect(occupationCategory(occupation)).toBe(category);
  });

  it('treats a missing occupation as Other', () => {
    expect(occupationCategory(null)).toBe('Other');
  });
});

describe('ageBand', () => {
  it.each([
    [17, undefined],
    [18, '18-30'],
    [30, '18-30'],
    [31, '31-45'],
    [45, '31-45'],
    [46, '46-60'],
    [60, '46-60'],
    [61, '60+'],
    [88, '60+'],
  ])('%i -> %s', (age, band) => {
    expect(ageBand(age)).toBe(band);
  });
});

describe('genderOption', () => {
  it.each([
    ['Male', 'Male'],
    ['female', 'Female'],
    ['Non-binary', 'Non-binary'],
    ['non binary', 'Non-binary'],
    ['Agender', 'Other'],
    [null, 'Other'],
  ])('%s -> %s', (gender, option) => {
    expect(genderOption(gender)).toBe(option);
  });
});

describe('personaTemplateInput', () => {
  const complete = {
    name: 'Ines Duarte',
    age: 41,
    occupation: 'Pharmacist',
    location: 'Porto, Portugal',
    income: '€38,000 per year',
    lifestyle: 'Cycles to work',
    motivations: 'Security for her children',
    personality: 'Careful and warm',
    safetyScores: { economic: 80, world: 45, local: 90, occupation: 72 },
  };

  it('stores the 0-100 sliders on the 0-10 scale and defaults to active', () => {
    expect(personaTemplateInput.parse(complete)).toMatchObject({
      safetyScores: { economic: 8, world: 4.5, local: 9, occupation: 7.2 },
      isActive: true,
    });
  });

  it.each([
    [0, 0],
    [50, 5],
    [73, 7.3],
    [100, 10],
    [150, 10],
    [-5, 0],
    [72.6, 7.3],
    ['x', 5],
    [undefined, 5],
  ])('stores slider %j as %j out of 10', (percent, score) => {
    const sliders = { ...complete.safetyScores, economic: percent };
    expect(personaTemplateInput.parse({ ...complete, safetyScores: sliders })).toMatchObject({
      safetyScores: { economic: score },
    });
  });

  it('falls back to age 30 and scores of 5 like the admin form', () => {
    const { safetyScores: _s, ...rest } = complete;
    expect(personaTemplateInput.parse({ ...rest, age: 'abc' })).toMatchObject({
      age: 30,
      safetyScores: { economic: 5, world: 5, local: 5, occupation: 5 },
    });
  });

  it.each(['name', 'occupation', 'location', 'income', 'lifestyle', 'motivations', 'personality'])(
    'requires %s',
    (field) => {
      const result = personaTemplateInput.safeParse({ ...complete, [field]: '  ' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/ is required$/);
    },
  );

  it('refuses an age outside 18-100', () => {
    const result = personaTemplateInput.safeParse({ ...complete, age: 12 });
    expect(result.error?.issues[0]?.message).toBe(personaMessages.ageOutOfRange);
  });
});
