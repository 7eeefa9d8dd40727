import {
  averageSafetyScores,
  closestTemplates,
  composePersona,
  customerName,
} from '../src/domain/persona-building';
import { buildAll, LocalPersonaBuilder, parseModelPersona } from '../src/engines/persona-builder';
import { InferenceFailed } from '../src/engines/engine';
import { everyPersona, personas } from './fixtures';

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

describe('a persona composed from the templates', () => {
  it('keeps every stated trait and takes the rest from the closest template', () => {
    const { traits, safetyScores } = composePersona(
      {
        text: 'A 45-year-old nurse in Lyon',
        given: { age: 45, occupation: 'Nurse', location: 'Lyon' },
      },
      everyPersona,
    );
    expect(traits).toMatchObject({ age: 45, occupation: 'Nurse', location: 'Lyon' });
    expect(traits.personality).toBe(personas.elena.personality);
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
