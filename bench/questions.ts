// Measures the question flow, from POST to `complete`:
//   1. 10 personas, local engine, embedded run (in-memory bus);
//   2. 10 personas, a model server that takes 500 ms per call (concurrent answers);
//   3. 100 questions asked at once on 3 inference workers over Kafka (the test
//      broker): completed, lost, answered twice, wall time.
// Run: npm run bench -- questions (or alone: node -C @chorus/source -r @swc-node/register bench/questions.ts)
// Uses DATABASE_URL when set, otherwise an embedded PostgreSQL in a temporary
// folder. Prints a table; asserts nothing.
/* eslint-disable no-console -- a command-line report */
import type { QuestionView } from '@chorus/contracts';
import { startKafkaTestBroker } from '@chorus/kafka-test-broker';
import {
  LocalEngine,
  type PersonaQuestion,
  readInferenceConfig,
  startPersonaInference,
} from '@chorus/persona-inference';
import { startFakeOpenAI, validAnswer } from '@chorus/persona-inference/testing';
import { decodeEnvelope, type EventBus, KafkaEventBus, Topics } from '@chorus/service-kit';
import { randomUUID } from 'node:crypto';
import type { BenchRow } from './lib/report';
import { api, customer, logger, withChorus, withDatabaseServer } from './lib/system';

interface Row {
  scenario: string;
  runs: number;
  p50?: number;
  p95?: number;
  note: string;
}
const rows: Row[] = [];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const questions = [
  'We are raising the monthly price from $29 to $49. Would you stay?',
  'Should we add an AI assistant that plans your week automatically?',
  'Would you use same-day delivery so you never have to visit the store?',
  'We are switching to 100% recycled, plastic-free packaging.',
];

