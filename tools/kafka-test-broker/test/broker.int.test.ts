import {
  type Admin,
  type Consumer,
  type ConsumerConfig,
  type IMemberAssignment,
  Kafka,
  type LogEntry,
  logLevel,
  Partitioners,
  type Producer,
} from 'kafkajs';

import { type KafkaTestBroker, startKafkaTestBroker } from '../src';

// Against librdkafka's mock cluster these settings keep kafkajs fast (see README):
// - maxWaitTimeInMs: an empty Fetch is answered only after the full wait, so it bounds latency.
// - sessionTimeout: a rebalance of a running group waits sessionTimeout - 1 s for members.
// - heartbeatInterval: how soon running members notice a rebalance.
// The first join of a new group always takes 3 s (fixed in the mock), so members that should
// share a generation are started together.
const quickConsumer = {
  sessionTimeout: 3000,
  heartbeatInterval: 500,
  maxWaitTimeInMs: 100,
} satisfies Omit<ConsumerConfig, 'groupId'>;

// Enough connection retries to ride out a short outage, with a short backoff.
const quickRetry = { retries: 30, initialRetryTime: 50, maxRetryTime: 300 };

interface ReceivedMessage {
  member: number;
  partition: number;
  key: string;
  value: string;
}

// Each consumer group's first join alone takes 3 s on the mock.
jest.setTimeout(30_000);

let broker: KafkaTestBroker | undefined;
const disconnects: Array<() => Promise<void>> = [];

afterEach(async () => {
  try {
    await Promise.allSettled(disconnects.splice(0).map((disconnect) => disconnect()));
  } finally {
    await broker?.close();
    broker = undefined;
  }
});

/** Log lines are kept for tests to await rather than printed: outages log errors by design. */
function connectKafka(testBroker: KafkaTestBroker): { kafka: Kafka; logs: LogEntry[] } {
  const logs: LogEntry[] = [];
  const kafka = new Kafka({
    clientId: 'kafka-test-broker-test',
    brokers: testBroker.brokers,
    retry: quickRetry,
    logLevel: logLevel.WARN,
    logCreator: () => (entry) => logs.push(entry),
  });
  return { kafka, logs };
}

async function connected<Client extends Producer | Consumer | Admin>(
  client: Client,
): Promise<Client> {
  await client.connect();
  disconnects.push(() => client.disconnect());
  return client;
}

async function waitFor(
  description: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** True once the group committed every message of the topic: nothing is redelivered after. */
async function groupCaughtUp(admin: Admin, groupId: string, topic: string): Promise<boolean> {
  const [endOffsets, [committed]] = await Promise.all([
    admin.fetchTopicOffsets(topic),
    admin.fetchOffsets({ groupId, topics: [topic] }),
  ]);
  return endOffsets.every(
    ({ partition, high }) =>
      committed?.partitions.find((entry) => entry.partition === partition)?.offset ===
      (high === '0' ? '-1' : high),
  );
}

/**
 * Starts a group member. The mock answers a follower's SyncGroup that arrives after the leader's
 * with INVALID_REQUEST (see native/kafka-test-broker.c), an error kafkajs does not retry: the
 * consumer stops for good. Such a member starts again on a fresh consumer, as a service's own
 * bus does, so that the group still reaches two members.
 */
async function startMember(
  kafka: Kafka,
  groupId: string,
  topic: string,
  member: number,
  received: ReceivedMessage[],
  assignments: Map<number, IMemberAssignment>,
): Promise<void> {
  const consumer = await connected(kafka.consumer({ groupId, ...quickConsumer }));
  consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
    assignments.set(member, payload.memberAssignment);
  });
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (payload.restart || broker === undefined) return;
    assignments.delete(member);
    void startMember(kafka, groupId, topic, member, received, assignments).catch(() => undefined);
  });
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ partition, message }) => {
      received.push({
        member,
        partition,
        key: message.key?.toString() ?? '',
        value: message.value?.toString() ?? '',
      });
    },
  });
}

test('a consumer group of two shares the partitions and keeps per-key order', async () => {
  broker = await startKafkaTestBroker({ topics: [{ name: 'orders', partitions: 3 }] });
  const { kafka } = connectKafka(broker);
  const producer = await connected(
    kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner }),
  );
  const admin = await connected(kafka.admin());
  const received: ReceivedMessage[] = [];
  const assignments = new Map<number, IMemberAssignment>();

  await Promise.all(
    [0, 1].map((member) =>
      startMember(kafka, 'order-processors', 'orders', member, received, assignments),
    ),
  );
  // Producing only once both members hold disjoint partitions avoids a rebalance mid-test.
  await waitFor('both members to share the 3 partitions', () => {
    const owned = [...assignments.values()].flatMap((assignment) => assignment['orders'] ?? []);
    return assignments.size === 2 && owned.length === 3 && new Set(owned).size === 3;
  });

  const orderIds = Array.from({ length: 12 }, (_, index) => `order-${index}`);
  const steps = [0, 1, 2, 3, 4];
  await producer.send({
    topic: 'orders',
    messages: steps.flatMap((step) =>
      orderIds.map((orderId) => ({ key: orderId, value: `${orderId}/${step}` })),
    ),
  });
  await waitFor('the group to commit every order', () =>
    groupCaughtUp(admin, 'order-processors', 'orders'),
  );

  expect(received).toHaveLength(orderIds.length * steps.length);
  expect(new Set(received.map((message) => message.value)).size).toBe(received.length);
  for (const orderId of orderIds) {
    const ofOrder = received.filter((message) => message.key === orderId);
    expect(new Set(ofOrder.map((message) => message.partition)).size).toBe(1);
    expect(ofOrder.map((message) => message.value)).toEqual(
      steps.map((step) => `${orderId}/${step}`),
    );
  }
  expect(new Set(received.map((message) => message.member))).toEqual(new Set([0, 1]));
});

