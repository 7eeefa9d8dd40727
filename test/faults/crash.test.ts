import { eventually } from '@chorus/service-kit/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { type FakeOpenAI, startFakeOpenAI, validAnswer } from '@chorus/persona-inference/testing';
import { DistributedChorus } from './distributed';
import { api, type Customer, customer, freePort, portIsFree } from './helpers';

/*
 * Crashes (SIGKILL: a power cut, an OOM kill) while work is in flight. In the
 * embedded run: `npm start`'s one process and its
 * PostgreSQL killed with SIGKILL while work is in flight, then started again
 * on the same data folder. Whatever the system had accepted must finish.
 */

const minute = 60_000;
const root = path.resolve(__dirname, '../..');

/** `npm start` as a process group of its own, so one signal takes it and its PostgreSQL down. */
class EmbeddedRun {
  private child?: ChildProcess;
  readonly url: string;

  private constructor(
    private readonly dataDir: string,
    private readonly ports: { http: number; pg: number; grpc: number },
  ) {
    this.url = `http://127.0.0.1:${ports.http}`;
  }

  static async create(): Promise<EmbeddedRun> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'chorus-crash-'));
    // The embedded PostgreSQL runs as the postgres user when we are root.
    await chmod(dataDir, 0o755);
    // Five consecutive free ports: the services' gRPC servers sit at fixed offsets.
    let grpc = 0;
    while (grpc === 0) {
      const base = 20_000 + Math.floor(Math.random() * 20_000);
      const free = await Promise.all([0, 1, 2, 3, 4].map((i) => portIsFree(base + i)));
      if (free.every(Boolean)) grpc = base;
    }
    return new EmbeddedRun(dataDir, { http: await freePort(), pg: await freePort(), grpc });
  }

  async start(): Promise<void> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.ports.http),
      HOST: '127.0.0.1',
      CHORUS_PG_PORT: String(this.ports.pg),
      CHORUS_GRPC_PORT_BASE: String(this.ports.grpc),
      CHORUS_DATA_DIR: this.dataDir,
      PUBLIC_URL: this.url,
    };
    // The embedded run's own PostgreSQL, as on a user's machine.
    delete env.DATABASE_URL;
    delete env.KAFKA_BROKERS;
    delete env.REDIS_URL;
    const child = spawn(process.execPath, [path.join(root, 'tools/launcher/dist/embedded.js')], {
      cwd: root,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const lines: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no start:\n${lines.join('\n')}`)),
        2 * minute,
      );
      for (const stream of [child.stdout!, child.stderr!]) {
        createInterface({ input: stream }).on('line', (line) => {
          if (lines.length < 200) lines.push(line);
          if (line.includes('Chorus is running at')) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}:\n${lines.join('\n')}`));
      });
    });
  }

  /** SIGKILL to the whole process group: the launcher, every service, PostgreSQL. */
  async kill(): Promise<void> {
    const child = this.child!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    // PostgreSQL's processes are gone too once its port is free again.
    await eventually(async () => (await portIsFree(this.ports.pg)) || undefined, {
      timeoutMs: 30_000,
      what: 'PostgreSQL gone',
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    await rm(this.dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

interface Question {
  id: string;
  status: string;
  responses: { personaId: string }[];
}

describe('the embedded run killed with SIGKILL and started again', () => {
  let run: EmbeddedRun;
  beforeAll(async () => {
    run = await EmbeddedRun.create();
    await run.start();
  }, 3 * minute);
  afterAll(() => run?.stop());

  it(
    'finishes every question it had accepted, each answered once by every persona',
    async () => {
      const personas = 10;
      const who = await customer(run.url, personas);
      const asked = Array.from({ length: 20 }, (_, n) =>
        api<{ id: string }>(run.url, `/api/products/${who.productId}/questions`, {
          method: 'POST',
          token: who.token,
          body: { questionText: `Question ${n + 1}: would you switch to us for a lower price?` },
        }).catch(() => undefined),
      );
      // The moment the last one is accepted, most are still being answered.
      const accepted = (await Promise.all(asked))
        .filter((answer) => answer?.status === 201)
        .map((answer) => answer!.body.id);
      await run.kill();
      expect(accepted).toHaveLength(20);

      await run.start();
      const questions = await eventually(
        async () => {
          const listed = await api<Question[]>(
            run.url,
            `/api/products/${who.productId}/questions`,
            { token: who.token },
          );
          return listed.status === 200 && listed.body.every((q) => q.status === 'complete')
            ? listed.body
            : undefined;
        },
        { timeoutMs: 2 * minute, intervalMs: 500, what: 'every question complete' },
      );
      // Everything the customer was told was accepted is there, and more may be
      // (stored just before the kill, its answer lost on the way).
      expect(questions.map((q) => q.id)).toEqual(expect.arrayContaining(accepted));
      for (const question of questions) {
        const answeredBy = question.responses.map((r) => r.personaId);
        expect(answeredBy).toHaveLength(personas);
        expect(new Set(answeredBy).size).toBe(personas);
      }
    },
    6 * minute,
  );
});

async function questionsOf(url: string, who: Customer): Promise<Question[]> {
  const listed = await api<Question[]>(url, `/api/products/${who.productId}/questions`, {
    token: who.token,
  });
  if (listed.status !== 200) throw new Error(`questions: ${listed.status}`);
  return listed.body;
}

async function ask(url: string, who: Customer, text: string): Promise<string> {
  const asked = await api<{ id: string }>(url, `/api/products/${who.productId}/questions`, {
    method: 'POST',
    token: who.token,
    body: { questionText: text },
  });
  expect(asked.status).toBe(201);
  return asked.body.id;
}

/** Waits until every customer's questions are complete, each answered once per persona. */
async function everyQuestionAnswered(url: string, customers: Customer[], personas: number) {
  const all = await eventually(
    async () => {
      const lists = await Promise.all(customers.map((who) => questionsOf(url, who)));
      const questions = lists.flat();
      return questions.every((q) => q.status === 'complete') ? questions : undefined;
    },
    { timeoutMs: 3 * minute, intervalMs: 500, what: 'every question complete' },
  );
  for (const question of all) {
    const answeredBy = question.responses.map((r) => r.personaId);
    expect(answeredBy).toHaveLength(personas);
    expect(new Set(answeredBy).size).toBe(personas);
  }
  return all;
}

describe('the distributed run: a process killed with SIGKILL in the middle of the work', () => {
  let chorus: DistributedChorus;
  let fastModel: FakeOpenAI;
  let slowModel: FakeOpenAI;
  beforeAll(async () => {
    fastModel = await startFakeOpenAI(() => ({ delayMs: 100, content: validAnswer() }));
    // The second worker's model is slow, so it is surely mid-answer when killed.
    slowModel = await startFakeOpenAI(() => ({ delayMs: 3_000, content: validAnswer() }));
    chorus = await DistributedChorus.start({
      env: { OPENAI_API_KEY: 'test-only-key', OPENAI_BASE_URL: fastModel.url },
    });
    await chorus.startReplica('persona-inference', 'persona-inference#2', {
      INFERENCE_MODE: 'worker',
      OPENAI_BASE_URL: slowModel.url,
    });
  }, 3 * minute);
  afterAll(async () => {
    await chorus?.stop();
    await fastModel?.close();
    await slowModel?.close();
  });

  it(
    'an inference worker dies mid-answer: its questions complete through the other worker',
    async () => {
      const personas = 2;
      const customers: Customer[] = [];
      const asked: string[] = [];
      // Questions of one product share a partition; new products until the
      // second worker has taken one of them.
      for (let n = 1; n <= 12 && slowModel.requests.length === 0; n++) {
        const who = await customer(chorus.url, personas);
        customers.push(who);
        asked.push(await ask(chorus.url, who, `Question ${n}: would a yearly plan suit you?`));
        await eventually(
          () => slowModel.requests.length > 0 || fastModel.requests.length >= n * personas,
          { timeoutMs: 30_000, what: 'a worker answering' },
        );
      }
      expect(slowModel.requests.length).toBeGreaterThan(0);
      expect(await chorus.signal('persona-inference#2', 'SIGKILL')).toBeNull();

      const questions = await everyQuestionAnswered(chorus.url, customers, personas);
      expect(questions.map((q) => q.id).sort()).toEqual([...asked].sort());
    },
    6 * minute,
  );

  it(
    'the catalog dies after storing questions and before publishing them: they are answered after its restart',
    async () => {
      const personas = 2;
      const who = await customer(chorus.url, personas);
      // With Kafka down the questions stay in the catalog's outbox…
      await chorus.broker.stop();
      const asked = [
        await ask(chorus.url, who, 'Would you recommend us to a friend?'),
        await ask(chorus.url, who, 'Would you pay for priority support?'),
      ];
      // …when the catalog is killed.
      expect(await chorus.signal('catalog', 'SIGKILL')).toBeNull();
      await chorus.broker.start();
      await chorus.startProcess('catalog');

      const questions = await everyQuestionAnswered(chorus.url, [who], personas);
      expect(questions.map((q) => q.id).sort()).toEqual([...asked].sort());
    },
    6 * minute,
  );
});
