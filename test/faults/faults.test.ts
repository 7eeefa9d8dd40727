import { eventually } from '@chorus/service-kit/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { DistributedChorus } from './distributed';
import { api, customer, freePort, LoadLoop, unavailableMessage } from './helpers';

/*
 * Faults on the distributed run: every service its own process, Kafka (the
 * test broker), PostgreSQL. Each test breaks one thing while requests or
 * questions are in flight and checks that nothing is lost, nothing is done
 * twice, and the gateway answers 503 with a message instead of 500s or hangs.
 * Waits are on conditions (answers, rows, exits), never on time.
 */

const minute = 60_000;

interface QuestionRow {
  id: string;
  status: string;
  responses: number;
  personas: number;
}

async function catalogDatabase(chorus: DistributedChorus): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: chorus.databaseUrlOf('catalog') });
  await client.connect();
  return client;
}

describe('Kafka stops while questions are in flight', () => {
  let chorus: DistributedChorus;
  beforeAll(async () => {
    chorus = await DistributedChorus.start();
  }, 3 * minute);
  afterAll(() => chorus?.stop());

  it(
    'every question completes once it returns, none lost, none answered twice',
    async () => {
      const personas = 3;
      const who = await customer(chorus.url, personas);
      const ask = async (n: number) => {
        const asked = await api<{ id: string }>(
          chorus.url,
          `/api/products/${who.productId}/questions`,
          {
            method: 'POST',
            token: who.token,
            body: { questionText: `Question number ${n}: would you pay for this every month?` },
          },
        );
        expect(asked.status).toBe(201);
        return asked.body.id;
      };
      const ids: string[] = [];
      for (let n = 1; n <= 5; n++) ids.push(await ask(n));
      await chorus.broker.stop();
      // Asked during the outage: stored, and sent once Kafka is back.
      for (let n = 6; n <= 10; n++) ids.push(await ask(n));
      await chorus.broker.start();

      const db = await catalogDatabase(chorus);
      try {
        const rows = await eventually(
          async () => {
            const { rows: found } = await db.query<QuestionRow>(
              `SELECT id, status, jsonb_array_length(responses) AS responses,
                    (SELECT count(DISTINCT r->>'personaId') FROM jsonb_array_elements(responses) r)::int AS personas
               FROM questions WHERE product_id = $1`,
              [who.productId],
            );
            return found.length === ids.length && found.every((q) => q.status === 'complete')
              ? found
              : undefined;
          },
          { timeoutMs: 3 * minute, intervalMs: 200, what: 'every question complete' },
        );
        expect(rows.map((q) => q.id).sort()).toEqual([...ids].sort());
        for (const question of rows) {
          expect({ id: question.id, responses: question.responses }).toEqual({
            id: question.id,
            responses: personas,
          });
          expect(question.personas).toBe(personas);
        }
      } finally {
        await db.end();
      }
    },
    5 * minute,
  );
});

describe('a service killed under load', () => {
  let chorus: DistributedChorus;
  beforeAll(async () => {
    chorus = await DistributedChorus.start();
  }, 3 * minute);
  afterAll(() => chorus?.stop());

  it(
    'answers 503 with a message meanwhile and recovers without a gateway restart',
    async () => {
      const who = await customer(chorus.url, 2);
      const created = await api<{ id: string }>(chorus.url, '/api/products', {
        method: 'POST',
        token: who.token,
        body: { name: 'Beacon', description: 'Trackers', industry: 'retail' },
      });
      expect(created.status).toBe(201);
      // What was stored (billing's subscription updates may still arrive meanwhile).
      const stored = (products: unknown) =>
        (products as { id: string; name: string; createdAt: string }[]).map(
          ({ id, name, createdAt }) => ({ id, name, createdAt }),
        );
      const before = await api<unknown[]>(chorus.url, '/api/products', { token: who.token });
      expect(before.body).toHaveLength(2);

      const load = new LoadLoop(() => api(chorus.url, '/api/products', { token: who.token }), 8);
      await load.until(() => load.count('200') >= 20);
      expect(await chorus.signal('catalog', 'SIGKILL')).toBeNull();
      const unavailable = `503 ${unavailableMessage}`;
      await load.until(() => load.count(unavailable) >= 20);
      const servedBeforeRestart = load.count('200');
      await chorus.startProcess('catalog');
      await load.until(() => load.count('200') >= servedBeforeRestart + 20);
      const statuses = await load.stop();

      // Only answers and the outage's 503s; no 500, no network error, no hang.
      expect(Object.keys(statuses).sort()).toEqual(['200', unavailable]);
      const after = await api<unknown[]>(chorus.url, '/api/products', { token: who.token });
      expect(after.status).toBe(200);
      expect(stored(after.body)).toEqual(stored(before.body));
      const personas = await api<unknown[]>(chorus.url, `/api/products/${who.productId}/personas`, {
        token: who.token,
      });
      expect(personas.body).toHaveLength(2);
    },
    5 * minute,
  );
});

