import { check, sleep } from 'k6';
import { Trend } from 'k6/metrics';
import { type Account, password, register, uniqueEmail } from './lib/account.ts';
import { Api, bodyOf, stringField } from './lib/api.ts';

/** Seconds from asking a question until every persona has answered (the user's wait). */
const questionAnswered = new Trend('question_answered_seconds');

/** A person reads a page before the next click. */
function think(): void {
  sleep(1 + Math.random() * 2);
}

/** The products page, one product and its personas and profile. */
export function browseProducts(account: Account): void {
  const api = new Api('browse-products').withToken(account.token);
  const id = account.productId;
  api.get('/api/products');
  think();
  api.get(`/api/products/${id}`, '/api/products/{id}');
  api.get(`/api/products/${id}/personas`, '/api/products/{id}/personas');
  api.get('/api/persona-templates');
  // No profile yet is a 404 the page expects.
  api.get(
    `/api/products/${id}/business-profile`,
    '/api/products/{id}/business-profile',
    [200, 404],
  );
  think();
}

/** The product dashboard: user, stats, recent questions and roadmaps. */
export function viewDashboard(account: Account): void {
  const api = new Api('view-dashboard').withToken(account.token);
  const id = account.productId;
  api.get('/api/auth/user');
  api.get('/api/products');
  api.get(`/api/products/${id}`, '/api/products/{id}');
  api.get('/api/dashboard/stats');
  api.get(`/api/products/${id}/questions`, '/api/products/{id}/questions');
  api.get(`/api/products/${id}/roadmaps`, '/api/products/{id}/roadmaps');
  think();
}

const QUESTIONS = [
  'Would you pay more for a version with priority support?',
  'How would a mobile app change the way you use our product?',
  'What would make you recommend us to a colleague this month?',
  'Should onboarding be a guided tour or a short video?',
];

/** Ask the personas a question and poll every 2 seconds (as the page does) until it is answered. */
export function askQuestion(account: Account): void {
  const api = new Api('ask-question').withToken(account.token);
  const id = account.productId;
  const questionText = QUESTIONS[Math.floor(Math.random() * QUESTIONS.length)]!;
  const asked = Date.now();
  const created = bodyOf(
    api.post(
      `/api/products/${id}/questions`,
      { questionText, productId: id },
      '/api/products/{id}/questions',
    ),
  );
  const questionId = stringField(created, 'id');
  const deadline = asked + 60_000;
  let status: string | undefined = 'pending';
  while (status === 'pending' && Date.now() < deadline) {
    sleep(2);
    const questions = bodyOf(
      api.get(`/api/products/${id}/questions`, '/api/products/{id}/questions'),
    );
    const mine = Array.isArray(questions)
      ? questions.find((q) =>
          questionId
            ? stringField(q, 'id') === questionId
            : stringField(q, 'questionText') === questionText,
        )
      : undefined;
    status = stringField(mine, 'status');
  }
  questionAnswered.add((Date.now() - asked) / 1000, { journey: 'ask-question' });
  check(
    status,
    { 'question answered within 60 s': (s) => s === 'complete' },
    { journey: 'ask-question' },
  );
}

const ROADMAP_YAML = `roadmap:
  name: Load test roadmap
items:
  - title: Single sign-on
    description: SAML and OIDC for larger customers
    priority: P1
    status: planned
    startDate: 2026-01-05
    endDate: 2026-02-27
    tags: [enterprise, security]
  - title: Usage-based pricing
    priority: P2
    status: planned
    startDate: 2026-03-02
    endDate: 2026-04-24
  - title: Mobile app beta
    priority: P3
    status: planned
    startDate: 2026-04-06
    endDate: 2026-06-26
`;

/** Create a roadmap, import items from YAML, open it, then delete it (the product keeps no clutter). */
export function importRoadmap(account: Account): void {
  const api = new Api('roadmap-import').withToken(account.token);
  const id = account.productId;
  const created = bodyOf(
    api.post(
      `/api/products/${id}/roadmaps`,
      {
        name: 'Load test roadmap',
        description: 'Created by the load test',
        timelineType: 'quarterly',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      },
      '/api/products/{id}/roadmaps',
    ),
  );
  const roadmapId = stringField(created, 'id');
  if (!roadmapId) return;
  think();
  api.post(
    `/api/roadmaps/${roadmapId}/import-yaml`,
    { yamlContent: ROADMAP_YAML },
    '/api/roadmaps/{id}/import-yaml',
  );
  api.get(`/api/roadmaps/${roadmapId}`, '/api/roadmaps/{id}');
  think();
  api.del(`/api/roadmaps/${roadmapId}`, '/api/roadmaps/{id}');
}

/** The billing page: products, subscription details, stats, invoices and plans. */
export function viewBilling(account: Account): void {
  const api = new Api('billing-page').withToken(account.token);
  api.get('/api/products');
  api.get('/api/billing/subscription-details');
  api.get('/api/dashboard/stats');
  api.get('/api/billing/history');
  api.get('/api/stripe/products');
  think();
}

/** A newcomer: register (with a product and a test card), sign out, sign in again. */
export function signUpAndSignIn(): void {
  const api = new Api('sign-in');
  const email = uniqueEmail('signup');
  const account = register(api, email);
  if (!account) return;
  const signedIn = api.withToken(account.token);
  signedIn.get('/api/auth/user');
  signedIn.post('/api/auth/logout', undefined);
  think();
  const login = bodyOf(api.post('/api/auth/login', { email, password }, '/api/auth/login', [200]));
  const token = stringField(login, 'token');
  if (token) api.withToken(token).get('/api/auth/user');
}
