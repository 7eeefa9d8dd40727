// Pricing studies, measured through the API: a study of a price ladder, a
// price range and an NPS question about one offer, asked of 100 personas ×
// 20 draws, from POST /api/products/{id}/studies until every question is
// complete:
//   1. the local engine, embedded run (median of 3);
//   2. a model that takes 500 ms per call, at INFERENCE_CONCURRENCY 16 (the
//      default) and 64: each persona's open answer, then its typed answer;
// with the peak RSS of the process the embedded system runs in; and the
// figures alone (typedResultOf) for each type on 100 and 5,000 personas × 20
// draws, which need no running system and are measured first.
// Run: npm run bench -- studies. Uses DATABASE_URL when set, otherwise an
// embedded PostgreSQL. BENCH_STUDY_MODEL_RUNS (2) runs per concurrency.
// Prints rows; asserts nothing.
import {
  type PersonaTemplateView,
  type PriceRangeDraw,
  type QuestionSpec,
  type StudyView,
  type TypedAnswer,
  type TypedQuestionSpec,
} from '@chorus/contracts';
import { typedResultOf } from '@chorus/research';
import { type FakeRequest, startFakeOpenAI, validAnswer } from '@chorus/persona-inference/testing';
import { randomUUID } from 'node:crypto';
import { type BenchRow, median } from './lib/report';
import { api, customer, withChorus, withDatabaseServer } from './lib/system';

const PANEL = 100;
const DRAWS = 20;
const LOCAL_RUNS = 3;
const MODEL_RUNS = Number(process.env.BENCH_STUDY_MODEL_RUNS ?? 2);
const ADMIN = { email: 'bench-studies-admin@example.com', password: 'bench-admin-password' };

const offer = 'Lantern Pro, a planner that organises a small team’s week';
const ladderPrices = [5, 10, 15, 20, 30, 40, 60];
const specs = {
  ladder: {
    type: 'price_ladder',
    offer,
    currency: 'USD',
    period: 'month',
    prices: ladderPrices,
  },
  range: { type: 'price_range', offer, currency: 'USD', period: 'month', likelihood: true },
  nps: { type: 'nps' },
} satisfies Record<string, TypedQuestionSpec>;

type Who = { token: string; productId: string };