describe('SIGTERM during requests', () => {
  let chorus: DistributedChorus;
  beforeAll(async () => {
    chorus = await DistributedChorus.start();
  }, 3 * minute);
  afterAll(() => chorus?.stop());

  /**
   * Holds the product personas table locked so requests stay inside the
   * catalog's query (products themselves are answered from the catalog's
   * memory), waits until `count` of them are waiting there, runs `during`,
   * then lets them go.
   */
  async function withRequestsInFlight(
    count: number,
    send: () => Promise<{ status: number }>,
    during: () => Promise<void>,
  ): Promise<number[]> {
    const db = await catalogDatabase(chorus);
    const watcher = await catalogDatabase(chorus);
    try {
      await db.query('BEGIN');
      await db.query('LOCK TABLE user_personas IN ACCESS EXCLUSIVE MODE');
      const requests = Array.from({ length: count }, () => send().then((a) => a.status));
      let waiting = 0;
      await eventually(
        async () => {
          // Another connection: inside the locking transaction, pg_stat_activity
          // would be one snapshot taken at its first read.
          const { rows } = await watcher.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          waiting = rows[0]!.waiting;
          return waiting >= count || undefined;
        },
        { timeoutMs: minute, what: `${count} requests waiting in the catalog (${waiting})` },
      );
      await during();
      await db.query('COMMIT');
      return await Promise.all(requests);
    } finally {
      await db.end();
      await watcher.end();
    }
  }

  /** A customer whose subscription has reached the catalog (no update of theirs is pending). */
  async function settledCustomer() {
    const who = await customer(chorus.url);
    await eventually(
      async () => {
        const products = await api<{ subscriptionStatus: string }[]>(chorus.url, '/api/products', {
          token: who.token,
        });
        return products.body[0]?.subscriptionStatus === 'active' || undefined;
      },
      { timeoutMs: minute, what: 'the subscription in the catalog' },
    );
    return who;
  }

  it(
    'a service finishes the calls it has before it exits',
    async () => {
      const who = await settledCustomer();
      let exit: Promise<number | null> | undefined;
      const statuses = await withRequestsInFlight(
        6,
        () => api(chorus.url, `/api/products/${who.productId}/personas`, { token: who.token }),
        async () => {
          exit = chorus.signal('catalog', 'SIGTERM');
        },
      );
      expect(statuses).toEqual(Array(6).fill(200));
      expect(await exit).toBe(0);
      // Gone now: new requests are told so.
      const meanwhile = await api(chorus.url, '/api/products', { token: who.token });
      expect(meanwhile).toEqual({ status: 503, body: { message: unavailableMessage } });
      await chorus.startProcess('catalog');
      // The gateway reconnects by itself.
      await eventually(
        async () => (await api(chorus.url, '/api/products', { token: who.token })).status === 200,
        { timeoutMs: minute, what: 'the gateway back on the restarted catalog' },
      );
    },
    3 * minute,
  );

  it(
    'the gateway finishes the requests it has before it exits',
    async () => {
      const who = await settledCustomer();
      let exit: Promise<number | null> | undefined;
      const statuses = await withRequestsInFlight(
        6,
        () => api(chorus.url, `/api/products/${who.productId}/personas`, { token: who.token }),
        async () => {
          exit = chorus.signal('gateway', 'SIGTERM');
        },
      );
      expect(statuses).toEqual(Array(6).fill(200));
      expect(await exit).toBe(0);
      await chorus.startProcess('gateway');
      expect((await api(chorus.url, '/api/products', { token: who.token })).status).toBe(200);
    },
    3 * minute,
  );
});

