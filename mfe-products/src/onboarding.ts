import { z } from 'zod';
import { authMessages, DEFAULT_INDUSTRY, industryValue, productMessages } from '@chorus/contracts';

/**
 * The onboarding wizard's rules: its first step (account and product), its
 * plan step, and the check made before registering. Its messages differ
 * from the auth dialog's, as the spec says.
 */

const ONBOARDING_MIN_PASSWORD_LENGTH = 8;

export const onboardingMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  allRequired: 'Please fill in all required fields',
} as const;

const required = (message: string) => z.string(message).trim().min(1, message);

/** Step 1 for a new visitor: who they are and their first product. */
export const onboardingAccountStep = z.object({
  email: z.string().trim().pipe(z.email(authMessages.invalidEmail)),
  password: z
    .string(authMessages.onboardingPasswordTooShort)
    .min(ONBOARDING_MIN_PASSWORD_LENGTH, authMessages.onboardingPasswordTooShort),
  firstName: required(onboardingMessages.firstNameRequired).max(100),
  lastName: required(onboardingMessages.lastNameRequired).max(100),
});

/** Step 1's product part (the only part for someone already signed in). */
export const onboardingProductStep = z.object({
  name: required(productMessages.nameRequired).max(200),
  description: z.string().trim().max(2000).default(''),
  industry: required(productMessages.industryRequired).max(100),
});

/** Step 2. */
export const onboardingPlanStep = z.object({
  billingCycle: z.enum(['monthly', 'annual'], productMessages.billingCycleInvalid),
  couponCode: z.string().trim().max(50).default(''),
});

/** Whether everything registration needs is there ("Please fill in all required fields"). */
export function onboardingReadyToRegister(values: {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  name?: string;
  billingCycle?: string;
}): boolean {
  return (['email', 'password', 'firstName', 'lastName', 'name', 'billingCycle'] as const).every(
    (field) => Boolean(values[field]?.trim()),
  );
}

/** The industry onboarding stores: the choice lower-cased, General when none was made. */
export function onboardingIndustry(industry: string | null | undefined): string {
  return industryValue(industry) || DEFAULT_INDUSTRY;
}
