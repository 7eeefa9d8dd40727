import { answerJsonSchema, personaPrompt } from '../src/domain/prompt';
import { business, noBusiness, personas } from './fixtures';

describe('the persona prompt', () => {
  const [system, user] = personaPrompt(
    'Would you pay $15 a month for this?',
    personas.rosa,
    business,
  );

  it('puts the model in character with every attribute and safety score', () => {
    expect(system!.role).toBe('system');
    for (const text of [
      'You are Rosa Jiménez.',
      '- Age: 52',
      '- Occupation: Hotel Housekeeping Supervisor',
      '- Location: Cancún, Quintana Roo, Mexico',
      '- Income: MX$168,000 per year',
      '- Lifestyle: Widowed',
      '- Motivations: Keeping her job',
      '- Personality: Hard-working and cautious',
      'economic 3, the wider world 7, your local area 1, your job or business 5',
    ]) {
      expect(system!.content).toContain(text);
    }
  });

  it('asks for words that argue the most likely answer, the opinion the persona will show', () => {
    expect(system!.content).toContain(
      'arguing your most likely answer (the opinion with the highest probability in your distribution)',
    );
  });

  it('starts from neutral and does not tell the persona who asks', () => {
    expect(system!.content).toContain('Start from neutral.');
    expect(system!.content).toContain('You do not know who is asking');
    expect(`${system!.content}\n${user!.content}`).not.toMatch(/\b(your|our) product\b|\bowner\b/i);
  });

  it('gives the product and its profile facts by field name, then the question', () => {
    expect(user).toEqual({
      role: 'user',
      content: [
        'The product: Lantern, Smart lights for the home.',
        'Industry: technology.',
        '',
        'What is known about it:',
        '- Product Name [companyName]: Lantern',
        '- Industry [industry]: technology',
        '- Pricing Models [pricingModels]: Monthly subscription at $29',
        '- Data Collection [dataCollection]: Usage data from the app, opt-in location',
        '',
        'The question: "Would you pay $15 a month for this?"',
      ].join('\n'),
    });
  });

  it('leaves out what is not known', () => {
    const [noGender] = personaPrompt('Is it good?', { ...personas.rosa, gender: '' }, noBusiness);
    expect(noGender!.content).not.toContain('Gender');
    const [, bare] = personaPrompt('Is it good?', personas.rosa, noBusiness);
    expect(bare!.content).toBe('The product: Lantern.\n\nThe question: "Is it good?"');
  });
});

describe('the structured-output schema', () => {
  it('lets the model cite only the profile fields it was given', () => {
    const schema = answerJsonSchema(business);
    expect(schema.properties.grounding.properties.profileFields.items).toEqual({
      type: 'string',
      enum: ['companyName', 'industry', 'dataCollection', 'pricingModels'],
    });
    expect(schema.required).toEqual([
      'distribution',
      'safetyInfluence',
      'response',
      'reasoning',
      'grounding',
    ]);
    expect(schema.additionalProperties).toBe(false);
  });

  it('allows no profile fields when there is no profile', () => {
    expect(answerJsonSchema(noBusiness).properties.grounding.properties.profileFields).toEqual({
      type: 'array',
      items: { type: 'string' },
      maxItems: 0,
    });
  });
});
