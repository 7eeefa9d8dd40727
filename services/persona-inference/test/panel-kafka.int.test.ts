import { defaultModelPrices } from '@chorus/contracts';
import type { QuestionAnswered } from '@chorus/proto/events/v1/events';
import { type KafkaTestBroker, startKafkaTestBroker } from '@chorus/kafka-test-broker';
import {
  type BusMessage,
  createEnvelope,
  decodeEnvelope,
  encodeEnvelope,
  type EventBus,
  KafkaEventBus,
  Topics,
} from '@chorus/service-kit';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { MemoryAnswerCache } from '../src/answer-cache';
import { Answering } from '../src/answering';
import { panelPersonas } from '../src/domain/panel-personas';
import { LocalEngine } from '../src/engines/local';
import { QuestionWorker } from '../src/events';
import { business } from './fixtures';
import { drawMembers, testFrame } from './panel-fixtures';

// A market panel's question of 5,000 personas, asked in 25 parts of 200 over
// Kafka (the test broker speaks its protocol), answered by three question
// workers of one consumer group: every persona is answered once, and the
// parts spread over the workers.

const PANEL = 5_000;
const PART = 200;
const PARTS = PANEL / PART;

/** A worker's bus that remembers what the worker published. */
class RecordingBus implements EventBus {
  constructor(
    private readonly inner: EventBus,
    private readonly onPublish: (message: BusMessage) => void,
  ) {}

  async publish(messages: BusMessage[]): Promise<void> {
    await this.inner.publish(messages);
    messages.forEach(this.onPublish);
  }

  subscribe(subscription: Parameters<EventBus['subscribe']>[0]): Promise<void> {
    return this.inner.subscribe(subscription);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

let broker: KafkaTestBroker;
const buses: EventBus[] = [];
const workers: QuestionWorker[] = [];
/** Which workers published an answer to each part. */
const answeredBy = new Map<number, string[]>();
/** Every QuestionAnswered heard on inference.v1, by part. */
const heard = new Map<number, QuestionAnswered[]>();

const kafkaBus = (clientId: string) =>
  new KafkaEventBus({
    brokers: broker.brokers,
    clientId,
    logger: testLogger(),
    sessionTimeoutMs: 3_000,
    maxWaitTimeMs: 100,
  });

beforeAll(async () => {
  broker = await startKafkaTestBroker({
    topics: [
      { name: Topics.catalog, partitions: 12 },
      { name: Topics.inference, partitions: 12 },
    ],
  });
  const starts: Promise<void>[] = [];
  for (const name of ['worker-a', 'worker-b', 'worker-c']) {
    const bus = new RecordingBus(kafkaBus(name), (message) => {
      const event = decodeEnvelope(message.value).event;
      if (event?.$case !== 'questionAnswered' || !event.value.part) return;
      const index = event.value.part.index;
      answeredBy.set(index, [...(answeredBy.get(index) ?? []), name]);
    });
    buses.push(bus);
    const logger = testLogger();
    const worker = new QuestionWorker({
      bus,
      answering: new Answering({
        engine: new LocalEngine(),
        limit: pLimit(16),
        logger,
        cache: new MemoryAnswerCache(20_000),
        draws: 20,
        prices: defaultModelPrices,
        concurrency: 16,
      }),
      logger,
      concurrency: 4,
      progressMs: 250,
    });
    workers.push(worker);
    starts.push(worker.start());
  }
  // The catalog's side: a group of its own listening to inference.v1.
  const listener = kafkaBus('parts-listener');
  buses.push(listener);
  starts.push(
    listener.subscribe({
      groupId: 'parts-listener',
      topics: [Topics.inference],
      handle: (message) => {
        const event = decodeEnvelope(message.value).event;
        if (event?.$case === 'questionAnswered' && event.value.part) {
          const index = event.value.part.index;
          heard.set(index, [...(heard.get(index) ?? []), event.value]);
        }
        return Promise.resolve();
      },
    }),
  );
  // Every member starts at once, so the group forms in one rebalance.
  await Promise.all(starts);
}, 120_000);

afterAll(async () => {
  for (const worker of workers) worker.stop();
  await Promise.allSettled(buses.map((bus) => bus.close()));
  await broker?.close();
}, 60_000);

describe("a market panel's question over Kafka", () => {
  it('answers every one of 5,000 personas once, the parts shared by the workers', async () => {
    const personas = panelPersonas(testFrame, drawMembers(PANEL, 9), 9);
    const questionId = randomUUID();
    const messages: BusMessage[] = [];
    for (let index = 0; index < PARTS; index++) {
      const key = `${questionId}:${index}`;
      const envelope = createEnvelope(key, {
        $case: 'questionAsked',
        value: {
          questionId,
          productId: 'product-1',
          userId: 'user-1',
          questionText: 'Would you pay £4 a month for a meal planner that cuts food waste?',
          personas: personas.slice(index * PART, (index + 1) * PART),
          business,
          seed: 9,
          part: { index, count: PARTS, total: PANEL },
        },
      });
      messages.push({ topic: Topics.catalog, key, value: encodeEnvelope(envelope), headers: {} });
    }
    const publisher = kafkaBus('parts-publisher');
    buses.push(publisher);
    // Published a few parts at a time, as the catalog's outbox relay does.
    for (let start = 0; start < messages.length; start += 5) {
      await publisher.publish(messages.slice(start, start + 5));
    }

    await eventually(() => heard.size === PARTS, {
      // A deadline for a machine busy with other work, not a speed: about 20 s when it is not.
      timeoutMs: 300_000,
      intervalMs: 200,
      what: 'an answer to every part',
    });

    // Every part is answered, for its own personas; a part answered twice
    // (redelivered in a rebalance) was answered the same both times.
    expect([...heard.keys()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: PARTS }, (_, i) => i),
    );
    const answered = new Map<string, number>();
    for (const [index, answers] of heard) {
      const [first, ...again] = answers;
      expect(first!.questionId).toBe(questionId);
      expect(first!.part).toEqual({ index, count: PARTS, total: PANEL });
      expect(first!.responses.map((r) => r.personaId)).toEqual(
        personas.slice(index * PART, (index + 1) * PART).map((p) => p.personaId),
      );
      for (const repeat of again) {
        expect(JSON.stringify(repeat.responses)).toBe(JSON.stringify(first!.responses));
      }
      for (const response of first!.responses) {
        answered.set(response.personaId, (answered.get(response.personaId) ?? 0) + 1);
      }
    }
    // Nothing lost, nothing answered in two parts.
    expect(answered.size).toBe(PANEL);
    expect([...answered.values()].every((count) => count === 1)).toBe(true);
    expect(new Set(personas.map((p) => p.personaId))).toEqual(new Set(answered.keys()));

    // The parts spread over the workers.
    expect(answeredBy.size).toBe(PARTS);
    const workersUsed = new Set([...answeredBy.values()].flat());
    expect(workersUsed.size).toBeGreaterThan(1);
  }, 360_000);
});
