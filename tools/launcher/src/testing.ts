import { dropDatabase } from '@chorus/service-kit';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { databaseUrlFor, type RunningChorus, startChorus } from './system';

interface LogLine {
  level: number;
  msg: string;
  service?: string;
  [key: string]: unknown;
}

interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export type Api = <T = Record<string, unknown>>(
  path: string,
  options?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> },
) => Promise<ApiAnswer<T>>;

/** Calls the API at `url` (a gateway), answering JSON parsed, or the text when it is not JSON. */
export function apiAt(url: string): Api {
  return async (path, { method = 'GET', body, token, headers = {} } = {}) => {
    const response = await fetch(url + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body: parsed as never, headers: response.headers };
  };
}

export interface TestChorus extends RunningChorus {
  /** Every log line so far, parsed (reset links are found here, as a developer would). */
  logs: LogLine[];
  /** A service's database, e.g. databaseUrl('roadmap'), to set up states no route makes (an expired link). */
  databaseUrl(service: string): string;
  api: Api;
}

/**
 * The whole system in this process on fresh databases of the test server
 * (TEST_DATABASE_URL), with free ports; stop() drops the databases.
 */
export async function startTestChorus(
  options: {
    env?: Record<string, string>;
    kafkaBrokers?: string;
    redisUrl?: string;
    /** false: the gateway calls the services over gRPC, as the distributed run does. */
    inProcess?: boolean;
  } = {},
): Promise<TestChorus> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('TEST_DATABASE_URL is not set; run through jest (global setup)');
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        logs.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'info', base: {} }, sink);
  const prefix = `test_${randomBytes(4).toString('hex')}`;
  const chorus = await startChorus({
    databaseUrl: server,
    databasePrefix: prefix,
    port: 0,
    grpcPortBase: 0,
    logger,
    kafkaBrokers: options.kafkaBrokers,
    redisUrl: options.redisUrl,
    ...(options.inProcess === false ? { inProcess: false } : {}),
    env: { HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:8080', ...options.env },
  });
  // Every service's database, and the event bus's when there is no Kafka.
  const databases = [
    ...Object.keys(chorus.grpcPorts).filter((name) => name !== 'gateway'),
    ...(options.kafkaBrokers ? [] : ['events']),
  ];
  return {
    ...chorus,
    logs,
    databaseUrl: (service) => databaseUrlFor(server, `${prefix}_${service}`),
    api: apiAt(chorus.url),
    async stop() {
      await chorus.stop();
      await Promise.all(
        databases.map((name) => dropDatabase(databaseUrlFor(server, `${prefix}_${name}`))),
      );
    },
  };
}
