import {
  averageSafetyScores,
  closestTemplates,
  composePersona,
  customerName,
  withGivenTraits,
} from '../src/domain/persona-building';
import { buildAll, LocalPersonaBuilder, parseModelPersona } from '../src/engines/persona-builder';
import {
  type CustomTraits,
  givenFields,
  parseCustomerCsv,
  parseDescriptionFacts,
} from '@chorus/contracts';
import { InferenceFailed } from '../src/engines/engine';
import { readIncome } from '../src/domain/money';
import { readPersona } from '../src/domain/persona-reading';
import { everyPersona, personas } from './fixtures';
import { templatePersonas } from './templates';

describe('the closest templates to what a source states', () => {
  it.each([
    ['a 45-year-old nurse', { age: 45, gender: 'Female', occupation: 'Nurse' }, 'Elena'],
    ['a 27-year-old developer', { age: 27, gender: 'Male', occupation: 'Developer' }, 'Marcus'],
    [
      'a 70-year-old woman on a pension',
      { age: 70, gender: 'Female', income: '$28,000 pension' },
      'Dorothy',
    ],
  ])('%s', (_label, given, first) => {
    expect(closestTemplates(given, everyPersona)[0]!.name).toMatch(new RegExp(`^${first}`));
  });

  it('without any stated fact, the order is by name, so it is repeatable', () => {
    const names = closestTemplates({}, everyPersona).map((t) => t.name);
    expect(names).toEqual([...everyPersona.map((t) => t.name)].sort().slice(0, 3));
  });
});

describe('the traits a source states', () => {
  const filled: CustomTraits = {
    name: 'Claire',
    age: 40,
    gender: 'Female',
    occupation: 'Accountant',
    location: 'Paris',
    income: '€3,000/month',
    lifestyle: 'Busy',
    motivations: 'Save time',
    personality: 'Careful',
  };

  it('win over what the engine filled', () => {
    expect(withGivenTraits(filled, { age: 34, location: ' Lyon ' })).toEqual({
      ...filled,
      age: 34,
      location: 'Lyon',
    });
  });
});

describe('a persona composed from the templates', () => {
  it('keeps every stated trait and infers the rest to fit them, not from another life', () => {
    const { traits, safetyScores } = composePersona(
      {
        text: 'A 45-year-old nurse in Lyon',
        given: { age: 45, occupation: 'Nurse', location: 'Lyon' },
      },
      everyPersona,
    );
    expect(traits).toMatchObject({ age: 45, occupation: 'Nurse', location: 'Lyon' });
    // Lyon is in France: a euro income a nurse earns, not the template nurse's dollars.
    expect(traits.income).toMatch(/^€[\d,]+ per year$/);
    expect(traits.lifestyle).toBe('Works as a nurse and lives in Lyon.');
    for (const template of everyPersona) {
      expect(traits.lifestyle).not.toBe(template.lifestyle);
      expect(traits.personality).not.toBe(template.personality);
      expect(traits.motivations).not.toBe(template.motivations);
    }
    const closest = closestTemplates(
      { age: 45, occupation: 'Nurse', location: 'Lyon' },
      everyPersona,
    );
    expect(safetyScores).toEqual(averageSafetyScores(closest));
  });

  it('averages safety scores to one decimal', () => {
    expect(averageSafetyScores([personas.dorothy, personas.marcus, personas.alex])).toEqual({
      economic: 4.3,
      world: 3.7,
      local: 6,
      occupation: 6.3,
    });
  });

  it('names an unnamed customer the same way every time, by gender', () => {
    expect(customerName('a source', 'Female')).toBe(customerName('a source', 'Female'));
    expect(customerName('a source', 'Female')).toMatch(/^\S+ [A-Z]\.$/);
  });

  it('the local builder reports the stated fields as given', async () => {
    const { built, usage } = await new LocalPersonaBuilder().build(
      { text: 'Claire, 34', given: { name: 'Claire', age: 34 } },
      everyPersona,
    );
    expect(built.traits.name).toBe('Claire');
    expect(built.givenFields).toEqual(['name', 'age']);
    expect(usage.modelCalls).toBe(0);
  });
});