/** Persona templates until the library has `count`, created by the administrator. */
async function libraryOf(base: string, count: number): Promise<void> {
  const { token } = await api<{ token: string }>(base, '/api/admin/login', {
    method: 'POST',
    body: ADMIN,
  });
  const have = await api<PersonaTemplateView[]>(base, '/api/admin/persona-templates', { token });
  for (let n = have.length; n < count; n++) {
    await api(base, '/api/admin/persona-templates', {
      method: 'POST',
      token,
      body: {
        name: `Pricing Persona ${n}`,
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

/** The study's three questions; a new tag each run, or the answer cache would serve a repeat. */
function studyBody(tag: string) {
  const questions: { questionText: string; spec: QuestionSpec }[] = [
    {
      questionText: `Would you buy ${offer} at each of these monthly prices? (${tag})`,
      spec: specs.ladder,
    },
    {
      questionText: `At what monthly price would ${offer} be too cheap, a bargain, expensive, too expensive? (${tag})`,
      spec: specs.range,
    },
    {
      questionText: `How likely are you to recommend ${offer} to a friend or colleague? (${tag})`,
      spec: specs.nps,
    },
  ];
  return { name: `Pricing ${tag}`, offer, questions };
}

interface StudyRun {
  ms: number;
  study: StudyView;
}

/** Posts the study and polls it until every question is complete; answers the milliseconds. */
async function askStudy(base: string, who: Who): Promise<StudyRun> {
  const started = performance.now();
  const asked = await api<StudyView>(base, `/api/products/${who.productId}/studies`, {
    method: 'POST',
    token: who.token,
    body: studyBody(randomUUID().slice(0, 8)),
  });
  for (;;) {
    const study = await api<StudyView>(base, `/api/products/${who.productId}/studies/${asked.id}`, {
      token: who.token,
    });
    const failed = study.questions.find((q) => q.status === 'error');
    if (failed) throw new Error(`study question failed: ${failed.errorReason}`);
    if (study.questions.every((q) => q.status === 'complete')) {
      return { ms: performance.now() - started, study };
    }
    // Each read carries every answer stored so far (300 personas' draws): a
    // tighter loop would take CPU from the system it measures on 2 cores.
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What a finished study says about itself: calls, respondents, draws, when each question completed. */
function summary(study: StudyView) {
  const calls = study.questions.reduce((sum, q) => sum + (q.run?.usage.modelCalls ?? 0), 0);
  const respondents = study.questions.map((q) => q.typedResult?.respondents ?? 0);
  const noAnswer = study.questions.reduce((sum, q) => sum + (q.typedResult?.noAnswer ?? 0), 0);
  const typed = study.questions[0]?.responses[0]?.typed;
  const draws = typed && 'draws' in typed ? typed.draws.length : 0;
  // Stored times, so a question answered after another shows as a later completion.
  const completedAt = study.questions
    .map((q) => ((Date.parse(q.updatedAt) - Date.parse(q.createdAt)) / 1000).toFixed(1))
    .join(' / ');
  return { calls, respondents, noAnswer, draws, completedAt };
}

/** The highest resident set size of this process (the embedded system runs in it) while `run` runs. */
async function peakRss<T>(
  run: () => Promise<T>,
): Promise<{ result: T; startMb: number; peakMb: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, startMb: start / 2 ** 20, peakMb: peak / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}

/** One scenario: a fresh system, 100 personas, `runs` studies one after the other. */
async function scenario(
  server: string,
  env: Record<string, string>,
  runs: number,
  warmUp: boolean,
): Promise<{ runs: StudyRun[]; rss: string }> {
  const { result, startMb, peakMb } = await peakRss(() =>
    withChorus(
      server,
      { env: { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } },
      async (chorus) => {
        await libraryOf(chorus.url, PANEL);
        const who = await customer(chorus.url, PANEL);
        // The first study loads code paths and warms the connections.
        if (warmUp) await askStudy(chorus.url, who);
        const done: StudyRun[] = [];
        for (let run = 0; run < runs; run++) done.push(await askStudy(chorus.url, who));
        return done;
      },
    ),
  );
  return {
    runs: result,
    rss: `peak RSS ${Math.round(peakMb)} MB (${Math.round(startMb)} MB before the system started)`,
  };
}

/** How the fake model is asked: the schema's name says which answer it wants. */
function modelReply(request: FakeRequest, n: number): string {
  const name = request.body.response_format?.json_schema?.name;
  // Replies vary a little by request so the figures are not degenerate.
  const shift = (n % 7) / 20;
  switch (name) {
    case 'typed_price_ladder':
      return JSON.stringify({
        probabilities: ladderPrices.map((price, i) => ({
          price,
          probability: Math.round(Math.max(0, 0.95 - shift - i * 0.13) * 100) / 100,
        })),
      });
    case 'typed_price_range': {
      const base = 5 + (n % 9);
      return JSON.stringify({
        tooCheap: base,
        bargain: base * 2,
        expensive: base * 4,
        tooExpensive: base * 6,
        buyAtBargain: 0.8 - shift,
        buyAtExpensive: 0.3 - shift / 2,
      });
    }
    case 'typed_nps': {
      const peak = 4 + (n % 7);
      const weights = Array.from({ length: 11 }, (_, score) => 1 / (1 + Math.abs(score - peak)));
      const total = weights.reduce((sum, w) => sum + w, 0);
      return JSON.stringify({
        probabilities: weights.map((w, score) => ({ score, probability: w / total })),
      });
    }
    case 'wording_verdict':
      return JSON.stringify({ leading: false, kinds: [], reason: 'Neutral wording.' });
    default:
      return validAnswer();
  }
}

// ---------------------------------------------------------------------------
// The figures alone.

/** A seeded generator (mulberry32): the same answers every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function syntheticAnswers(type: TypedQuestionSpec['type'], personas: number): TypedAnswer[] {
  const next = random(personas * 31 + type.length);
  const answers: TypedAnswer[] = [];
  for (let p = 0; p < personas; p++) {
    if (type === 'price_ladder') {
      let running = 1;
      const buyProbability = ladderPrices.map(() => (running = running * (0.6 + 0.4 * next())));
      const draws = Array.from({ length: DRAWS }, () => {
        const u = next();
        return buyProbability.filter((probability) => probability > u).length;
      });
      answers.push({ type, buyProbability, draws, noAnswer: 0 });
    } else if (type === 'price_range') {
      const draws: PriceRangeDraw[] = Array.from({ length: DRAWS }, () => {
        const tooCheap = 2 + 8 * next();
        const bargain = tooCheap * (1.3 + next());
        const expensive = bargain * (1.5 + next());
        return {
          tooCheap,
          bargain,
          expensive,
          tooExpensive: expensive * (1.3 + next()),
          buyAtBargain: next(),
          buyAtExpensive: next() / 2,
        };
      });
      answers.push({ type, draws, outOfOrder: 0, noAnswer: 0 });
    } else {
      const lean = next() * 10;
      const draws = Array.from({ length: DRAWS }, () =>
        Math.max(0, Math.min(10, Math.round(lean + (next() - 0.5) * 4))),
      );
      answers.push({ type: 'nps', draws, noAnswer: 0 });
    }
  }
  return answers;
}

function figuresAlone(): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const personas of [PANEL, 5_000]) {
    const repeats = personas === PANEL ? 20 : 5;
    for (const spec of [specs.ladder, specs.range, specs.nps] as TypedQuestionSpec[]) {
      const answers = syntheticAnswers(spec.type, personas);
      // A long-running catalog has its code optimised: one call is not enough to get there.
      for (let n = 0; n < (personas === PANEL ? 10 : 2); n++) {
        typedResultOf(spec, answers, 1_000 + n);
      }
      const times: number[] = [];
      for (let n = 0; n < repeats; n++) {
        const started = performance.now();
        typedResultOf(spec, answers, n + 2);
        times.push(performance.now() - started);
      }
      rows.push({
        area: 'studies',
        metric: `figures alone: typedResultOf ${spec.type}, ${personas.toLocaleString('en')} personas × ${DRAWS} draws`,
        value: Math.round(median(times) * 10) / 10,
        unit: 'ms',
        note: `median of ${repeats} (max ${Math.round(Math.max(...times) * 10) / 10} ms); bootstrap intervals included`,
      });
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------

const studyLabel = `study of 3 (price ladder, price range, NPS), ${PANEL} personas × ${DRAWS} draws`;

function runsNote(runs: StudyRun[]): string {
  const times = runs.map((r) => Math.round(r.ms));
  return runs.length > 1 ? `median of ${runs.length} (${times.join(', ')} ms)` : '1 run';
}

function checked(runs: StudyRun[]): ReturnType<typeof summary> {
  const last = summary(runs[runs.length - 1]!.study);
  if (last.respondents.some((r) => r !== PANEL)) {
    throw new Error(`respondents ${last.respondents.join('/')}, expected ${PANEL} each`);
  }
  return last;
}

export async function measure(): Promise<BenchRow[]> {
  // The figures first, before the system's heap and timers share the process.
  const figures = figuresAlone();
  const rows: BenchRow[] = [];
  await withDatabaseServer(async (server) => {
    const local = await scenario(server, {}, LOCAL_RUNS, true);
    const localSummary = checked(local.runs);
    rows.push({
      area: 'studies',
      metric: `POST -> every question complete, ${studyLabel}, local engine (embedded)`,
      value: Math.round(median(local.runs.map((r) => r.ms))),
      unit: 'ms',
      note: `${runsNote(local.runs)}; ${localSummary.calls} model calls; ${localSummary.draws} draws per persona; questions complete ${localSummary.completedAt} s after the POST (last run); ${local.rss}`,
    });

    const model = await startFakeOpenAI((request, n) => ({
      delayMs: 500,
      content: modelReply(request, n),
    }));
    try {
      for (const concurrency of [16, 64]) {
        const before = model.requests.length;
        const result = await scenario(
          server,
          {
            OPENAI_API_KEY: 'bench',
            OPENAI_BASE_URL: model.url,
            OPENAI_MODEL: 'gpt-4o-mini',
            INFERENCE_CONCURRENCY: String(concurrency),
          },
          MODEL_RUNS,
          false,
        );
        const seen = checked(result.runs);
        const served = (model.requests.length - before) / result.runs.length;
        rows.push({
          area: 'studies',
          metric: `POST -> every question complete, ${studyLabel}, model at 500 ms/call, INFERENCE_CONCURRENCY=${concurrency}`,
          value: Math.round(median(result.runs.map((r) => r.ms))),
          unit: 'ms',
          note: `${runsNote(result.runs)}; ${seen.calls} model calls per study (the server saw ${Math.round(served)}): an open and a typed answer per persona and question, one after the other; draws unanswered ${seen.noAnswer}; questions complete ${seen.completedAt} s after the POST (last run); ${result.rss}`,
        });
      }
    } finally {
      await model.close();
    }
  });
  return [...rows, ...figures];
}
