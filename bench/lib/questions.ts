import type { PersonaTemplateView, QuestionView } from '@chorus/contracts';
import type { RunningChorus } from '@chorus/launcher';
import { startFakeOpenAI, validAnswer } from '@chorus/persona-inference/testing';
import { api, customer, withChorus, withDatabaseServer } from './system';

// What the question benches set up through the API: the whole system with a
// fake model answering, a persona library the administrator fills, a paying
// customer with a panel of personas, and a question asked and polled until it
// is answered.

interface Admin {
  email: string;
  password: string;
}

export interface Customer {
  token: string;
  productId: string;
}

/** The environment of a run whose personas answer through the fake model at `modelUrl`. */
function modelEnv(modelUrl: string, concurrency: number, admin: Admin): Record<string, string> {
  return {
    OPENAI_API_KEY: 'bench',
    OPENAI_BASE_URL: modelUrl,
    OPENAI_MODEL: 'gpt-4o-mini',
    INFERENCE_CONCURRENCY: String(concurrency),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
}

/**
 * Persona templates until the library has `count`, created by the
 * administrator; the new ones are named `${namePrefix} ${n}`.
 */
async function libraryOf(
  base: string,
  admin: Admin,
  count: number,
  namePrefix: string,
): Promise<void> {
  const { token } = await api<{ token: string }>(base, '/api/admin/login', {
    method: 'POST',
    body: admin,
  });
  const have = await api<PersonaTemplateView[]>(base, '/api/admin/persona-templates', { token });
  for (let n = have.length; n < count; n++) {
    await api(base, '/api/admin/persona-templates', {
      method: 'POST',
      token,
      body: {
        name: `${namePrefix} ${n}`,
        age: 20 + (n % 60),
        gender: ['Female', 'Male', 'Non-binary'][n % 3],
        occupation: ['Nurse', 'Teacher', 'Software Engineer', 'Accountant', 'Designer'][n % 5],
        location: 'Leeds, UK',
        income: `£${20 + (n % 8) * 10},000 per year`,
        lifestyle: 'Busy weekdays, quiet weekends',
        motivations: 'Saving time and money',
        personality: 'Practical and careful',
        safetyScores: { economic: 50, world: 50, local: 60, occupation: 55 },
        isActive: true,
      },
    });
  }
}

/**
 * The whole system on a fresh database, its personas answered by a fake model
 * that takes `modelDelayMs` a call, `panel` calls at once; `run` gets it and a
 * customer whose product has `panel` personas from the administrator's library
 * (templates named `${personaName} ${n}`).
 */
export async function withQuestionSystem<T>(
  options: { modelDelayMs: number; panel: number; admin: Admin; personaName: string },
  run: (chorus: RunningChorus, who: Customer) => Promise<T>,
): Promise<T> {
  const { modelDelayMs, panel, admin, personaName } = options;
  const model = await startFakeOpenAI(() => ({ delayMs: modelDelayMs, content: validAnswer() }));
  try {
    return await withDatabaseServer((server) =>
      withChorus(server, { env: modelEnv(model.url, panel, admin) }, async (chorus) => {
        await libraryOf(chorus.url, admin, panel, personaName);
        return run(chorus, await customer(chorus.url, panel));
      }),
    );
  } finally {
    await model.close();
  }
}

/**
 * Asks and polls (every `pollMs`, 5 ms unless told) until complete; answers
 * the question and the milliseconds from the POST.
 */
export async function ask(
  base: string,
  who: Customer,
  questionText: string,
  options: { checkWording?: boolean; pollMs?: number } = {},
): Promise<{ ms: number; question: QuestionView }> {
  const { checkWording = false, pollMs = 5 } = options;
  const started = performance.now();
  const asked = await api<QuestionView>(base, `/api/products/${who.productId}/questions`, {
    method: 'POST',
    token: who.token,
    body: { questionText, checkWording },
  });
  for (;;) {
    const found = await api<QuestionView>(
      base,
      `/api/products/${who.productId}/questions/${asked.id}`,
      { token: who.token },
    );
    if (found.status === 'complete') return { ms: performance.now() - started, question: found };
    if (found.status === 'error') throw new Error(`question failed: ${found.errorReason}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
