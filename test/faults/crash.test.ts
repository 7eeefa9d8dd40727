import { eventually } from '@chorus/service-kit/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { type FakeOpenAI, startFakeOpenAI, validAnswer } from '@chorus/persona-inference/testing';
import { Client } from 'pg';
import { DistributedChorus } from './distributed';
import { api, type Customer, customer, freePort, freePortRange, portIsFree } from './helpers';

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
    const grpc = await freePortRange(5);
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

  /**
   * A connection to one service's database on the run's own PostgreSQL, for
   * holding a lock that stops a step of a workflow where the test wants it.
   */
  async database(service: string): Promise<Client> {
    const client = new Client({
      connectionString: `postgres://postgres:chorus-dev-only@127.0.0.1:${this.ports.pg}/chorus_${service}`,
    });
    // Killed with the run: the connection's end is expected.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }

  /** SIGKILL to the whole process group: the launcher, every service, PostgreSQL. */
  async kill(): Promise<void> {
    const child = this.child!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const postmaster = await readFile(path.join(this.dataDir, 'postgres', 'postmaster.pid'), 'utf8')
      .then((text) => Number(text.split('\n')[0]))
      .catch(() => undefined);
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    // PostgreSQL is gone once its port is free and its process is reaped: a
    // killed postmaster not yet reaped still counts as running for the next
    // start's lock-file check.
    await eventually(
      async () =>
        ((await portIsFree(this.ports.pg)) &&
          (postmaster === undefined || !existsSync(`/proc/${postmaster}`))) ||
        undefined,
      { timeoutMs: 30_000, what: 'PostgreSQL gone' },
    );
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

/**
 * How many backends of this connection's database wait for a lock, those
 * waiting to write `table` apart. Read from pg_locks: a statement waiting
 * for its table is not in pg_stat_activity's query text yet.
 */
async function lockWaits(db: Client, table: string): Promise<{ all: number; writes: number }> {
  const { rows } = await db.query<{ all: string; writes: string }>(
    `select count(*) as all,
            count(*) filter (where l.locktype = 'relation' and l.relation = $1::regclass) as writes
       from pg_locks l join pg_stat_activity a using (pid)
      where not l.granted and a.datname = current_database()`,
    [table],
  );
  return { all: Number(rows[0]!.all), writes: Number(rows[0]!.writes) };
}

const registration = (email: string) => ({
  email,
  password: 'secret-pass',
  firstName: 'Nia',
  lastName: 'Newcomer',
  productName: 'Compass',
  productDescription: 'Maps',
  industry: 'technology',
  billingCycle: 'monthly',
  stripeToken: 'pm_card_visa',
});

type Details = Record<string, { status: string }>;

const subscriptionDetails = async (url: string, token: string) => {
  const answer = await api<Details>(url, '/api/billing/subscription-details', { token });
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('the embedded run killed with SIGKILL and started again', () => {
  let run: EmbeddedRun;
  beforeAll(async () => {
    run = await EmbeddedRun.create();
    await run.start();
  }, 3 * minute);
  afterAll(() => run?.stop());

  it(
    'finishes every question it had accepted, and leaves the deletions and the registration in flight finishable, nothing twice',
    async () => {
      const personas = 10;
      const who = await customer(run.url, personas);
      // Two paying customers, each deleting their product when the run dies.
      const [early, late] = [await customer(run.url), await customer(run.url)];
      for (const leaving of [early, late]) {
        await eventually(
          async () =>
            (await subscriptionDetails(run.url, leaving.token))[leaving.productId]?.status ===
            'active',
          { what: 'a paid subscription' },
        );
      }
      // Locks held by the test stop each workflow between two steps, as a crash would:
      // `early`'s deletion after catalog's step (billing's product row is held)…
      const billingDb = await run.database('billing');
      const catalogDb = await run.database('catalog');
      const identityDb = await run.database('identity');
      const inFlight: Promise<unknown>[] = [];
      let accepted: string[];
      let unfinished: number;
      const newcomer = `newcomer-${randomUUID()}@example.com`;
      try {
        await billingDb.query('begin');
        await billingDb.query('select 1 from products where id = $1 for update', [early.productId]);
        inFlight.push(
          api(run.url, `/api/products/${early.productId}`, {
            method: 'DELETE',
            token: early.token,
          }),
        );
        await eventually(async () => (await lockWaits(billingDb, 'products')).all >= 1, {
          timeoutMs: 5_000,
          intervalMs: 50,
          what: "billing's step of the first deletion held",
        });
        // …`late`'s deletion and a new registration at catalog's step (no product
        // can be written; reads go on).
        await catalogDb.query('begin');
        await catalogDb.query('lock table products in share mode');
        inFlight.push(
          api(run.url, `/api/products/${late.productId}`, { method: 'DELETE', token: late.token }),
          api(run.url, '/api/auth/register', { method: 'POST', body: registration(newcomer) }),
        );
        // The deletion and, once identity has the account, the registration wait to write.
        await eventually(
          async () => {
            const { rows } = await identityDb.query('select 1 from users where email = $1', [
              newcomer,
            ]);
            return rows.length === 1 && (await lockWaits(catalogDb, 'products')).writes >= 2;
          },
          { timeoutMs: 5_000, intervalMs: 50, what: "catalog's steps held" },
        );
        // The registration's call reaches catalog in a few milliseconds; its deadline is 10 s.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        // Then the questions, all in flight too when the run dies.
        const asked = Array.from({ length: 20 }, (_, n) =>
          api<{ id: string }>(run.url, `/api/products/${who.productId}/questions`, {
            method: 'POST',
            token: who.token,
            body: { questionText: `Question ${n + 1}: would you switch to us for a lower price?` },
          }).catch(() => undefined),
        );
        // The moment the last one is accepted, most are still being answered.
        accepted = (await Promise.all(asked))
          .filter((answer) => answer?.status === 201)
          .map((answer) => answer!.body.id);
        const { rows } = await catalogDb.query<{ n: number }>(
          "select count(*)::int as n from questions where product_id = $1 and status <> 'complete'",
          [who.productId],
        );
        unfinished = rows[0]!.n;
        await run.kill();
      } finally {
        // Ending the connections lets go of the locks, should the run still be up.
        await Promise.all(
          [billingDb, catalogDb, identityDb].map((db) => db.end().catch(() => undefined)),
        );
      }
      for (const request of inFlight) await request.catch(() => undefined);
      expect(accepted).toHaveLength(20);

      const restarted = Date.now();
      await run.start();
      const started = Date.now() - restarted;
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
      const answered = Date.now() - restarted;
      // Everything the customer was told was accepted is there, and more may be
      // (stored just before the kill, its answer lost on the way).
      expect(questions.map((q) => q.id)).toEqual(expect.arrayContaining(accepted));
      for (const question of questions) {
        const answeredBy = question.responses.map((r) => r.personaId);
        expect(answeredBy).toHaveLength(personas);
        expect(new Set(answeredBy).size).toBe(personas);
      }

      // The deletion that got past catalog: the product is gone, and billing
      // cancels its subscription on its own after the restart.
      expect(
        (await api(run.url, `/api/products/${early.productId}`, { token: early.token })).status,
      ).toBe(404);
      await eventually(
        async () =>
          (await subscriptionDetails(run.url, early.token))[early.productId] === undefined,
        { timeoutMs: minute, what: "the deleted product's subscription ended" },
      );
      const billing = await run.database('billing');
      try {
        const { rows } = await billing.query<{ provider_status: string }>(
          'select provider_status from subscriptions where product_id = $1',
          [early.productId],
        );
        expect(rows).toEqual([{ provider_status: 'canceled' }]);
      } finally {
        await billing.end();
      }
      const cancelled = Date.now() - restarted;

      // The deletion cut short before catalog's step: nothing of it happened,
      // so the product still stands and is still paid for; deleting again works.
      expect(
        (await api(run.url, `/api/products/${late.productId}`, { token: late.token })).status,
      ).toBe(200);
      expect((await subscriptionDetails(run.url, late.token))[late.productId]?.status).toBe(
        'active',
      );
      const deleted = await api(run.url, `/api/products/${late.productId}`, {
        method: 'DELETE',
        token: late.token,
      });
      expect(deleted).toMatchObject({
        status: 200,
        body: { subscriptionCancelled: true, warning: null },
      });

      // The registration cut short after its account: signing up again finishes it, once.
      const again = await api<{ token: string; product: { id: string } | null }>(
        run.url,
        '/api/auth/register',
        { method: 'POST', body: registration(newcomer) },
      );
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({
        product: { id: expect.any(String) },
        subscriptionStatus: 'active',
      });
      const products = await api<{ id: string }[]>(run.url, '/api/products', {
        token: again.body.token,
      });
      expect(products.body.map((p) => p.id)).toEqual([again.body.product!.id]);
      expect(Object.keys(await subscriptionDetails(run.url, again.body.token))).toEqual([
        again.body.product!.id,
      ]);
      const once = await api(run.url, '/api/auth/register', {
        method: 'POST',
        body: registration(newcomer),
      });
      expect(once.status).toBe(409);

      process.stdout.write(
        `crash test: ${unfinished} of 20 questions unfinished at the kill; restart ${started} ms; all ${questions.length} questions complete ${answered} ms after restart; deleted product's subscription cancelled ${cancelled} ms after restart\n`,
      );
    },
    8 * minute,
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
