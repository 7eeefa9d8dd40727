// Market panels, measured through the API on the embedded run (this
// process, an event bus in PostgreSQL):
//   1. the local engine: a 5,000-persona panel of UK adults built (POST ->
//      ready), an open question and a price ladder asked of it with 20 draws
//      per persona (POST -> complete), the question read back and a page of
//      its persona answers read and searched;
//   2. a model that takes 500 ms per call (an OpenAI-compatible fake) at
//      INFERENCE_CONCURRENCY 128: the same panel built (20 personas per call)
//      and the open question asked of it (one call per persona);
// with the peak RSS of the process the embedded system runs in.
// Run: npm run bench -- panels. Uses DATABASE_URL when set, otherwise an
// embedded PostgreSQL. BENCH_PANEL_SIZE (5000) sets the panel's size.
// Prints rows; asserts nothing.
import type { MarketPanelView, PanelAnswersView, QuestionView } from '@chorus/contracts';
import { defaultReply, startFakeOpenAI } from '@chorus/persona-inference/testing';
import { randomUUID } from 'node:crypto';
import { type BenchRow, median } from './lib/report';
import { api, customer, withChorus, withDatabaseServer } from './lib/system';

const SIZE = Number(process.env.BENCH_PANEL_SIZE ?? 5_000);
const MODEL_CONCURRENCY = 128;

type Who = { token: string; productId: string };

/** The highest resident set size of this process while `run` runs. */
async function peakRss<T>(run: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  try {
    const result = await run();
    return { result, peakMb: Math.round(Math.max(peak, process.memoryUsage.rss()) / 2 ** 20) };
  } finally {
    clearInterval(sampler);
  }
}

