import type { OpinionCounts, RunDetails } from '@chorus/contracts';
import {
  analyzeRun,
  householdOf,
  isPanelOfCopies,
  panelDiversity,
  personaDistance,
  type PersonaTraits,
} from '../src';

const nurse = (age: number, values: string): PersonaTraits => ({
  age,
  gender: 'Female',
  incomeUsd: 118_000 + age * 100,
  place: 'Leeds, UK',
  occupation: 'Senior nurse',
  household: householdOf('Married, two children at primary school'),
  values,
});

/** Six near-copies: same job, city, income and family, told apart by age and a few words. */
const copies: PersonaTraits[] = [
  nurse(34, 'Wants healthy meals for the family without spending evenings cooking'),
  nurse(36, 'Wants quick healthy family meals after long hospital shifts'),
  nurse(38, 'Cares about healthy meals for the children and saving time'),
  nurse(35, 'Looks for healthy family meals that save time on busy weeks'),
  nurse(40, 'Values healthy food for the kids and less time in the kitchen'),
  nurse(37, 'Healthy meals for her family, quick to make after shifts'),
];

/** Ten people who differ in most of what describes them. */
const diverse: PersonaTraits[] = [
  {
    age: 22,
    gender: 'Male',
    incomeUsd: 18_000,
    place: 'Lagos, Nigeria',
    occupation: 'University student',
    household: householdOf('Shares a flat with two flatmates'),
    values: 'Social life, cheap street food, building a startup',
  },
  {
    age: 67,
    gender: 'Female',
    incomeUsd: 31_000,
    place: 'Phoenix, Arizona',
    occupation: 'Retired teacher',
    household: householdOf('Widowed, lives alone'),
    values: 'Grandchildren, gardening, fixed pension budget, church community',
  },
  {
    age: 41,
    gender: 'Male',
    incomeUsd: 210_000,
    place: 'Zurich, Switzerland',
    occupation: 'Investment banker',
    household: householdOf('Married with three kids'),
    values: 'Status, efficiency, premium quality, travel',
  },
  {
    age: 29,
    gender: 'Female',
    incomeUsd: 42_000,
    place: 'Manila, Philippines',
    occupation: 'Call centre agent',
    household: householdOf('Lives with her parents'),
    values: 'Supporting family, night shifts, saving for a home',
  },
  {
    age: 53,
    gender: 'Male',
    incomeUsd: 64_000,
    place: 'Leeds, UK',
    occupation: 'Electrician',
    household: householdOf('Married, the children have left home'),
    values: 'Football, reliable tools, cooking curries at weekends',
  },
  {
    age: 35,
    gender: 'Non-binary',
    incomeUsd: 88_000,
    place: 'Berlin, Germany',
    occupation: 'UX designer',
    household: householdOf('Lives with a partner'),
    values: 'Sustainability, design quality, cycling, vegan cooking',
  },
  {
    age: 46,
    gender: 'Female',
    incomeUsd: 12_000,
    place: 'Nairobi, Kenya',
    occupation: 'Market trader',
    household: householdOf('Single mother of four'),
    values: 'Mobile money, daily cash flow, school fees',
  },
  {
    age: 31,
    gender: 'Male',
    incomeUsd: 130_000,
    place: 'Seattle, Washington',
    occupation: 'Software engineer',
    household: householdOf('Single'),
    values: 'Gadgets, productivity, gaming, remote work',
  },
  {
    age: 58,
    gender: 'Female',
    incomeUsd: 75_000,
    place: 'Lyon, France',
    occupation: 'Pharmacist',
    household: householdOf('Married, a teenage son'),
    values: 'Health, tradition, local markets, careful spending',
  },
  {
    age: 25,
    gender: 'Male',
    incomeUsd: 35_000,
    place: 'São Paulo, Brazil',
    occupation: 'Delivery rider',
    household: householdOf('Lives with roommates'),
    values: 'Flexible hours, music, motorbike, saving money',
  },
];

const counts = (positive: number, neutral: number, negative: number): OpinionCounts => ({
  positive,
  neutral,
  negative,
});

const run = (panel: RunDetails['panel']): RunDetails => ({
  engine: 'local',
  model: 'local',
  temperature: 0.7,
  seed: 1,
  draws: 20,
  promptTemplateHash: 'abc',
  profileVersion: 'def',
  personaVersions: [],
  usage: { inputTokens: 0, outputTokens: 0, modelCalls: 0, cachedAnswers: 0 },
  costUsd: 0,
  coverage: [],
  sensitivity: null,
  panel,
});