describe('a customer persona never contradicts what the customer gave', () => {
  const templates = templatePersonas;

  it('an electrician in an English city, whose notes say how he cooks and shops, gets an English life', () => {
    const csv = [
      'name,age,gender,occupation,city,notes',
      'Gareth Hughes,44,M,Electrician,Leeds,"Cooks a big batch of chilli on Sundays and shops at Aldi to keep food spending tight"',
    ].join('\n');
    const parsed = parseCustomerCsv(csv);
    expect(parsed.ok).toBe(true);
    const row = parsed.ok ? parsed.rows[0]! : undefined;
    const { traits } = composePersona({ text: row!.sourceText, given: row!.given }, templates);
    expect(traits).toMatchObject({
      name: 'Gareth Hughes',
      age: 44,
      gender: 'Male',
      occupation: 'Electrician',
      location: 'Leeds',
    });
    // The notes are his lifestyle, in the business's words.
    expect(traits.lifestyle).toContain('shops at Aldi to keep food spending tight');
    // Pounds, and a modest amount for someone who keeps food spending tight.
    expect(traits.income).toMatch(/^£[\d,]+ per year$/);
    const yearly = Number(traits.income.replace(/[^\d]/g, ''));
    expect(yearly).toBeGreaterThan(15_000);
    expect(yearly).toBeLessThanOrEqual(33_000);
    expect(traits.personality).toMatch(/careful with money/i);
    const whole = Object.values(traits).join(' ');
    expect(whole).not.toMatch(/farm|hectare|mobile money|quality|premium/i);
    // The engine reads him as price-sensitive.
    expect(
      readPersona({ personaId: 'g', ...traits, gender: traits.gender ?? '' }).traits.has(
        'priceConscious',
      ),
    ).toBe(true);
  });

  it('a nurse described as keeping her food spending tight gets a modest income and price-sensitive values', () => {
    const description = 'A 38-year-old nurse in Phoenix keeping her food spending tight';
    const { traits, safetyScores } = composePersona(
      { text: description, given: parseDescriptionFacts(description) },
      templates,
    );
    expect(traits).toMatchObject({ age: 38, occupation: 'Nurse', location: 'Phoenix' });
    expect(traits.lifestyle).toBe('Keeping her food spending tight');
    const income = readIncome(traits.income);
    expect(income.currency?.code).toBe('USD');
    expect(income.yearlyUsd!).toBeLessThan(60_000);
    expect(traits.personality).not.toMatch(/pay for quality|premium/i);
    expect(`${traits.motivations} ${traits.personality}`).toMatch(/value for money|budget/i);
    expect(safetyScores.economic).toBeLessThanOrEqual(5);
  });

  it.each([
    ['Bristol, UK', /^£/],
    ['Edinburgh, Scotland', /^£/],
    ['Munich', /^€/],
    ['Toronto, Canada', /^CA\$/],
    ['Bengaluru', /^₹/],
    ['Portland, Oregon, USA', /^\$/],
  ])('a persona living in %s is paid in its currency', (location, currency) => {
    const { traits } = composePersona(
      { text: `An accountant in ${location}`, given: { occupation: 'Accountant', location } },
      templates,
    );
    expect(traits.income).toMatch(currency);
  });

  it.each([
    [
      'Retired teacher in Porto, 67, on a small pension, loves gardening',
      { occupation: 'Retired teacher', age: 67, lifestyle: 'Loves gardening' },
      /^€[\d,]+ per year \(pension\)$/,
      (income: number) => income < 35_000,
    ],
    [
      'A wealthy lawyer in London who eats out most nights and only buys premium brands',
      { location: 'London' },
      /^£[\d,]+ per year$/,
      (income: number) => income > 66_000,
    ],
    [
      'Farmer in Iowa, 58, with a family of five',
      { occupation: 'Farmer', age: 58, location: 'Iowa' },
      /^\$[\d,]+ per year$/,
      (income: number) => income < 60_000,
    ],
  ])('%s: the inferred traits fit what it says', (description, stated, currency, fits) => {
    const given = parseDescriptionFacts(description);
    const { traits, safetyScores } = composePersona({ text: description, given }, templates);
    expect(traits).toMatchObject(stated);
    expect(traits.income).toMatch(currency);
    expect(fits(Number(traits.income.replace(/\(.*\)/, '').replace(/[^\d]/g, '')))).toBe(true);
    if (/wealthy/.test(description)) {
      expect(traits.occupation).toMatch(/lawyer/i);
      expect(safetyScores.economic).toBeGreaterThanOrEqual(7);
      expect(traits.personality).not.toMatch(/careful with money/i);
    }
  });

  it('a given income in pounds places an unplaced customer in the United Kingdom', () => {
    const { traits } = composePersona(
      { text: 'earns £28,000 a year', given: { income: '£28,000 a year' } },
      templates,
    );
    expect(traits.location).toMatch(/United Kingdom/);
  });

  it('a CSV with notes: every given trait is kept and the shown traits use the notes', async () => {
    const csv = [
      'name,age,occupation,city,notes',
      'Amy Park,29,Teacher,Manchester,"Vegetarian, cooks from scratch and buys second-hand"',
      'Tom Reid,61,Retired,Glasgow,"Lives alone, budgets every pound of his pension"',
      'Sara Lund,35,Software developer,Bristol,"Busy with two kids, orders takeaway twice a week"',
    ].join('\n');
    const parsed = parseCustomerCsv(csv);
    expect(parsed.ok).toBe(true);
    const rows = parsed.ok ? parsed.rows : [];
    const { outcomes } = await buildAll(
      new LocalPersonaBuilder(),
      rows.map((row) => ({ text: row.sourceText, given: row.given })),
      templates,
    );
    outcomes.forEach((outcome, index) => {
      expect(outcome.ok).toBe(true);
      const built = outcome.ok ? outcome.built : undefined;
      const given = rows[index]!.given;
      for (const field of givenFields(given)) {
        expect(built!.traits[field]).toBe(given[field]);
        expect(built!.givenFields).toContain(field);
      }
      expect(built!.traits.income).toMatch(/^£/);
    });
    const [amy, tom, sara] = outcomes.map((o) => (o.ok ? o.built.traits : undefined));
    expect(amy!.lifestyle).toBe('Vegetarian, cooks from scratch and buys second-hand');
    expect(tom!.personality).toMatch(/careful with money/i);
    expect(sara!.motivations).toMatch(/saving time|family/i);
  });
});

