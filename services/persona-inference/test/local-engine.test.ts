import { engineAnswerSchema, type Opinion } from '@chorus/contracts';
import { modeOf } from '@chorus/research';
import { answerAs } from '../src/domain/local-reasoning';
import { LocalEngine } from '../src/engines/local';
import { business, everyPersona, noBusiness, type PersonaKey, personas } from './fixtures';

const engine = new LocalEngine();
/** The local reasoning's judgement: its most likely opinion, with the reasons behind it. */
const ask = (questionText: string, key: PersonaKey, context = business) =>
  Promise.resolve(answerAs(questionText, personas[key], context));
const judge = (questionText: string, persona: (typeof everyPersona)[number]) =>
  Promise.resolve(answerAs(questionText, persona, business));

const priceRise = 'We are raising the monthly price from $29 to $49. Would you stay?';
const aiFeature = 'Should we add an AI assistant that plans your week automatically?';
const riskyChange =
  'We plan to move all payments to a new, unproven cryptocurrency provider. How do you feel?';
const delivery = 'Would you use same-day delivery so you never have to visit the store?';
const greenPackaging = 'We are switching to 100% recycled, plastic-free packaging.';
const locationData =
  'Would you share your location data with us in exchange for personalised offers?';
const discount = 'We could offer a 20% discount for annual plans. Would that interest you?';
const premiumTier = 'Should we launch a premium tier with concierge support for $99 a month?';

describe('the local engine leans for reasons a reader can follow', () => {
  it.each<[string, PersonaKey, Opinion, string]>([
    // Price: low income and low economic safety turn a rise down; wealth leaves it neutral.
    [priceRise, 'dorothy', 'negative', 'low economic safety (3/10)'],
    [priceRise, 'alex', 'negative', 'low economic safety (2/10)'],
    [priceRise, 'rosa', 'negative', "about 6% of Rosa's income"],
    [priceRise, 'benjamin', 'neutral', 'a price rise on its own gives nothing back'],
    // Technology: a technologist welcomes an AI feature; a 70-year-old who relies on family for technology does not.
    [aiFeature, 'marcus', 'positive', 'works in technology (software engineer)'],
    [aiFeature, 'noah', 'positive', 'works in technology'],
    [aiFeature, 'dorothy', 'negative', 'at 70, learning new technology is a hurdle'],
    // Risk: cautious, low-safety personas refuse a risky change; a bold one in a safe place does not.
    [riskyChange, 'rosa', 'negative', 'local safety 1/10'],
    [riskyChange, 'elena', 'negative', 'world safety 4/10'],
    [riskyChange, 'alex', 'negative', 'low economic safety (2/10)'],
    [riskyChange, 'noah', 'positive', 'high world and local safety (9/10, 10/10)'],
    // Time: the time-poor welcome delivery; a retiree with time to spare does not care much.
    [delivery, 'elena', 'positive', 'short of time'],
    [delivery, 'benjamin', 'positive', 'short of time'],
    [delivery, 'dorothy', 'neutral', 'retired'],
    // Environment.
    [greenPackaging, 'aisha', 'positive', 'cares about sustainability'],
    [greenPackaging, 'benjamin', 'neutral', 'touches none of the things'],
    // Privacy: the security analyst refuses; a teenager shrugs.
    [locationData, 'samuel', 'negative', 'guards their privacy'],
    [locationData, 'chloe', 'neutral', 'used to trading data'],
    // Discounts help tight budgets, not the wealthy.
    [discount, 'alex', 'positive', 'makes any saving welcome'],
    [discount, 'dorothy', 'positive', 'makes any saving welcome'],
    [discount, 'benjamin', 'neutral', 'lower quality'],
    // A premium option: affordable and wanted by the quality-seeker, out of reach for the student.
    [premiumTier, 'benjamin', 'positive', 'values things that are well made'],
    [premiumTier, 'chloe', 'negative', "about 18% of Chloe's income"],
  ])('%s: %s is %s (%s)', async (question, key, opinion, reason) => {
    const answer = await ask(question, key);
    expect(answer.opinion).toBe(opinion);
    expect(answer.reasoning).toContain(reason);
  });
});