/** POST -> ready, with the progress the page would have shown each second. */
async function build(
  base: string,
  who: Who,
): Promise<{ ms: number; panel: MarketPanelView; progress: number[] }> {
  const started = performance.now();
  const drawn = await api<MarketPanelView>(base, `/api/products/${who.productId}/panels`, {
    method: 'POST',
    token: who.token,
    body: { name: 'UK adults', frame: 'uk', size: SIZE },
  });
  const progress: number[] = [];
  let lastSecond = -1;
  for (;;) {
    const panel = await api<MarketPanelView>(
      base,
      `/api/products/${who.productId}/panels/${drawn.id}`,
      { token: who.token },
    );
    if (panel.status === 'failed') throw new Error(`panel failed: ${panel.errorReason}`);
    const second = Math.floor((performance.now() - started) / 1000);
    if (second > lastSecond) {
      progress.push(panel.built);
      lastSecond = second;
    }
    if (panel.status === 'ready') return { ms: performance.now() - started, panel, progress };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** POST -> complete. */
async function ask(
  base: string,
  who: Who,
  panelId: string,
  spec?: unknown,
): Promise<{ ms: number; question: QuestionView }> {
  const started = performance.now();
  const asked = await api<QuestionView>(base, `/api/products/${who.productId}/questions`, {
    method: 'POST',
    token: who.token,
    body: {
      questionText: `Would you order a weekly meal kit at £8 a serving? (${randomUUID().slice(0, 8)})`,
      panelId,
      ...(spec ? { spec } : {}),
    },
  });
  for (;;) {
    const question = await api<QuestionView>(
      base,
      `/api/products/${who.productId}/questions/${asked.id}`,
      { token: who.token },
    );
    if (question.status === 'error') throw new Error(`question failed: ${question.errorReason}`);
    if (question.status === 'complete') return { ms: performance.now() - started, question };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function timed(times: number, run: () => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let n = 0; n < times; n++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return ms;
}

const rounded = (ms: number) => Math.round(ms);
const label = `${SIZE.toLocaleString('en')} personas`;

async function localScenario(server: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const { result, peakMb } = await peakRss(() =>
    withChorus(server, {}, async (chorus) => {
      const who = await customer(chorus.url, 0);
      const built = await build(chorus.url, who);
      const open = await ask(chorus.url, who, built.panel.id);
      const ladder = await ask(chorus.url, who, built.panel.id, {
        type: 'price_ladder',
        offer: 'A weekly family meal kit',
        currency: 'GBP',
        period: 'week',
        prices: [4, 6, 8, 10, 12, 15],
      });
      const id = open.question.id;
      const read = await timed(10, () =>
        api(chorus.url, `/api/products/${who.productId}/questions/${id}`, { token: who.token }),
      );
      const list = await timed(10, () =>
        api(chorus.url, `/api/products/${who.productId}/questions`, { token: who.token }),
      );
      const page = await timed(10, () =>
        api<PanelAnswersView>(
          chorus.url,
          `/api/products/${who.productId}/questions/${id}/panel-answers?page=100&pageSize=25`,
          { token: who.token },
        ),
      );
      const search = await timed(10, () =>
        api<PanelAnswersView>(
          chorus.url,
          `/api/products/${who.productId}/questions/${id}/panel-answers?search=price&opinion=negative`,
          { token: who.token },
        ),
      );
      return { built, open, ladder, read, list, page, search };
    }),
  );
  const { built, open, ladder } = result;
  rows.push(
    {
      area: 'panels',
      metric: `build a panel of ${label}, local engine (embedded): POST -> ready`,
      value: rounded(built.ms),
      unit: 'ms',
      note: `built each second: ${built.progress.join(', ')}; design effect ${built.panel.weights?.designEffect.toFixed(2)}`,
    },
    {
      area: 'panels',
      metric: `open question to ${label} × 20 draws, local engine (embedded): POST -> complete`,
      value: rounded(open.ms),
      unit: 'ms',
      note: `${open.question.panel?.answered} answered; weighted positive ${Math.round((open.question.panel?.weighted?.positive.share ?? 0) * 100)} %`,
    },
    {
      area: 'panels',
      metric: `price ladder (6 prices) to ${label} × 20 draws, local engine (embedded): POST -> complete`,
      value: rounded(ladder.ms),
      unit: 'ms',
      note: `${ladder.question.typedResult?.respondents} respondents`,
    },
    {
      area: 'panels',
      metric: `GET the answered ${label} question`,
      value: rounded(median(result.read)),
      unit: 'ms',
      note: `median of 10 (max ${rounded(Math.max(...result.read))} ms); no per-persona answers in it`,
    },
    {
      area: 'panels',
      metric: `GET the product's questions (two ${label} questions among them)`,
      value: rounded(median(result.list)),
      unit: 'ms',
      note: `median of 10 (max ${rounded(Math.max(...result.list))} ms)`,
    },
    {
      area: 'panels',
      metric: 'GET page 100 of the persona answers (25 a page)',
      value: rounded(median(result.page)),
      unit: 'ms',
      note: `median of 10 (max ${rounded(Math.max(...result.page))} ms)`,
    },
    {
      area: 'panels',
      metric: 'GET the persona answers searched for a word, negative only',
      value: rounded(median(result.search)),
      unit: 'ms',
      note: `median of 10 (max ${rounded(Math.max(...result.search))} ms)`,
    },
    {
      area: 'panels',
      metric: 'peak RSS of the embedded run during the local scenario',
      value: peakMb,
      unit: 'MB',
      note: 'the whole process: the system, PostgreSQL clients and this bench',
    },
  );
  return rows;
}

async function modelScenario(server: string): Promise<BenchRow[]> {
  const model = await startFakeOpenAI((request) => ({ ...defaultReply(request), delayMs: 500 }));
  try {
    const { result, peakMb } = await peakRss(() =>
      withChorus(
        server,
        {
          env: {
            OPENAI_API_KEY: 'bench',
            OPENAI_BASE_URL: model.url,
            OPENAI_MODEL: 'gpt-4o-mini',
            INFERENCE_CONCURRENCY: String(MODEL_CONCURRENCY),
          },
        },
        async (chorus) => {
          const who = await customer(chorus.url, 0);
          const before = model.requests.length;
          const built = await build(chorus.url, who);
          const buildCalls = model.requests.length - before;
          const open = await ask(chorus.url, who, built.panel.id);
          return { built, buildCalls, open, askCalls: model.requests.length - before - buildCalls };
        },
      ),
    );
    return [
      {
        area: 'panels',
        metric: `build a panel of ${label}, model at 500 ms/call, INFERENCE_CONCURRENCY=${MODEL_CONCURRENCY}: POST -> ready`,
        value: rounded(result.built.ms),
        unit: 'ms',
        note: `${result.buildCalls} model calls (20 personas each); built each second: ${result.built.progress.join(', ')}`,
      },
      {
        area: 'panels',
        metric: `open question to ${label} × 20 draws, model at 500 ms/call, INFERENCE_CONCURRENCY=${MODEL_CONCURRENCY}: POST -> complete`,
        value: rounded(result.open.ms),
        unit: 'ms',
        note: `${result.askCalls} model calls; ${result.open.question.panel?.answered} answered; peak RSS ${peakMb} MB`,
      },
    ];
  } finally {
    await model.close();
  }
}

export async function measure(): Promise<BenchRow[]> {
  return withDatabaseServer(async (server) => [
    ...(await localScenario(server)),
    ...(await modelScenario(server)),
  ]);
}