describe('PostgreSQL restarts', () => {
  let chorus: DistributedChorus | undefined;
  let postgres: OwnPostgres | undefined;

  beforeAll(async () => {
    // A server this test owns: the machine's shared one is never touched.
    postgres = await OwnPostgres.start();
    chorus = await DistributedChorus.start({ databaseServer: postgres.url });
  }, 5 * minute);
  afterAll(async () => {
    await chorus?.stop();
    await postgres?.close();
  }, 2 * minute);

  it(
    'services reconnect and answer again, with the data kept',
    async () => {
      const who = await customer(chorus!.url, 1);
      const before = await api<unknown[]>(chorus!.url, '/api/products', { token: who.token });
      expect(before.status).toBe(200);

      await postgres!.command('stop', 'stopped');
      const down = await api(chorus!.url, '/api/products', { token: who.token });
      expect(down).toEqual({ status: 503, body: { message: unavailableMessage } });

      await postgres!.command('start', 'started');
      const after = await eventually(
        async () => {
          const answer = await api<unknown[]>(chorus!.url, '/api/products', { token: who.token });
          return answer.status === 200 ? answer : undefined;
        },
        { timeoutMs: minute, intervalMs: 100, what: 'the catalog back on PostgreSQL' },
      );
      expect(after.body).toEqual(before.body);
      // Every service, not just the catalog: sign-in (identity), billing, roadmaps.
      const signedIn = await api(chorus!.url, '/api/auth/user', { token: who.token });
      expect(signedIn.status).toBe(200);
      const bill = await api(chorus!.url, '/api/dashboard/stats', { token: who.token });
      expect(bill.status).toBe(200);
      const roadmap = await api(chorus!.url, `/api/products/${who.productId}/roadmaps`, {
        method: 'POST',
        token: who.token,
        body: { name: 'After the restart' },
      });
      expect(roadmap.status).toBe(201);
    },
    5 * minute,
  );
});

/** test/faults/postgres-process.ts as a child process, driven line by line. */
class OwnPostgres {
  private readonly lines: string[] = [];
  private readonly waiting: { line: string; resolve: () => void }[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<OwnPostgres> {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [
        '-C',
        '@chorus/source',
        '-r',
        '@swc-node/register',
        path.join(__dirname, 'postgres-process.ts'),
      ],
      {
        cwd: path.resolve(__dirname, '../..'),
        env: { ...process.env, FAULT_PG_PORT: String(port) },
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    const lines = createInterface({ input: child.stdout! });
    const url = await new Promise<string>((resolve, reject) => {
      lines.once('line', (line) =>
        line.startsWith('ready ') ? resolve(line.slice(6)) : reject(new Error(line)),
      );
      child.once('exit', (code) => reject(new Error(`PostgreSQL process exited with ${code}`)));
    });
    const postgres = new OwnPostgres(child, url);
    lines.on('line', (line) => {
      const waiter = postgres.waiting.find((w) => w.line === line);
      if (waiter) {
        postgres.waiting.splice(postgres.waiting.indexOf(waiter), 1);
        waiter.resolve();
      } else postgres.lines.push(line);
    });
    return postgres;
  }

  /** Sends a command and resolves when the process answers `done`. */
  command(command: 'stop' | 'start', done: string): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push({ line: done, resolve });
      this.child.stdin!.write(`${command}\n`);
    });
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin!.end();
    await exited;
  }
}
