import exec from 'k6/execution';
import { Api, bodyOf, isRecord, stringField } from './api.ts';

export interface Account {
  email: string;
  token: string;
  productId: string;
}

export const password = 'load-test-password-1';

/** A unique address per run, virtual user and purpose, so runs never collide. */
export function uniqueEmail(purpose: string): string {
  const run = __ENV.RUN_ID ?? String(Date.now());
  return `load+${run}-${purpose}-vu${exec.vu.idInTest}-${exec.vu.iterationInScenario}@example.test`;
}

/** Registers an account with its first product, as the landing page's dialog does. */
export function register(api: Api, email: string): Account | undefined {
  const response = api.post(
    '/api/auth/register',
    {
      email,
      password,
      firstName: 'Load',
      lastName: `Tester ${exec.vu.idInTest}`,
      productName: `Load product ${exec.vu.idInTest}`,
      productDescription: 'A product created by the load test.',
      industry: 'Software',
      billingCycle: 'monthly',
      stripeToken: 'pm_card_visa',
    },
    '/api/auth/register',
  );
  const body = bodyOf(response);
  const token = stringField(body, 'token');
  if (!token) return undefined;
  const signedIn = api.withToken(token);
  const product = isRecord(body) ? stringField(body.product, 'id') : undefined;
  const productId = product ?? firstProductId(signedIn);
  if (!productId) return undefined;
  addPersonas(signedIn, productId, 3);
  return { email, token, productId };
}

function firstProductId(api: Api): string | undefined {
  const products = bodyOf(api.get('/api/products'));
  return Array.isArray(products) ? stringField(products[0], 'id') : undefined;
}

/** Questions are asked of the product's personas, so a fresh product gets a few. */
function addPersonas(api: Api, productId: string, count: number): void {
  const templates = bodyOf(api.get('/api/persona-templates'));
  if (!Array.isArray(templates)) return;
  for (const template of templates.slice(0, count)) {
    const templateId = stringField(template, 'id');
    if (templateId) {
      api.post(
        `/api/products/${productId}/personas`,
        { templateId },
        '/api/products/{id}/personas',
      );
    }
  }
}

// One account per virtual user (each VU has its own copy of this module),
// created on its first journey and reused by the rest.
let mine: Account | undefined;

export function accountOfThisUser(): Account | undefined {
  mine ??= register(new Api('setup'), uniqueEmail('user'));
  return mine;
}
