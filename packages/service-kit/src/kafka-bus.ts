import { type Consumer, Kafka, logLevel, type Producer } from 'kafkajs';
import { type BusMessage, type BusSubscription, type EventBus, handleWithRetry } from './event-bus';
import type { Logger } from './logger';

interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  logger: Logger;
  /** Consumer session timeout; short in tests so rebalances are quick. */
  sessionTimeoutMs?: number;
  /**
   * How long a fetch waits for new messages (kafkajs default 5 s). Tests on
   * the mock cluster use ~100 ms: it answers an empty fetch only at the end.
   */
  maxWaitTimeMs?: number;
  /** How long a consumer that kafkajs stopped for good waits before it starts again. */
  restartDelayMs?: number;
}

/**
 * The distributed run's bus. Producing is at-least-once (the outbox retries
 * until Kafka acknowledges); consuming commits an offset only after the
 * handler succeeded, so a crash redelivers instead of losing.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private closed = false;
  private producer?: Promise<Producer>;
  private readonly consumers: Consumer[] = [];

  constructor(private readonly options: KafkaBusOptions) {
    const logger = options.logger.child({ component: 'kafkajs' });
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      connectionTimeout: 3_000,
      requestTimeout: 10_000,
      retry: { initialRetryTime: 200, maxRetryTime: 5_000, retries: 5 },
      logLevel: logLevel.WARN,
      logCreator:
        () =>
        ({ level, log }) => {
          const { message, ...extra } = log;
          if (level <= logLevel.ERROR) logger.error(extra, message);
          else logger.warn(extra, message);
        },
    });
  }

  async publish(messages: BusMessage[]): Promise<void> {
    // A closed bus must not connect a new producer that nothing would close.
    if (this.closed) throw new Error('event bus is closed');
    if (messages.length === 0) return;
    const producer = await this.connectedProducer();
    const byTopic = new Map<string, BusMessage[]>();
    for (const m of messages) byTopic.set(m.topic, [...(byTopic.get(m.topic) ?? []), m]);
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({
        topic,
        messages: list.map((m) => ({ key: m.key, value: m.value, headers: m.headers })),
      })),
    });
  }

  async subscribe(subscription: BusSubscription): Promise<void> {
    const sessionTimeout = this.options.sessionTimeoutMs ?? 30_000;
    const consumer = this.kafka.consumer({
      groupId: subscription.groupId,
      sessionTimeout,
      heartbeatInterval: Math.min(3_000, Math.floor(sessionTimeout / 6)),
      maxWaitTimeInMs: this.options.maxWaitTimeMs ?? 500,
      allowAutoTopicCreation: true,
      retry: { initialRetryTime: 200, maxRetryTime: 5_000, retries: Number.MAX_SAFE_INTEGER },
    });
    this.consumers.push(consumer);
    // kafkajs restarts a consumer after errors it retries, but stops it for good (already
    // disconnected) after any other, such as INVALID_REQUEST. A service must not silently stop
    // consuming, so the subscription starts again on a fresh consumer: the group's committed
    // offsets say where it goes on.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || this.closed) return;
      this.consumers.splice(this.consumers.indexOf(consumer), 1);
      this.options.logger.warn(
        { groupId: subscription.groupId, err: payload.error },
        'Kafka consumer stopped on an error kafkajs does not retry; starting it again',
      );
      this.resubscribeLater(subscription);
    });
    await consumer.connect();
    for (const topic of subscription.topics) {
      await consumer.subscribe({ topic, fromBeginning: subscription.fromBeginning ?? true });
    }
    await consumer.run({
      autoCommit: true,
      partitionsConsumedConcurrently: subscription.concurrency ?? 1,
      eachMessage: async ({ topic, partition, message }) => {
        const busMessage: BusMessage = {
          topic,
          key: message.key?.toString() ?? '',
          value: message.value ?? Buffer.alloc(0),
          headers: Object.fromEntries(
            Object.entries(message.headers ?? {}).map(([k, v]) => [k, v?.toString() ?? '']),
          ),
        };
        await handleWithRetry(
          () => subscription.handle(busMessage),
          this.options.logger,
          () => ({ topic, partition, offset: message.offset, groupId: subscription.groupId }),
          { attempts: 20, maxDelayMs: 5_000 },
        );
      },
    });
  }

  /** Subscribes again after the restart delay, and again after that while it fails. */
  private resubscribeLater(subscription: BusSubscription): void {
    setTimeout(() => {
      if (this.closed) return;
      this.subscribe(subscription).catch((error: unknown) => {
        this.options.logger.error(
          { groupId: subscription.groupId, err: error },
          'Kafka consumer could not start again; trying later',
        );
        this.resubscribeLater(subscription);
      });
    }, this.options.restartDelayMs ?? 1_000);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.consumers.map((c) => c.disconnect()));
    if (this.producer) await (await this.producer).disconnect().catch(() => undefined);
  }

  private connectedProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer({ allowAutoTopicCreation: true });
      await producer.connect();
      return producer;
    })();
    // A failed connect must not poison later attempts (Kafka may come back).
    this.producer.catch(() => {
      this.producer = undefined;
    });
    return this.producer;
  }
}