test('a send during an outage completes after start() and is consumed exactly once', async () => {
  broker = await startKafkaTestBroker({ topics: [{ name: 'payments', partitions: 3 }] });
  const { kafka } = connectKafka(broker);
  // A client of its own, so that its log shows this producer's connection attempts only.
  const producerClient = connectKafka(broker);
  const producer = await connected(
    producerClient.kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner }),
  );
  const admin = await connected(kafka.admin());
  const received: ReceivedMessage[] = [];
  await startMember(kafka, 'payment-auditors', 'payments', 0, received, new Map());

  await producer.send({ topic: 'payments', messages: [{ key: 'payment-1', value: 'before' }] });
  await waitFor('the payment before the outage to be committed', () =>
    groupCaughtUp(admin, 'payment-auditors', 'payments'),
  );

  await broker.stop();
  const sendDuringOutage = producer.send({
    topic: 'payments',
    messages: [{ key: 'payment-2', value: 'during' }],
  });
  let sendSettled = false;
  const markSettled = (): void => {
    sendSettled = true;
  };
  sendDuringOutage.then(markSettled, markSettled);
  await waitFor('the producer to be refused a connection', () =>
    producerClient.logs.some((entry) => entry.log.message.includes('ECONNREFUSED')),
  );
  expect(sendSettled).toBe(false);

  await broker.start();
  await sendDuringOutage;
  await waitFor('the payment sent during the outage to be committed', () =>
    groupCaughtUp(admin, 'payment-auditors', 'payments'),
  );

  expect(received.map((message) => message.value)).toEqual(['before', 'during']);
});

test('createTopic adds a topic to a running cluster of several brokers', async () => {
  broker = await startKafkaTestBroker({ brokers: 3 });
  expect(broker.brokers).toHaveLength(3);
  expect(broker.bootstrapServers).toBe(broker.brokers.join(','));
  const { kafka } = connectKafka(broker);
  const admin = await connected(kafka.admin());
  const producer = await connected(kafka.producer());

  await broker.createTopic('invoices', 2);

  // Metadata would auto-create an unknown topic with 4 partitions, so 2 proves createTopic ran.
  const { topics } = await admin.fetchTopicMetadata({ topics: ['invoices'] });
  expect(topics[0]?.partitions).toHaveLength(2);
  await producer.send({ topic: 'invoices', messages: [{ partition: 1, value: 'invoice-1' }] });
  expect(await admin.fetchTopicOffsets('invoices')).toEqual(
    expect.arrayContaining([expect.objectContaining({ partition: 1, high: '1' })]),
  );
  await expect(broker.createTopic('invoices', 2)).rejects.toThrow(/already exists/);
  await expect(broker.createTopic('no spaces', 1)).rejects.toThrow(/illegal topic name/);
});

test('failNextRequests answers the next requests of one API with the error asked for', async () => {
  broker = await startKafkaTestBroker({ topics: [{ name: 'refunds', partitions: 1 }] });
  const { kafka } = connectKafka(broker);
  const admin = await connected(kafka.admin());
  const producer = await connected(kafka.producer());
  const produceApiKey = 0;
  const invalidRequest = 42;

  await broker.failNextRequests(produceApiKey, invalidRequest);

  // INVALID_REQUEST is an error kafkajs does not retry, so the send fails once, then works.
  await expect(
    producer.send({ topic: 'refunds', messages: [{ value: 'refused' }] }),
  ).rejects.toThrow(/malformed/);
  await producer.send({ topic: 'refunds', messages: [{ value: 'accepted' }] });
  expect(await admin.fetchTopicOffsets('refunds')).toEqual([
    expect.objectContaining({ partition: 0, high: '1' }),
  ]);
  await expect(broker.failNextRequests(produceApiKey, 0)).rejects.toThrow(/error code/);
  await expect(broker.failNextRequests(-1, invalidRequest)).rejects.toThrow(/API key/);
  await expect(broker.failNextRequests(produceApiKey, invalidRequest, 1001)).rejects.toThrow(
    /count/,
  );
});

test('producing to an unknown topic auto-creates it with 4 partitions', async () => {
  broker = await startKafkaTestBroker();
  const { kafka } = connectKafka(broker);
  const admin = await connected(kafka.admin());
  const producer = await connected(kafka.producer());

  await producer.send({ topic: 'unplanned', messages: [{ value: 'first' }] });

  const { topics } = await admin.fetchTopicMetadata({ topics: ['unplanned'] });
  expect(topics[0]?.partitions).toHaveLength(4);
});
