import { businessContext, chosenPersonas, MAX_FACT_LENGTH } from '../src/domain/persona-context';

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

describe('chosenPersonas', () => {
  const personas = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it.each([
    ['every persona when none is named', [], ['a', 'b', 'c']],
    ['the named ones in the order asked', ['c', 'a'], ['c', 'a']],
    ['a repeated id once', ['b', 'b'], ['b']],
    ['nothing when an id is not one of them', ['a', 'z'], undefined],
  ])('answers %s', (_what, ids, expected) => {
    expect(chosenPersonas(personas, ids)?.map((p) => p.id)).toEqual(expected);
  });
});
