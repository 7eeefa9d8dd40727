// Answers a researcher can trust, measured through the API:
//   1. a panel of 100 personas × 20 seeded draws answered by a model that
//      takes 500 ms per call: POST -> complete;
//   2. the same run asked again: answered from the answer cache, POST -> complete;
//   3. what the alarms add to a question, in model calls.
// The leading-question check's figure on its labelled set is the `wording` area.
// Run: npm run bench -- research. Uses DATABASE_URL when set, otherwise an
// embedded PostgreSQL. Prints rows; asserts nothing.
import { type QuestionView } from '@chorus/contracts';
import { checkWording } from '@chorus/research/wording';
import { randomUUID } from 'node:crypto';
import { ask, type Customer, withQuestionSystem } from './lib/questions';
import { type BenchRow, median } from './lib/report';

const PANEL = 100;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

/** Milliseconds from POSTing a follow-up to the first piece of the reply on the stream. */
async function firstToken(base: string, who: Customer, question: QuestionView): Promise<number> {
  const started = performance.now();
  const response = await fetch(
    `${base}/api/products/${who.productId}/questions/${question.id}/follow-ups`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
      body: JSON.stringify({
        personaId: question.responses[0]!.personaId,
        message: `Why do you say that? (${randomUUID().slice(0, 8)})`,
      }),
    },
  );
  if (!response.ok || !response.body) throw new Error(`follow-up: ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let first: number | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (first === undefined && text.includes('event: delta')) first = performance.now() - started;
  }
  if (first === undefined) throw new Error('the follow-up streamed no reply');
  return first;
}

export async function measure(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  await withQuestionSystem(
    // A panel of 100 answered at once: each call waits on the model, not the CPU.
    { modelDelayMs: 500, panel: PANEL, admin: ADMIN, personaName: 'Bench Persona' },
    async (chorus, who) => {
      await ask(chorus.url, who, `Warm-up question ${randomUUID()}`);

      const fresh: number[] = [];
      const cached: number[] = [];
      let calls = 0;
      let draws = 0;
      for (let run = 0; run < 3; run++) {
        const text = `Would you pay $12 a month for a planner that organises your week? (${randomUUID().slice(0, 8)})`;
        const first = await ask(chorus.url, who, text);
        fresh.push(first.ms);
        calls = first.question.run?.usage.modelCalls ?? 0;
        draws = first.question.analysis?.estimate.drawsPerPersona ?? 0;
        const again = await ask(chorus.url, who, text);
        cached.push(again.ms);
        if ((again.question.run?.usage.modelCalls ?? -1) !== 0) {
          throw new Error('the same run asked again called the model');
        }
      }
      rows.push({
        area: 'research',
        metric: `POST -> complete, ${PANEL} personas × ${draws} draws, model at 500 ms/call`,
        value: Math.round(median(fresh)),
        unit: 'ms',
        budget: '< 3000 ms',
        withinBudget: median(fresh) < 3_000,
        note: `median of 3 (max ${Math.round(Math.max(...fresh))} ms); ${calls} model calls per question, INFERENCE_CONCURRENCY=${PANEL}; draws and bootstrap intervals in code`,
      });
      rows.push({
        area: 'research',
        metric: `the same run asked again (answer cache), ${PANEL} personas: POST -> complete`,
        value: Math.round(median(cached)),
        unit: 'ms',
        budget: '< 200 ms',
        withinBudget: median(cached) < 200,
        note: `median of 3 (max ${Math.round(Math.max(...cached))} ms); 0 model calls, $0`,
      });

      // The alarms: the leading-question and echo-chamber checks run in code on the
      // text and the draws; only "Check wording sensitivity" asks the model more.
      const leading = "Wouldn't you love our amazing meal planner?";
      const plain = await ask(chorus.url, who, `${leading} (${randomUUID().slice(0, 8)})`);
      const checked = await ask(chorus.url, who, `${leading} (${randomUUID().slice(0, 8)})`, {
        checkWording: true,
      });
      const base = plain.question.run?.usage.modelCalls ?? 0;
      const withSensitivity = checked.question.run?.usage.modelCalls ?? 0;
      rows.push({
        area: 'research',
        metric: `model calls the alarms add to a question of ${PANEL} personas`,
        value: withSensitivity - base,
        unit: 'calls',
        note: `leading-question check ${checkWording(leading).leading ? 'flagged it' : 'missed it'} with 0 calls (rules on the text); echo chamber 0 (from the draws); wording sensitivity and flattery +${withSensitivity - base} (a neutral and a reversed framing: ${base} -> ${withSensitivity})`,
      });

      // A follow-up interview: the first piece of the streamed reply.
      const firsts: number[] = [];
      for (let run = 0; run < 5; run++) {
        firsts.push(await firstToken(chorus.url, who, plain.question));
      }
      rows.push({
        area: 'research',
        metric: 'follow-up: POST -> first streamed piece of the reply, model 500 ms to first token',
        value: Math.round(median(firsts)),
        unit: 'ms',
        budget: '< 1000 ms',
        withinBudget: median(firsts) < 1_000,
        note: `median of 5 (max ${Math.round(Math.max(...firsts))} ms); catalog stores the message, inference streams over gRPC, the gateway over server-sent events`,
      });
    },
  );
  return rows;
}
