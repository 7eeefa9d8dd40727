import { type KafkaTestBroker, startKafkaTestBroker } from '@chorus/kafka-test-broker';
import pino from 'pino';
import { type BusMessage, KafkaEventBus } from '../src';
import { eventually } from '../src/testing';

// A consumer that kafkajs stops for good must not leave the service deaf: the bus starts it
// again. The fault is asked of the mock cluster: the group's SyncGroup answered with
// INVALID_REQUEST, an error kafkajs does not retry.

const syncGroupApiKey = 14;
const invalidRequest = 42;

let broker: KafkaTestBroker;
let bus: KafkaEventBus;
const warnings: string[] = [];

beforeAll(async () => {
  broker = await startKafkaTestBroker({ topics: [{ name: 'audit', partitions: 1 }] });
  const logger = pino(
    { level: 'warn' },
    {
      write: (line: string) => {
        warnings.push(String((JSON.parse(line) as { msg?: unknown }).msg));
      },
    },
  );
  bus = new KafkaEventBus({
    brokers: broker.brokers,
    clientId: 'restart-test',
    logger,
    sessionTimeoutMs: 3_000,
    maxWaitTimeMs: 100,
    restartDelayMs: 100,
  });
});

afterAll(async () => {
  await bus.close();
  await broker.close();
});

it('starts a consumer again after kafkajs stopped it on an error it does not retry', async () => {
  await broker.failNextRequests(syncGroupApiKey, invalidRequest);
  const handled: string[] = [];
  await bus.subscribe({
    groupId: 'auditors',
    topics: ['audit'],
    handle: async (message: BusMessage) => {
      handled.push(message.value.toString());
    },
  });
  await bus.publish([
    { topic: 'audit', key: 'entry-1', value: Buffer.from('entry-1'), headers: {} },
  ]);

  await eventually(() => handled.length > 0, {
    timeoutMs: 30_000,
    what: 'the message to be handled by the restarted consumer',
  });
  expect(handled).toEqual(['entry-1']);
  expect(warnings).toContain(
    'Kafka consumer stopped on an error kafkajs does not retry; starting it again',
  );
}, 60_000);
