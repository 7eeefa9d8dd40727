import { type BusMessage, InMemoryEventBus } from '../src';
import { eventually, testLogger } from '../src/testing';

const message = (topic: string, key: string, n: number): BusMessage => ({
  topic,
  key,
  value: Buffer.from(String(n)),
  headers: {},
});

describe('InMemoryEventBus', () => {
  it('delivers every message once to each group, in order, including earlier messages', async () => {
    const bus = new InMemoryEventBus(testLogger());
    await bus.publish([message('t', 'a', 1), message('t', 'a', 2)]);
    const seen: Record<string, string[]> = { g1: [], g2: [] };
    for (const groupId of ['g1', 'g2']) {
      await bus.subscribe({
        groupId,
        topics: ['t'],
        handle: async (m) => {
          seen[groupId]!.push(m.value.toString());
        },
      });
    }
    await bus.publish([message('t', 'a', 3), message('other', 'a', 99)]);
    await bus.drained();
    expect(seen).toEqual({ g1: ['1', '2', '3'], g2: ['1', '2', '3'] });
    await bus.close();
  });

  it('splits a group between its members by key', async () => {
    const bus = new InMemoryEventBus(testLogger());
    const byMember: string[][] = [[], []];
    for (const member of [0, 1]) {
      await bus.subscribe({
        groupId: 'workers',
        topics: ['t'],
        handle: async (m) => {
          byMember[member]!.push(m.key);
        },
      });
    }
    await bus.publish(Array.from({ length: 40 }, (_, i) => message('t', `product-${i % 8}`, i)));
    await bus.drained();
    expect(byMember[0]!.length + byMember[1]!.length).toBe(40);
    // One key never lands on two members.
    const keysOf = (list: string[]) => new Set(list);
    const overlap = [...keysOf(byMember[0]!)].filter((k) => keysOf(byMember[1]!).has(k));
    expect(overlap).toEqual([]);
    await bus.close();
  });

  it('retries a failing handler instead of dropping the message', async () => {
    const bus = new InMemoryEventBus(testLogger());
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
    await bus.publish([message('t', 'k', 7)]);
    await eventually(() => handled.length === 1);
    expect(attempts).toBe(3);
    expect(handled).toEqual(['7']);
    await bus.close();
  });
});