describe('every answer', () => {
  const questions = [
    priceRise,
    aiFeature,
    riskyChange,
    delivery,
    greenPackaging,
    locationData,
    discount,
    premiumTier,
    'What do you think of our new logo?',
  ];

  it('passes the engine answer schema and grounds itself in attributes the persona has', async () => {
    for (const questionText of questions) {
      for (const persona of everyPersona) {
        const { answer, usage } = await engine.answer({ questionText, persona, business, seed: 1 });
        expect(engineAnswerSchema.parse(answer)).toEqual(answer);
        expect(usage).toEqual({ inputTokens: 0, outputTokens: 0, modelCalls: 0 });
        for (const field of answer.grounding.profileFields) {
          expect(business.facts.map((f) => f.field)).toContain(field);
        }
      }
    }
  });

  it('is the same for the same persona, question and business', async () => {
    for (const questionText of questions) {
      expect(await ask(questionText, 'elena')).toEqual(await ask(questionText, 'elena'));
    }
  });

  it('differs between personas: no two give the same response or reasoning', async () => {
    for (const questionText of questions) {
      const answers = await Promise.all(
        everyPersona.map((persona) => judge(questionText, persona)),
      );
      expect(new Set(answers.map((a) => a.response)).size).toBe(answers.length);
      expect(new Set(answers.map((a) => a.reasoning)).size).toBe(answers.length);
    }
  });

  it('splits the personas on every question that touches their circumstances', async () => {
    for (const questionText of questions.slice(0, -1)) {
      const answers = await Promise.all(
        everyPersona.map((persona) => judge(questionText, persona)),
      );
      expect(new Set(answers.map((a) => a.opinion)).size).toBeGreaterThan(1);
    }
  });

  it('gives a distribution whose most likely opinion is the one its reasons lean to', async () => {
    for (const questionText of questions) {
      for (const persona of everyPersona) {
        const answer = await judge(questionText, persona);
        expect(modeOf(answer.distribution)).toBe(answer.opinion);
        const { positive, neutral, negative } = answer.distribution;
        expect(positive + neutral + negative).toBeCloseTo(1, 6);
      }
    }
  });

  it('speaks in character: age, occupation and home town in the first person', async () => {
    const answer = await ask(priceRise, 'dorothy');
    expect(answer.response).toMatch(
      /^[^.]+\. As a 70-year-old retired postal worker and church volunteer in Savannah, /,
    );
    expect(answer.grounding.personaAttributes).toEqual(
      expect.arrayContaining(['safetyScores.economic', 'income']),
    );
    // Low economic safety and the price's share of her pension weigh about equally.
    expect(answer.safetyInfluence).toBe('medium');
  });

  it('names the business-profile fields it weighed', async () => {
    const withProfile = await ask(priceRise, 'alex');
    expect(withProfile.grounding.profileFields).toContain('pricingModels');
    expect(withProfile.reasoning).toContain('pricing models "Monthly subscription at $29"');
    const without = await ask(priceRise, 'alex', noBusiness);
    expect(without.grounding.profileFields).toEqual([]);
  });

  it('reads the target customers from the profile', async () => {
    const forSeniors = {
      ...business,
      facts: [
        ...business.facts,
        {
          field: 'customerDemographics',
          label: 'Customer Demographics',
          value: 'Adults aged 60-85',
        },
      ],
    };
    const dorothy = await ask('Would you try our new reading lamp?', 'dorothy', forSeniors);
    const chloe = await ask('Would you try our new reading lamp?', 'chloe', forSeniors);
    expect(dorothy.reasoning).toContain('inside the target customers (60-85)');
    expect(chloe.reasoning).toContain('outside the target customers (60-85)');
    expect(dorothy.grounding.profileFields).toContain('customerDemographics');
  });

  it('stays neutral with modest confidence when nothing in the question touches the persona', async () => {
    const answer = await ask('What do you think of our new logo?', 'benjamin', noBusiness);
    expect(answer.opinion).toBe('neutral');
    expect(answer.confidence).toBeLessThan(0.6);
  });
});