describe("a model's persona", () => {
  const valid = {
    name: 'Camille',
    age: 38,
    gender: null,
    occupation: 'Pharmacist',
    location: 'Lyon',
    income: '€3,100/month',
    lifestyle: 'Cooks.',
    motivations: 'Budget.',
    personality: 'Organised.',
    safetyScores: { economic: 5, world: 6, local: 7, occupation: 8 },
    statedFields: ['location'],
  };
  it.each([
    ['empty', '', 'empty answer'],
    ['not JSON', 'Sure! Here is a persona', 'not JSON'],
    ['a child', JSON.stringify({ ...valid, age: 7 }), 'age:'],
    [
      'a score out of 10',
      JSON.stringify({ ...valid, safetyScores: { ...valid.safetyScores, world: 11 } }),
      'safetyScores.world:',
    ],
    [
      'an unknown stated field',
      JSON.stringify({ ...valid, statedFields: ['iq'] }),
      'statedFields.0:',
    ],
    ['a blank occupation', JSON.stringify({ ...valid, occupation: ' ' }), 'occupation:'],
  ])('refuses %s, saying what is wrong', (_label, content, problem) => {
    const parsed = parseModelPersona(content);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problem).toContain(problem);
  });

  it('takes a valid one', () => {
    expect(parseModelPersona(JSON.stringify(valid))).toEqual({ ok: true, persona: valid });
  });
});

describe('building many', () => {
  it('builds a bounded number at a time; a failed source says why and the rest go on', async () => {
    let running = 0;
    let most = 0;
    const builder = {
      builtBy: 'test',
      async build(source: { text: string; given: object }) {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        if (source.text === 'bad') throw new InferenceFailed('no persona for you');
        return new LocalPersonaBuilder().build({ text: source.text, given: {} }, everyPersona);
      },
    };
    const sources = Array.from({ length: 20 }, (_, i) => ({
      text: i === 3 ? 'bad' : `row ${i}`,
      given: {},
    }));
    const { outcomes } = await buildAll(builder, sources, everyPersona, { concurrency: 4 });
    expect(most).toBe(4);
    expect(outcomes).toHaveLength(20);
    expect(outcomes[3]).toEqual({ ok: false, failure: 'no persona for you' });
    expect(outcomes.filter((o) => o.ok)).toHaveLength(19);
  });
});
