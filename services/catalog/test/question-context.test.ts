import { businessContext, checkedAnswer, MAX_FACT_LENGTH } from '../src/domain/question-context';

const product = { name: 'Lantern', description: 'Smart lights', industry: 'technology' };

describe('businessContext', () => {
  it('tells only answered fields, clipped, with their labels', () => {
    const context = businessContext(product, {
      companyName: 'Lantern Labs',
      industry: 'Home technology',
      pricingModels: `  Monthly\n subscription ${'x'.repeat(MAX_FACT_LENGTH)}`,
      marketShare: '',
      marketShareUnknown: true,
      yearsInOperation: 0,
      yearsInOperationUnknown: true,
    });
    expect(context.facts.map((f) => f.field)).toEqual(['companyName', 'industry', 'pricingModels']);
    const pricing = context.facts.find((f) => f.field === 'pricingModels')!;
    expect(pricing.label).toBe('Pricing Models');
    expect(pricing.value.startsWith('Monthly subscription x')).toBe(true);
    expect(pricing.value).toHaveLength(MAX_FACT_LENGTH);
    expect(pricing.value.endsWith('…')).toBe(true);
  });

  it("falls back on the product's name and industry without a profile", () => {
    expect(businessContext(product, undefined)).toEqual({
      productName: 'Lantern',
      productDescription: 'Smart lights',
      industry: 'technology',
      facts: [
        { field: 'companyName', label: 'Product Name', value: 'Lantern' },
        { field: 'industry', label: 'Industry', value: 'technology' },
      ],
    });
  });
});

describe('checkedAnswer', () => {
  const response = (personaId: string) => ({
    personaId,
    personaName: `Persona ${personaId}`,
    opinion: 'neutral',
    confidence: 0.5,
    safetyInfluence: 'low',
    response: 'Maybe.',
    reasoning: 'Nothing weighs strongly.',
    grounding: { personaAttributes: [], profileFields: [] },
  });
  const results = { positive: 0, neutral: 100, negative: 0, keyInsight: 'All neutral.' };

  it('accepts answers that pass the schema', () => {
    expect(checkedAnswer([response('a'), response('b')], results)).toMatchObject({ ok: true });
  });

  it.each([
    ['no responses', [], results],
    ['the same persona twice', [response('a'), response('a')], results],
    ['no aggregated results', [response('a')], undefined],
  ])('refuses %s', (_what, responses, aggregated) => {
    expect(checkedAnswer(responses, aggregated)).toMatchObject({ ok: false });
  });
});