describe('how alike the personas are', () => {
  it('reads who a persona lives with from its own words', () => {
    expect(householdOf('Single mother of two')).toBe('children');
    expect(householdOf('Lives alone in a studio')).toBe('alone');
    expect(householdOf('Married, no kids yet')).toBe('couple');
    expect(householdOf('Lives with her husband')).toBe('couple');
    expect(householdOf('Shares a house with flatmates')).toBe('shared');
    expect(householdOf('Enjoys hiking')).toBeNull();
  });

  it('puts near-copies close together and strangers far apart', () => {
    expect(personaDistance(copies[0]!, copies[1]!)).toBeLessThan(0.25);
    expect(personaDistance(diverse[0]!, diverse[1]!)).toBeGreaterThan(0.6);
  });

  it('finds six near-copies to be like one or two people', () => {
    const panel = panelDiversity(copies);
    expect(panel.personas).toBe(6);
    expect(panel.effective).toBeLessThan(2);
    expect(panel.nearCopies).toBe(6);
    expect(isPanelOfCopies(panel)).toBe(true);
  });

  it('finds a diverse panel of ten to be like nearly ten people', () => {
    const panel = panelDiversity(diverse);
    expect(panel.effective).toBeGreaterThan(8);
    expect(panel.nearCopies).toBe(0);
    expect(isPanelOfCopies(panel)).toBe(false);
    expect(panel.gaps).toEqual([]);
  });

  it('names the real gaps in plain words', () => {
    const { gaps } = panelDiversity(copies);
    expect(gaps).toEqual([
      'no one under 30',
      'no one over 45',
      'everyone is a woman',
      'everyone earns over $100,000 a year',
      'everyone lives in Leeds',
      'everyone is a senior nurse',
      'everyone has children at home',
    ]);
    expect(gaps.join(' ')).not.toMatch(/Gender: Other|Non-binary|Other/);
  });

  it('catches a panel mostly of copies with two others', () => {
    const panel = panelDiversity([...copies, diverse[0]!, diverse[1]!]);
    expect(isPanelOfCopies(panel)).toBe(true);
    expect(panel.nearCopies).toBe(6);
  });
});

describe('the echo-chamber alarm', () => {
  it('fires for six near-copies even when they answer differently', () => {
    const answers = [
      { opinion: 'positive' as const, draws: counts(20, 0, 0) },
      { opinion: 'negative' as const, draws: counts(0, 0, 20) },
      { opinion: 'neutral' as const, draws: counts(0, 20, 0) },
      { opinion: 'positive' as const, draws: counts(10, 5, 5) },
      { opinion: 'negative' as const, draws: counts(5, 5, 10) },
      { opinion: 'neutral' as const, draws: counts(5, 10, 5) },
    ];
    const analysis = analyzeRun(answers, run(panelDiversity(copies)));
    const echo = analysis!.alarms.find((a) => a.kind === 'echo-chamber');
    expect(echo).toBeDefined();
    expect(echo!.text).toMatch(/the panel of 6 is like 1\.\d different people/);
    expect(echo!.text).toContain('All 6 personas are near-copies of one another.');
    expect(echo!.text).toContain('no one under 30');
    expect(echo!.text).toContain('everyone earns over $100,000 a year');
    expect(echo!.text).toContain('everyone lives in Leeds');
    expect(echo!.text).not.toMatch(/entropy|Simpson|Leinster|Gender: Other/);
    expect(echo!.technical).toContain('Leinster–Cobbold');
    expect(analysis!.notes!.some((n) => n.kind === 'panel-agrees')).toBe(false);
  });

  it('stays silent for a diverse panel of ten that all agree, and notes the agreement', () => {
    const answers = diverse.map(() => ({ opinion: 'positive' as const, draws: counts(19, 1, 0) }));
    const analysis = analyzeRun(answers, run(panelDiversity(diverse)));
    expect(analysis!.alarms.some((a) => a.kind === 'echo-chamber')).toBe(false);
    const note = analysis!.notes!.find((n) => n.kind === 'panel-agrees');
    expect(note!.text).toBe(
      'Two answers picked at random from the panel would give the same opinion 9 times in 10. The personas differ from one another, so this reads as a shared view, not an echo.',
    );
  });

  it('is not raised for runs stored before the panel was measured', () => {
    const answers = copies.map(() => ({ opinion: 'positive' as const, draws: counts(20, 0, 0) }));
    expect(analyzeRun(answers, run(undefined))!.alarms).toEqual([]);
  });
});
