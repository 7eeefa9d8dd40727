import { z } from 'zod';

/** The spec's words for account problems; the gateway answers with them and the browser shows them. */
export const authMessages = {
  missingInformation: 'Missing Information: Please fill in all required fields',
  invalidEmail: 'Please enter a valid email address',
  onboardingPasswordTooShort: 'Password must be at least 8 characters',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordsDontMatch: 'Please make sure both password fields match.',
  emailAndPasswordRequired: 'Email and password are required',
  emailRequired: 'Email is required',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  invalidResetToken: 'This password reset link is invalid or has expired.',
  resetLinkSent: 'If an account exists for that email, a reset link has been sent.',
  passwordUpdated: 'Your password has been updated.',
  unauthorized: 'Unauthorized',
  adminOnly: 'Admin access required',
  tooManyAttempts: 'Too many attempts. Please try again later.',
} as const;

/** Minimum length when a password is set at registration or reset. */
export const MIN_PASSWORD_LENGTH = 6;

/** A string field whose absence, wrong type or blankness all read as `message`. */
export function requiredString(message: string) {
  return z.string(message).trim().min(1, message);
}

const text = z.string().trim();
const requiredText = requiredString(authMessages.missingInformation);

/**
 * Registration from the auth dialog (productName, productDescription) and
 * from onboarding (name, description, couponCode); both become one shape.
 */
export const registerRequest = z
  .object({
    email: requiredText.pipe(z.email(authMessages.invalidEmail)),
    password: z
      .string(authMessages.missingInformation)
      .min(1, authMessages.missingInformation)
      .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort),
    firstName: requiredText.max(100),
    lastName: requiredText.max(100),
    productName: text.max(200).optional(),
    name: text.max(200).optional(),
    productDescription: text.max(2000).optional(),
    description: text.max(2000).optional(),
    industry: text.max(100).optional(),
    billingCycle: text.max(100).optional(),
    stripeToken: text.max(255).optional(),
    couponCode: text.max(50).optional(),
  })
  .transform(({ name, description, ...rest }) => ({
    ...rest,
    productName: rest.productName || name || '',
    productDescription: rest.productDescription || description || '',
  }))
  .refine((value) => value.productName.length > 0, {
    message: authMessages.missingInformation,
    path: ['productName'],
  });
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object({
  email: requiredString(authMessages.emailAndPasswordRequired).max(320),
  password: z
    .string(authMessages.emailAndPasswordRequired)
    .min(1, authMessages.emailAndPasswordRequired)
    .max(1000),
});

export const forgotPasswordRequest = z.object({
  email: requiredString(authMessages.emailRequired).max(320),
});

export const resetPasswordRequest = z.object({
  token: z.string(authMessages.invalidResetToken).min(1, authMessages.invalidResetToken).max(200),
  password: z
    .string(authMessages.passwordTooShort)
    .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort)
    .max(1000),
});

/** What GET /api/auth/user answers. */
export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  friendOfOurs: boolean;
  profileImageUrl: string | null;
  /** True only for the configured administrator e-mail: the top bar shows Admin. */
  isAdmin: boolean;
}
