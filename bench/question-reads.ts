// Reading a question: GET /api/products/{id}/questions/{questionId}.
// The analysis (a 1,000-resample bootstrap of the shares, the alarms and
// notes) is computed once by the catalog when the answers are stored; a read
// maps what is stored. Measured in the same run:
//   1. a read as it was: the read plus analyzeRun on its answers, what the
//      gateway ran for every question state it had not cached;
//   2. a read through the gateway now, the stored analysis in the answer;
//   3. the bootstrap alone.
// Run: npm run bench -- question-reads. Uses DATABASE_URL when set, otherwise an
// embedded PostgreSQL. Prints rows; asserts nothing.
import type { QuestionView } from '@chorus/contracts';
import { analyzeRun } from '@chorus/research';
import { randomUUID } from 'node:crypto';
import { ask, withQuestionSystem } from './lib/questions';
import { type BenchRow, median } from './lib/report';
import { api } from './lib/system';

const PANEL = 100;
const READS = 50;
const ADMIN = { email: 'bench-reads-admin@example.com', password: 'bench-admin-password' };

/** Milliseconds of each call of `step`, `times` times one after the other. */
async function timed(times: number, step: () => unknown): Promise<number[]> {
  const spans: number[] = [];
  for (let n = 0; n < times; n++) {
    const started = performance.now();
    await step();
    spans.push(performance.now() - started);
  }
  return spans;
}

export async function measure(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  await withQuestionSystem(
    { modelDelayMs: 1, panel: PANEL, admin: ADMIN, personaName: 'Reader Persona' },
    async (chorus, who) => {
      const questionText = `Wouldn't you love a planner that organises your week for $12 a month? (${randomUUID().slice(0, 8)})`;
      const { question } = await ask(chorus.url, who, questionText, {
        checkWording: true,
        pollMs: 20,
      });
      if (!question.analysis) throw new Error('the completed question has no analysis');
      const path = `/api/products/${who.productId}/questions/${question.id}`;

      // Before: a read paid the same HTTP and gRPC path plus the bootstrap in
      // the gateway for every question state it had not cached.
      const read = () => api<QuestionView>(chorus.url, path, { token: who.token });
      // Both paths warmed first, so neither pays the compiler's first runs.
      for (let n = 0; n < 5; n++) {
        analyzeRun((await read()).responses, question.run, questionText);
      }
      const before = await timed(READS, async () => {
        const found = await read();
        analyzeRun(found.responses, found.run, questionText);
      });
      // After: the read as it is now, the analysis read as stored.
      const after = await timed(READS, async () => {
        const found = await read();
        if (JSON.stringify(found.analysis) !== JSON.stringify(question.analysis)) {
          throw new Error('a read answered another analysis than the stored one');
        }
      });
      const bootstrap = await timed(READS, () =>
        analyzeRun(question.responses, question.run, questionText),
      );

      const draws = question.analysis.estimate.drawsPerPersona;
      const ms = (spans: number[]) => Math.round(median(spans) * 10) / 10;
      const spread = (spans: number[]) =>
        `median of ${READS} (max ${Math.max(...spans).toFixed(1)} ms)`;
      rows.push({
        area: 'question-reads',
        metric: `before: GET /api/products/{id}/questions/{questionId}, the bootstrap re-run per read (${PANEL} personas × ${draws} draws, wording check on)`,
        value: ms(before),
        unit: 'ms',
        note: `${spread(before)}; the read below plus analyzeRun on its answers, as the gateway ran it for every question state not in its cache of 2,000 (a restart, another replica, a new run)`,
      });
      rows.push({
        area: 'question-reads',
        metric: `after: GET /api/products/{id}/questions/{questionId}, the analysis read as stored (${PANEL} personas)`,
        value: ms(after),
        unit: 'ms',
        note: `${spread(after)}; gateway and catalog over gRPC, nothing computed; the bootstrap ran once, in the catalog, when the answers were stored, and every read answers that analysis`,
      });
      rows.push({
        area: 'question-reads',
        metric: `the bootstrap alone (analyzeRun: 1,000 resamples, alarms, notes; ${PANEL} personas × ${draws} draws)`,
        value: ms(bootstrap),
        unit: 'ms',
        note: `${spread(bootstrap)}; CPU that blocked the gateway's event loop for every other request while it ran`,
      });
    },
  );
  return rows;
}