/** Asks one question and polls (every 5 ms) until it is complete; answers the milliseconds. */
async function postToComplete(base: string, who: { token: string; productId: string }, n: number) {
  const started = performance.now();
  const asked = await api<QuestionView>(base, `/api/products/${who.productId}/questions`, {
    method: 'POST',
    token: who.token,
    // Each ask a new question: the same run asked again would come from the answer cache.
    body: {
      questionText: `${questions[n % questions.length]} (${randomUUID().slice(0, 8)})`,
      productId: who.productId,
    },
  });
  for (;;) {
    const found = await api<QuestionView>(
      base,
      `/api/products/${who.productId}/questions/${asked.id}`,
      { token: who.token },
    );
    if (found.status === 'complete') return performance.now() - started;
    if (found.status === 'error') throw new Error(`question failed: ${found.errorReason}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function latency(server: string, scenario: string, runs: number, env = {}, note = '') {
  await withChorus(server, { env }, async (chorus) => {
    const who = await customer(chorus.url, 10);
    await postToComplete(chorus.url, who, 0); // warm-up: first calls load code paths
    const times: number[] = [];
    for (let n = 0; n < runs; n++) times.push(await postToComplete(chorus.url, who, n));
    rows.push({ scenario, runs, p50: percentile(times, 50), p95: percentile(times, 95), note });
  });
}

/** Counts the persona answers each worker gave, to show how the questions spread. */
class CountingEngine extends LocalEngine {
  answers = 0;
  override answer(question: PersonaQuestion) {
    this.answers += 1;
    return super.answer(question);
  }
}

async function hundredOnThreeWorkers(server: string) {
  const partitions = 6;
  const broker = await startKafkaTestBroker({
    topics: Object.values(Topics).map((name) => ({ name, partitions })),
  });
  const kafkaBus = (clientId: string) =>
    new KafkaEventBus({
      brokers: broker.brokers,
      clientId,
      logger,
      sessionTimeoutMs: 3_000,
      maxWaitTimeMs: 100,
    });
  const buses: EventBus[] = [];
  try {
    // The system's own inference serves Answer only; the three workers below
    // form the consumer group, started together as a deployment would.
    await withChorus(
      server,
      { kafkaBrokers: broker.bootstrapServers, env: { INFERENCE_MODE: 'server' } },
      async (chorus) => {
        const engines = [0, 1, 2].map(() => new CountingEngine());
        const workers = await Promise.all(
          engines.map((engine, i) => {
            const bus = kafkaBus(`bench-worker-${i}`);
            buses.push(bus);
            return startPersonaInference(
              readInferenceConfig({
                INFERENCE_MODE: 'worker',
                GRPC_PORT: '0',
                GRPC_HOST: '127.0.0.1',
              }),
              { bus, logger, engine },
            );
          }),
        );
        // Every answer and every stored result, as they travel on Kafka.
        const answered = new Map<string, number>();
        const stored = new Map<string, number>();
        const listener = kafkaBus('bench-listener');
        buses.push(listener);
        await listener.subscribe({
          groupId: 'bench-listener',
          topics: [Topics.catalog, Topics.inference],
          fromBeginning: true,
          handle: async (message) => {
            const event = decodeEnvelope(message.value).event;
            if (event?.$case === 'questionAnswered') {
              answered.set(event.value.questionId, (answered.get(event.value.questionId) ?? 0) + 1);
            }
            if (event?.$case === 'questionUpdated' && event.value.status === 'complete') {
              stored.set(event.value.questionId, (stored.get(event.value.questionId) ?? 0) + 1);
            }
          },
        });
        const who = await customer(chorus.url, 10);
        await postToComplete(chorus.url, who, 0); // the group has formed and is answering
        answered.clear();
        stored.clear();
        for (const engine of engines) engine.answers = 0;

        const started = performance.now();
        const asked = await Promise.all(
          Array.from({ length: 100 }, (_, n) =>
            api<QuestionView>(chorus.url, `/api/products/${who.productId}/questions`, {
              method: 'POST',
              token: who.token,
              body: {
                questionText: `${questions[n % questions.length]} (#${n})`,
                productId: who.productId,
              },
            }),
          ),
        );
        const ids = new Set(asked.map((q) => q.id));
        const deadline = Date.now() + 120_000;
        let complete = 0;
        while (Date.now() < deadline) {
          const listed = await api<QuestionView[]>(
            chorus.url,
            `/api/products/${who.productId}/questions`,
            { token: who.token },
          );
          complete = listed.filter((q) => ids.has(q.id) && q.status === 'complete').length;
          if (complete === ids.size) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const wall = performance.now() - started;
        // Let any redelivered answer arrive before counting duplicates.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        const twiceOnKafka = [...ids].filter((id) => (answered.get(id) ?? 0) > 1).length;
        const storedTwice = [...ids].filter((id) => (stored.get(id) ?? 0) > 1).length;
        rows.push({
          scenario: '100 questions at once, 3 workers (Kafka)',
          runs: 100,
          note: `completed ${complete}, lost ${ids.size - complete}, answered twice ${twiceOnKafka} (stored twice ${storedTwice}), wall ${Math.round(wall)} ms; persona answers per worker ${engines.map((e) => e.answers).join('/')}`,
        });
        for (const worker of workers) await worker.stop();
      },
    );
  } finally {
    for (const bus of buses) await bus.close();
    await broker.close();
  }
}

async function main(): Promise<void> {
  await withDatabaseServer(async (server) => {
    await latency(server, 'POST -> complete, 10 personas, local engine (embedded)', 20);
    const model = await startFakeOpenAI(() => ({ delayMs: 500, content: validAnswer() }));
    try {
      await latency(
        server,
        'POST -> complete, 10 personas, model at 500 ms/call',
        5,
        { OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: model.url },
        '10 calls per question, up to INFERENCE_CONCURRENCY (16) at once',
      );
    } finally {
      await model.close();
    }
    await hundredOnThreeWorkers(server);
  });
}

function print(): void {
  const ms = (value?: number) => (value === undefined ? '' : `${Math.round(value)} ms`);
  console.log('\n| Scenario | Runs | p50 | p95 | Notes |\n| --- | --- | --- | --- | --- |');
  for (const row of rows) {
    console.log(
      `| ${row.scenario} | ${row.runs} | ${ms(row.p50)} | ${ms(row.p95)} | ${row.note} |`,
    );
  }
}

/** The runner's entry (bench/run.ts): one row per scenario, p50 as the value. */
export async function measure(): Promise<BenchRow[]> {
  rows.length = 0;
  await main();
  return rows.map((row) => ({
    area: 'questions',
    metric: row.scenario,
    value: row.p50 === undefined ? undefined : Math.round(row.p50),
    unit: 'ms p50',
    note: [
      `${row.runs} runs`,
      row.p95 === undefined ? '' : `p95 ${Math.round(row.p95)} ms`,
      row.note,
    ]
      .filter(Boolean)
      .join(', '),
  }));
}

if (require.main === module) {
  main()
    .then(print)
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
}
