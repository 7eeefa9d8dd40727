import { type BusMessage, PostgresEventBus } from '../src';
import { createTestDatabase, eventually, testLogger } from '../src/testing';

const message = (topic: string, key: string, n: number): BusMessage => ({
  topic,
  key,
  value: Buffer.from(String(n)),
  headers: { traceparent: `00-${String(n).padStart(32, '0')}-${'1'.padStart(16, '0')}-01` },
});

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeEach(async () => {
  database = await createTestDatabase('pgbus');
});
afterEach(async () => {
  await database.drop();
});

const open = () => PostgresEventBus.open({ url: database.url, logger: testLogger(), pollMs: 100 });

describe('PostgresEventBus', () => {
  it('delivers every message once to each group, in order, with its headers, including earlier ones', async () => {
    const bus = await open();
    await bus.publish([message('t', 'a', 1), message('t', 'a', 2)]);
    const seen: Record<string, string[]> = { g1: [], g2: [] };
    let headers: Record<string, string> | undefined;
    for (const groupId of ['g1', 'g2']) {
      await bus.subscribe({
        groupId,
        topics: ['t'],
        handle: async (m) => {
          seen[groupId]!.push(m.value.toString());
          headers = m.headers;
        },
      });
    }
    await bus.publish([message('t', 'a', 3), message('other', 'a', 99)]);
    await bus.drained();
    expect(seen).toEqual({ g1: ['1', '2', '3'], g2: ['1', '2', '3'] });
    expect(headers?.traceparent).toBe(message('t', 'a', 3).headers.traceparent);
    await bus.close();
  });

  it('starts a group that asks for it at the messages published after it subscribed', async () => {
    const bus = await open();
    await bus.publish([message('t', 'a', 1)]);
    const seen: string[] = [];
    await bus.subscribe({
      groupId: 'late',
      topics: ['t'],
      fromBeginning: false,
      handle: async (m) => {
        seen.push(m.value.toString());
      },
    });
    await bus.publish([message('t', 'a', 2)]);
    await bus.drained();
    expect(seen).toEqual(['2']);
    await bus.close();
  });

  it('keeps what a crashed process had not handled and delivers it after the restart', async () => {
    // The first process takes message 1, dies in the middle of message 2.
    const first = await open();
    const handledBefore: string[] = [];
    let dying!: () => void;
    const died = new Promise<void>((resolve) => (dying = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await first.subscribe({
      groupId: 'billing',
      topics: ['t'],
      handle: async (m) => {
        if (m.value.toString() === '2') {
          dying();
          await released; // held until the test ends: the process is gone
        }
        handledBefore.push(m.value.toString());
      },
    });
    await first.publish([message('t', 'p', 1), message('t', 'p', 2), message('t', 'p', 3)]);
    await died;
    const closing = first.close();

    const second = await open();
    const handledAfter: string[] = [];
    await second.subscribe({
      groupId: 'billing',
      topics: ['t'],
      handle: async (m) => {
        handledAfter.push(m.value.toString());
      },
    });
    await eventually(() => handledAfter.length === 2, { what: 'redelivery after restart' });
    expect(handledBefore).toEqual(['1']);
    expect(handledAfter).toEqual(['2', '3']);
    await second.close();
    release();
    await closing;
  });

  it('retries a failing handler instead of skipping the message', async () => {
    const bus = await open();
    let attempts = 0;
    const handled: string[] = [];
    await bus.subscribe({
      groupId: 'g',
      topics: ['t'],
      handle: async (m) => {
        attempts += 1;
        if (attempts < 3) throw new Error('database is restarting');
        handled.push(m.value.toString());
      },
    });
    await bus.publish([message('t', 'k', 7), message('t', 'k', 8)]);
    await eventually(() => handled.length === 2);
    expect(handled).toEqual(['7', '8']);
    await bus.close();
  });

  it('forgets messages once every group has handled them', async () => {
    const bus = await open();
    for (const groupId of ['g1', 'g2']) {
      await bus.subscribe({ groupId, topics: ['t'], handle: async () => undefined });
    }
    await bus.publish(Array.from({ length: 10 }, (_, i) => message('t', `k${i}`, i)));
    await bus.drained();
    const other = await open();
    // A newcomer reading from the beginning finds nothing left: both groups had it all.
    const seen: string[] = [];
    await other.subscribe({
      groupId: 'newcomer',
      topics: ['t'],
      handle: async (m) => {
        seen.push(m.value.toString());
      },
    });
    await bus.publish([message('t', 'k', 42)]);
    await eventually(() => seen.length > 0);
    expect(seen).toEqual(['42']);
    await other.close();
    await bus.close();
  });
});
