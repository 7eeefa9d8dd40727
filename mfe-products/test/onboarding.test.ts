import {
  onboardingAccountStep,
  onboardingIndustry,
  onboardingPlanStep,
  onboardingProductStep,
  onboardingReadyToRegister,
} from '../src/onboarding';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('onboarding step 1: the account', () => {
  const valid = {
    email: 'jamie@example.com',
    password: 'longenough',
    firstName: 'Jamie',
    lastName: 'Rivera',
  };
  it.each([
    [{}, []],
    [{ email: 'not-an-email' }, ['Please enter a valid email address']],
    [{ email: '' }, ['Please enter a valid email address']],
    [{ password: 'short77' }, ['Password must be at least 8 characters']],
    [{ firstName: '  ' }, ['First name is required']],
    [{ lastName: '' }, ['Last name is required']],
  ])('%j -> %j', (change, expected) => {
    expect(messages(onboardingAccountStep.safeParse({ ...valid, ...change }))).toEqual(expected);
  });
});

describe('onboarding step 1: the product', () => {
  it.each([
    [{ name: 'Acme', industry: 'Technology' }, []],
    [{ name: '', industry: 'Technology' }, ['Product name is required']],
    [{ name: 'Acme', industry: '' }, ['Industry is required']],
    [{ name: 'Acme', industry: 'Retail', description: 'Shoes' }, []],
  ])('%j -> %j', (values, expected) => {
    expect(messages(onboardingProductStep.safeParse(values))).toEqual(expected);
  });
});

describe('onboarding step 2: the plan', () => {
  it.each([
    [{ billingCycle: 'monthly' }, []],
    [{ billingCycle: 'annual', couponCode: 'SPRING' }, []],
    [{ billingCycle: '' }, ['Please select a billing plan']],
    [{}, ['Please select a billing plan']],
  ])('%j -> %j', (values, expected) => {
    expect(messages(onboardingPlanStep.safeParse(values))).toEqual(expected);
  });
});

describe('onboardingReadyToRegister', () => {
  const all = {
    email: 'a@b.co',
    password: 'longenough',
    firstName: 'A',
    lastName: 'B',
    name: 'Acme',
    billingCycle: 'monthly',
  };
  it.each([
    [all, true],
    [{ ...all, email: '' }, false],
    [{ ...all, password: undefined }, false],
    [{ ...all, firstName: ' ' }, false],
    [{ ...all, lastName: '' }, false],
    [{ ...all, name: '' }, false],
    [{ ...all, billingCycle: '' }, false],
  ])('%j -> %s', (values, expected) => {
    expect(onboardingReadyToRegister(values)).toBe(expected);
  });
});

describe('onboardingIndustry', () => {
  it.each([
    ['Real Estate', 'real estate'],
    ['', 'general'],
    [undefined, 'general'],
    ['  Technology ', 'technology'],
  ])('%j -> %s', (industry, expected) => {
    expect(onboardingIndustry(industry)).toBe(expected);
  });
});
