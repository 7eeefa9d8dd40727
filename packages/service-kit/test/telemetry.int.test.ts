import { type KafkaTestBroker, startKafkaTestBroker } from '@chorus/kafka-test-broker';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Topics } from '../src';
import { createTestDatabase } from '../src/testing';

interface SpanLine {
  name: string;
  kind: number;
  traceId: string;
  scope: string;
}

let broker: KafkaTestBroker;
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  broker = await startKafkaTestBroker({ topics: [{ name: Topics.identity, partitions: 1 }] });
  database = await createTestDatabase('trace');
}, 60_000);
afterAll(async () => {
  await database.drop();
  await broker.close();
});

it('follows one request across HTTP, gRPC, PostgreSQL and Kafka in one trace', async () => {
  // Instrumentation patches modules as Node loads them, which jest's module
  // system bypasses, so the journey runs in a real Node process.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '-C',
      '@chorus/source',
      '-r',
      '@swc-node/register',
      path.join(__dirname, 'fixtures/trace-journey.ts'),
    ],
    {
      env: {
        ...process.env,
        TRACE_DATABASE_URL: database.url,
        TRACE_KAFKA_BROKERS: broker.bootstrapServers,
      },
      timeout: 90_000,
    },
  );
  const spans = stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as SpanLine);
  const httpServer = spans.find(
    (s) => s.scope.includes('instrumentation-http') && s.kind === 1 && s.name.startsWith('GET'),
  );
  // Named after the route that answered it, as the HTTP semantic conventions say.
  expect(httpServer?.name).toBe('GET /journey');
  const trace = spans.filter((s) => s.traceId === httpServer!.traceId);
  const scopes = new Set(trace.map((s) => s.scope));
  expect([...scopes]).toEqual(
    expect.arrayContaining([
      '@opentelemetry/instrumentation-http',
      '@opentelemetry/instrumentation-grpc',
      '@opentelemetry/instrumentation-pg',
      '@opentelemetry/instrumentation-kafkajs',
    ]),
  );
  // gRPC client and server; Kafka producer (kind 3) and consumer (kind 4).
  const kinds = (scope: string) => trace.filter((s) => s.scope.includes(scope)).map((s) => s.kind);
  expect(kinds('grpc')).toEqual(expect.arrayContaining([1, 2]));
  expect(kinds('kafkajs')).toEqual(expect.arrayContaining([3, 4]));
}, 120_000);
