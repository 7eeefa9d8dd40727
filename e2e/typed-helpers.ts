import type {
  QuestionLinkResultsView,
  QuestionLinkView,
  QuestionView,
  StudyView,
  TypedQuestionSpec,
} from '@chorus/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The API steps and page measures the typed questions' browser tests share:
 * a product with personas, questions and studies asked through the API,
 * their answers awaited, and a study shared with people.
 */

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 800 };

export async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request[method](path, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A new account's only product, with the first `personas` templates selected. */
export async function productWithPersonas(
  request: APIRequestContext,
  token: string,
  personas: number,
): Promise<string> {
  const [product] = await call<{ id: string }[]>(request, token, 'get', '/api/products');
  const productId = product!.id;
  const templates = await call<{ id: string }[]>(request, token, 'get', '/api/persona-templates');
  expect(templates.length).toBeGreaterThanOrEqual(personas);
  for (const template of templates.slice(0, personas)) {
    await call(request, token, 'post', `/api/products/${productId}/personas`, {
      templateId: template.id,
    });
  }
  return productId;
}

export const offer = 'Tidy Pro, a planner for small teams';

/** One question of every type, asked the way a customer would word it. */
export const questionsOfEveryType = {
  scale: {
    questionText: 'How useful would a shared weekly plan be to your team?',
    spec: { type: 'scale', points: 5, lowLabel: 'Not useful at all', highLabel: 'Very useful' },
  },
  nps: {
    questionText: 'How likely are you to recommend Tidy Pro to a friend or colleague?',
    spec: { type: 'nps' },
  },
  single_choice: {
    questionText: 'Which channel do you prefer for getting help with a planner?',
    spec: { type: 'single_choice', options: ['Email', 'Live chat', 'Phone call'] },
  },
  multiple_choice: {
    questionText: 'Which of these do you already use to plan your work?',
    spec: {
      type: 'multiple_choice',
      options: ['Paper notebook', 'Calendar app', 'Spreadsheet'],
      noneOption: true,
    },
  },
  number: {
    questionText: 'How many hours a week do you spend planning your work?',
    spec: { type: 'number', unit: 'hours a week', min: 0, max: 40 },
  },
  ranking: {
    questionText: 'Put these planner features in order of importance to you.',
    spec: { type: 'ranking', items: ['Reminders', 'Shared boards', 'Time tracking'] },
  },
  maxdiff: {
    questionText: 'Which of these matters most to you in a planner, and which least?',
    spec: {
      type: 'maxdiff',
      items: ['Low price', 'Mobile app', 'Integrations', 'Offline mode', 'Good support'],
      perSet: 4,
    },
  },
  price_ladder: {
    questionText: 'Would you buy Tidy Pro, a planner for small teams, at this price?',
    spec: {
      type: 'price_ladder',
      offer,
      currency: 'USD',
      period: 'month',
      prices: [9, 19, 29, 39],
    },
  },
  price_range: {
    questionText: 'What would you pay each month for Tidy Pro, a planner for small teams?',
    spec: { type: 'price_range', offer, currency: 'USD', period: 'month', likelihood: true },
  },
} satisfies Record<
  TypedQuestionSpec['type'],
  { questionText: string; spec: Record<string, unknown> & { type: TypedQuestionSpec['type'] } }
>;

export async function askTyped(
  request: APIRequestContext,
  token: string,
  productId: string,
  question: { questionText: string; spec: unknown },
): Promise<QuestionView> {
  return call<QuestionView>(request, token, 'post', `/api/products/${productId}/questions`, {
    productId,
    ...question,
  });
}

/** Waits until every question of the product is answered (none pending, processing or in error). */
export async function awaitAllComplete(
  request: APIRequestContext,
  token: string,
  productId: string,
  expected: number,
): Promise<QuestionView[]> {
  let questions: QuestionView[] = [];
  await expect
    .poll(
      async () => {
        questions = await call<QuestionView[]>(
          request,
          token,
          'get',
          `/api/products/${productId}/questions`,
        );
        return questions.map((q) => q.status);
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toEqual(Array.from({ length: expected }, () => 'complete'));
  return questions;
}

export async function createStudy(
  request: APIRequestContext,
  token: string,
  productId: string,
  name: string,
  questions: readonly { questionText: string; spec: unknown }[],
): Promise<StudyView> {
  return call<StudyView>(request, token, 'post', `/api/products/${productId}/studies`, {
    name,
    offer,
    questions,
  });
}

/** A link to a study, as the owner makes it: where people answer, as a path on this system. */
export async function shareStudy(
  request: APIRequestContext,
  token: string,
  productId: string,
  studyId: string,
): Promise<{ id: string; path: string }> {
  const link = await call<QuestionLinkView>(
    request,
    token,
    'post',
    `/api/products/${productId}/studies/${studyId}/share-links`,
    {},
  );
  expect(link.url).toMatch(/\/survey\/[A-Za-z0-9_-]{32,64}$/);
  return { id: link.id, path: new URL(link.url!, 'http://localhost').pathname };
}

export async function linkResults(
  request: APIRequestContext,
  token: string,
  productId: string,
  linkId: string,
): Promise<QuestionLinkResultsView> {
  return call<QuestionLinkResultsView>(
    request,
    token,
    'get',
    `/api/products/${productId}/question-links/${linkId}/results`,
  );
}

/** How wide the document is, and what sticks out past the screen's right edge, for the failure message. */
export async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= limit + 1) continue;
      // Only the outermost offender of a branch: its children follow it.
      const parent = element.parentElement?.getBoundingClientRect();
      if (parent && parent.right > limit + 1) continue;
      culprits.push(
        `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)} (${Math.round(box.right)} px)`,
      );
    }
    return { width: document.documentElement.scrollWidth, culprits: culprits.slice(0, 5) };
  });
}

/** Nothing on the page is wider than the screen, so nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const screen = page.viewportSize()!.width;
  const { width, culprits } = await overflow(page);
  expect(
    width,
    `${where} is ${width} px wide on a ${screen} px screen: ${culprits.join('; ')}`,
  ).toBeLessThanOrEqual(screen);
}

/** A question's card on the questions page, a study's page or a link's results. */
export function questionArticle(page: Page | Locator, questionText: string): Locator {
  return page.getByRole('article', { name: questionText, exact: true });
}

/** A question of the public survey page: its fieldset, named by its number and text. */
export function surveyQuestion(page: Page, questionText: string): Locator {
  return page.getByRole('group', { name: new RegExp(`^\\d+\\. ${escapeRegExp(questionText)}$`) });
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
