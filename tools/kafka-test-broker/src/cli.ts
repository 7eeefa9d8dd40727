import { parseArgs } from 'node:util';

import { startKafkaTestBroker, type TopicSpec } from './index';

const usage = 'usage: node dist/cli.js [--brokers N] [--topic name:partitions]...';

class UsageError extends Error {}

function parseTopic(spec: string): TopicSpec {
  const match = /^(.+):(\d+)$/.exec(spec);
  if (!match?.[1] || !match[2]) throw new UsageError(`--topic ${spec}: expected name:partitions`);
  return { name: match[1], partitions: Number(match[2]) };
}

function parseCommandLine(): { help: boolean; brokers: number; topics: TopicSpec[] } {
  try {
    const { values } = parseArgs({
      options: {
        brokers: { type: 'string', default: '1' },
        topic: { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    return {
      help: values.help,
      brokers: Number(values.brokers),
      topics: values.topic.map(parseTopic),
    };
  } catch (error) {
    throw error instanceof Error ? new UsageError(error.message) : error;
  }
}

async function main(): Promise<void> {
  const { help, brokers, topics } = parseCommandLine();
  if (help) {
    console.log(usage);
    return;
  }

  const broker = await startKafkaTestBroker({ brokers, topics });
  // stdout carries only the address, so scripts can capture it; people read stderr.
  console.log(broker.bootstrapServers);
  console.error(
    `Kafka test broker running (${broker.brokers.length} broker(s)` +
      `${topics.map((topic) => `, ${topic.name}:${topic.partitions}`).join('')}). Ctrl-C stops it.`,
  );

  await new Promise<void>((resolveStopped) => {
    process.once('SIGINT', () => resolveStopped());
    process.once('SIGTERM', () => resolveStopped());
  });
  await broker.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof UsageError) console.error(usage);
  process.exitCode = 1;
});
