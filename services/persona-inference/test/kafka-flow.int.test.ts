import type { PersonaTemplateView, QuestionView } from '@chorus/contracts';
import { type KafkaTestBroker, startKafkaTestBroker } from '@chorus/kafka-test-broker';
import {
  type BusMessage,
  checkHealth,
  decodeEnvelope,
  generateTokenKeys,
  KafkaEventBus,
  Topics,
} from '@chorus/service-kit';
import { createTestDatabase, eventually, testLogger } from '@chorus/service-kit/testing';
import { Kafka, logLevel } from 'kafkajs';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

// The whole question flow over the Kafka protocol, with identity, catalog,
// persona inference and the gateway each in its own Node process, as they
// run when deployed: nothing is shared but Kafka, PostgreSQL and gRPC.

const root = path.resolve(__dirname, '../../..');
const keys = generateTokenKeys();
let broker: KafkaTestBroker;
const databases: Awaited<ReturnType<typeof createTestDatabase>>[] = [];
const processes = new Map<string, { child: ChildProcess; output: string[] }>();
const ports: Record<string, number> = {};
let gateway: string;
let listener: KafkaEventBus;
const heard: BusMessage[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a service from its TypeScript sources, as `node` would run its build. */
function run(name: string, main: string, env: Record<string, string>): void {
  const child = spawn(
    process.execPath,
    ['-C', '@chorus/source', '-r', '@swc-node/register', path.join(root, main)],
    {
      cwd: root,
      env: {
        ...process.env,
        KAFKA_BROKERS: broker.bootstrapServers,
        GRPC_HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  processes.set(name, { child, output });
}

async function stop(name: string): Promise<void> {
  const entry = processes.get(name);
  if (!entry || entry.child.exitCode !== null) return;
  entry.child.kill('SIGTERM');
  await once(entry.child, 'exit');
}

async function serving(name: string): Promise<void> {
  await eventually(async () => (await checkHealth(`127.0.0.1:${ports[name]}`)) === 'SERVING', {
    timeoutMs: 60_000,
    intervalMs: 200,
    what: `${name} to serve`,
  }).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${processes.get(name)?.output.join('')}`);
  });
}

function startInference(): void {
  run('persona-inference', 'services/persona-inference/src/main.ts', {
    GRPC_PORT: String(ports['persona-inference']),
    INFERENCE_MODE: 'all',
    // A restarted worker rejoins after the session of the one it replaces ends.
    KAFKA_SESSION_TIMEOUT_MS: '5000',
  });
}

beforeAll(async () => {
  broker = await startKafkaTestBroker({
    topics: Object.values(Topics).map((name) => ({ name, partitions: 4 })),
  });
  for (const name of ['identity', 'catalog', 'billing', 'persona-inference', 'gateway']) {
    ports[name] = await freePort();
  }
  const database = async (prefix: string) => {
    const created = await createTestDatabase(prefix);
    databases.push(created);
    return created.url;
  };
  run('identity', 'services/identity/src/main.ts', {
    GRPC_PORT: String(ports.identity),
    DATABASE_URL: await database('flow_identity'),
    DATABASE_CREATE: 'true',
    TOKEN_PRIVATE_KEY: keys.privateKey,
  });
  run('catalog', 'services/catalog/src/main.ts', {
    GRPC_PORT: String(ports.catalog),
    DATABASE_URL: await database('flow_catalog'),
    DATABASE_CREATE: 'true',
  });
  // Billing too: questions and personas are paid work, so the product is paid for.
  run('billing', 'services/billing/src/main.ts', {
    GRPC_PORT: String(ports.billing),
    DATABASE_URL: await database('flow_billing'),
    DATABASE_CREATE: 'true',
    CARD_DATA_KEY: randomBytes(32).toString('base64'),
  });
  startInference();
  run('gateway', 'services/gateway/src/main.ts', {
    PORT: String(ports.gateway),
    HOST: '127.0.0.1',
    IDENTITY_ADDR: `127.0.0.1:${ports.identity}`,
    CATALOG_ADDR: `127.0.0.1:${ports.catalog}`,
    BILLING_ADDR: `127.0.0.1:${ports.billing}`,
    INFERENCE_ADDR: `127.0.0.1:${ports['persona-inference']}`,
    TOKEN_PUBLIC_KEY: keys.publicKey,
  });
  gateway = `http://127.0.0.1:${ports.gateway}`;
  await Promise.all(['identity', 'catalog', 'billing', 'persona-inference'].map(serving));
  await eventually(async () => (await fetch(`${gateway}/healthz`)).ok, {
    timeoutMs: 60_000,
    intervalMs: 200,
    what: 'the gateway',
  });

  // The test listens too, with a group of its own, to see what travels on Kafka.
  listener = new KafkaEventBus({
    brokers: broker.brokers,
    clientId: 'flow-test',
    logger: testLogger(),
    sessionTimeoutMs: 3_000,
    maxWaitTimeMs: 100,
  });
  await listener.subscribe({
    groupId: 'flow-test',
    topics: [Topics.catalog, Topics.inference],
    handle: async (message) => {
      heard.push(message);
    },
  });
}, 180_000);

afterAll(async () => {
  await listener?.close();
  for (const name of ['gateway', 'persona-inference', 'billing', 'catalog', 'identity']) {
    await stop(name);
  }
  for (const database of databases) await database.drop();
  await broker?.close();
}, 60_000);

async function api<T>(
  pathname: string,
  options: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await fetch(gateway + pathname, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function customer(personaCount: number) {
  const registered = await api<{ token: string; product: { id: string } }>('/api/auth/register', {
    method: 'POST',
    body: {
      email: `flow-${randomUUID()}@example.com`,
      password: 'secret-pass',
      firstName: 'Ada',
      lastName: 'Quinn',
      productName: 'Lantern',
      industry: 'Technology',
      // Paid for, as asking questions needs.
      stripeToken: 'pm_card_visa',
    },
  });
  expect(registered.status).toBe(201);
  const { token } = registered.body;
  const productId = registered.body.product.id;
  const templates = (await api<PersonaTemplateView[]>('/api/persona-templates', { token })).body;
  for (const template of templates.slice(0, personaCount)) {
    const added = await api(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template.id },
    });
    expect(added.status).toBe(201);
  }
  return { token, productId };
}

async function ask(token: string, productId: string, questionText: string) {
  const asked = await api<QuestionView>(`/api/products/${productId}/questions`, {
    method: 'POST',
    token,
    body: { questionText, productId },
  });
  expect(asked.status).toBe(201);
  return asked.body;
}

async function complete(token: string, productId: string, questionId: string) {
  return eventually(
    async () => {
      const found = await api<QuestionView>(`/api/products/${productId}/questions/${questionId}`, {
        token,
      });
      return found.body.status === 'complete' && found.body;
    },
    { timeoutMs: 60_000, intervalMs: 100, what: 'the question to be complete' },
  );
}

/** Waits until a consumer group has committed everything on a topic: nothing is left to handle. */
async function caughtUp(groupId: string, topic: string): Promise<void> {
  const admin = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    await eventually(
      async () => {
        const ends = await admin.fetchTopicOffsets(topic);
        const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
        return ends.every((end) => {
          const offset = Number(
            committed?.partitions.find((p) => p.partition === end.partition)?.offset ?? -1,
          );
          // -1: nothing committed, which is caught up only on an empty partition.
          return offset === -1 ? Number(end.high) === 0 : offset >= Number(end.high);
        });
      },
      { timeoutMs: 30_000, intervalMs: 100, what: `${groupId} to catch up on ${topic}` },
    );
  } finally {
    await admin.disconnect();
  }
}

const eventsAbout = (questionId: string, kind: string) =>
  heard.filter((m) => {
    const envelope = decodeEnvelope(m.value);
    return envelope.key === questionId && envelope.event?.$case === kind;
  });

describe('the question flow over Kafka, one process per service', () => {
  it('answers a question with every persona and pushes the result over the event stream', async () => {
    const { token, productId } = await customer(3);
    const stream = await fetch(
      `${gateway}/api/products/${productId}/questions/stream?access_token=${token}`,
    );
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const readUntil = async (text: string) => {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${text}`);
        received += value;
      }
    };
    try {
      await readUntil('event: ready');
      const question = await ask(token, productId, 'Would you pay $15 a month for smarter lights?');
      await readUntil('"status":"complete"');
      const done = await complete(token, productId, question.id);
      expect(done.responses).toHaveLength(3);
      expect(received).toContain(`"id":"${question.id}"`);
      const { positive, neutral, negative } = done.aggregatedResults!;
      expect(positive + neutral + negative).toBe(100);
    } finally {
      await reader.cancel();
    }
  }, 90_000);

  it('keeps a question asked while no worker runs, and answers it when one returns', async () => {
    const { token, productId } = await customer(2);
    await stop('persona-inference');
    const question = await ask(token, productId, 'Would same-day delivery help you?');
    await eventually(() => eventsAbout(question.id, 'questionAsked').length === 1, {
      timeoutMs: 30_000,
      what: 'QuestionAsked on Kafka',
    });
    const waiting = await api<QuestionView>(`/api/products/${productId}/questions/${question.id}`, {
      token,
    });
    expect(waiting.body.status).toBe('pending');
    startInference();
    await serving('persona-inference');
    expect((await complete(token, productId, question.id)).responses).toHaveLength(2);
  }, 120_000);

  it('ignores a redelivered question: answered again on Kafka, stored once', async () => {
    const { token, productId } = await customer(2);
    const question = await ask(token, productId, 'Should we add an AI assistant to the app?');
    const first = await complete(token, productId, question.id);
    await eventually(() => eventsAbout(question.id, 'questionAnswered').length === 1, {
      timeoutMs: 30_000,
      what: 'QuestionAnswered on Kafka',
    });
    // Deliver the very same QuestionAsked again, as Kafka may after a rebalance.
    const [asked] = eventsAbout(question.id, 'questionAsked');
    await listener.publish([asked!]);
    await eventually(() => eventsAbout(question.id, 'questionAnswered').length === 2, {
      timeoutMs: 30_000,
      what: 'the second answer on Kafka',
    });
    await caughtUp('catalog', Topics.inference);
    const after = await api<QuestionView>(`/api/products/${productId}/questions/${question.id}`, {
      token,
    });
    expect(after.body).toEqual(first);
  }, 120_000);
});
