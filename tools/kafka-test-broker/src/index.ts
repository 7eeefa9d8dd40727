import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

export interface TopicSpec {
  name: string;
  partitions: number;
}

interface KafkaTestBrokerOptions {
  /** Brokers in the cluster (default 1); each partition is replicated on up to 3 of them. */
  brokers?: number;
  /** Topics that exist before the broker is returned, so no client races their creation. */
  topics?: TopicSpec[];
}

export interface KafkaTestBroker {
  /** Comma-separated host:port list, as a client's bootstrap servers setting expects. */
  readonly bootstrapServers: string;
  readonly brokers: string[];
  createTopic(name: string, partitions: number): Promise<void>;
  /**
   * Fault: the next `count` requests of one Kafka API (by its key, e.g. 14 for SyncGroup) are
   * answered with `errorCode` (a Kafka protocol error code, e.g. 42 for INVALID_REQUEST).
   */
  failNextRequests(apiKey: number, errorCode: number, count?: number): Promise<void>;
  /** Outage: every broker drops its connections and refuses new ones, keeping all its data. */
  stop(): Promise<void>;
  /** End of the outage: the same ports accept connections again. */
  start(): Promise<void>;
  /** Terminates the cluster process; its topics, messages and offsets are gone. */
  close(): Promise<void>;
}

const packageRoot = resolve(__dirname, '..');
const nativeSource = join(packageRoot, 'native', 'kafka-test-broker.c');
const buildDirectory = join(packageRoot, 'build');
const brokerBinary = join(buildDirectory, 'kafka-test-broker');

// Kafka's own rule for topic names; it also keeps them safe for the line protocol.
const legalTopicName = /^[a-zA-Z0-9._-]{1,249}$/;

let brokerBinaryReady: Promise<string> | undefined;

export async function startKafkaTestBroker(
  options: KafkaTestBrokerOptions = {},
): Promise<KafkaTestBroker> {
  const brokerCount = options.brokers ?? 1;
  if (!Number.isInteger(brokerCount) || brokerCount < 1) {
    throw new Error(`Kafka test broker: brokers must be a positive integer, got ${brokerCount}`);
  }
  const topics = options.topics ?? [];
  topics.forEach(assertValidTopic);

  const args = ['--brokers', String(brokerCount)];
  for (const topic of topics) args.push('--topic', `${topic.name}:${topic.partitions}`);
  const cluster = new ClusterProcess(spawn(await ensureBrokerBinary(), args));
  const bootstrapServers = await cluster.ready;

  return {
    bootstrapServers,
    brokers: bootstrapServers.split(','),
    createTopic: async (name, partitions) => {
      assertValidTopic({ name, partitions });
      await cluster.command(`topic ${name} ${partitions}`);
    },
    failNextRequests: async (apiKey, errorCode, count = 1) => {
      assertIntegerIn('API key', apiKey, 0, 32767);
      assertIntegerIn('error code', errorCode, 1, 32767);
      assertIntegerIn('count', count, 1, 1000);
      await cluster.command(`fail ${apiKey} ${errorCode} ${count}`);
    },
    stop: () => cluster.command('down'),
    start: () => cluster.command('up'),
    close: () => cluster.close(),
  };
}

function assertValidTopic({ name, partitions }: TopicSpec): void {
  if (!legalTopicName.test(name)) {
    throw new Error(`Kafka test broker: illegal topic name ${JSON.stringify(name)}`);
  }
  if (!Number.isInteger(partitions) || partitions < 1) {
    throw new Error(
      `Kafka test broker: topic ${name} needs a positive partition count, got ${partitions}`,
    );
  }
}

/** The same bounds as the native program's, so a bad argument fails here with its name. */
function assertIntegerIn(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(
      `Kafka test broker: ${name} must be an integer from ${min} to ${max}, got ${value}`,
    );
  }
}

type PendingAnswer = { resolve: (line: string) => void; reject: (error: Error) => void };

/** Speaks the line protocol of native/kafka-test-broker.c: one answer per command, in order. */
class ClusterProcess {
  readonly ready: Promise<string>;
  private readonly pendingAnswers: PendingAnswer[] = [];
  private readonly exited: Promise<void>;
  private exitError: Error | undefined;
  private stderrTail = '';

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    // READY is the first answer, awaited like any other.
    this.ready = this.nextAnswer().then((line) => {
      const bootstrapServers = /^READY (\S+)$/.exec(line)?.[1];
      if (!bootstrapServers) throw new Error(`Kafka test broker: unexpected first line ${line}`);
      return bootstrapServers;
    });

    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-4000);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      this.pendingAnswers.shift()?.resolve(line);
    });
    // Writing to a process that just died must reject the command, not crash the test run.
    child.stdin.on('error', () => undefined);

    this.exited = new Promise((resolveExited) => {
      child.once('error', (error) => this.fail(`cannot run ${child.spawnfile}: ${error.message}`));
      child.once('close', (code, signal) => {
        this.fail(`process exited (${signal ?? `code ${code}`})`);
        resolveExited();
      });
    });
  }

  async command(line: string): Promise<void> {
    const answer = this.nextAnswer();
    this.child.stdin.write(`${line}\n`);
    const reply = await answer;
    if (reply !== 'OK') throw new Error(`Kafka test broker: ${line}: ${reply}`);
  }

  async close(): Promise<void> {
    if (!this.exitError) this.child.stdin.end('quit\n');
    await this.exited;
  }

  private nextAnswer(): Promise<string> {
    if (this.exitError) return Promise.reject(this.exitError);
    return new Promise((resolveAnswer, reject) =>
      this.pendingAnswers.push({ resolve: resolveAnswer, reject }),
    );
  }

  private fail(reason: string): void {
    const stderr = this.stderrTail.trim();
    this.exitError ??= new Error(`Kafka test broker: ${reason}${stderr ? `\n${stderr}` : ''}`);
    for (const pending of this.pendingAnswers.splice(0)) pending.reject(this.exitError);
  }
}

/** Compiles the broker once per process, and again whenever the C source is newer. */
function ensureBrokerBinary(): Promise<string> {
  brokerBinaryReady ??= compileIfStale().catch((error: unknown) => {
    brokerBinaryReady = undefined;
    throw error;
  });
  return brokerBinaryReady;
}

async function compileIfStale(): Promise<string> {
  const [source, binary] = await Promise.all([
    stat(nativeSource),
    stat(brokerBinary).catch(() => undefined),
  ]);
  if (binary && binary.mtimeMs >= source.mtimeMs) return brokerBinary;

  await mkdir(buildDirectory, { recursive: true });
  // Parallel test workers may compile at once: each writes its own file, and rename is atomic.
  const partialBinary = `${brokerBinary}.${process.pid}.tmp`;
  try {
    await runCompiler([
      ...['-std=c11', '-D_GNU_SOURCE', '-O2', '-Wall', '-pthread'],
      ...['-o', partialBinary, nativeSource, '-lrdkafka'],
    ]);
    await rename(partialBinary, brokerBinary);
  } finally {
    await rm(partialBinary, { force: true });
  }
  return brokerBinary;
}

function runCompiler(args: string[]): Promise<void> {
  return new Promise((resolveCompiled, reject) => {
    execFile('cc', args, (error, _stdout, stderr) => {
      if (!error) return resolveCompiled();
      if ('code' in error && error.code === 'ENOENT') {
        return reject(
          new Error(
            'Kafka test broker: no C compiler `cc` on the PATH; on Debian: ' +
              '`apt-get install gcc librdkafka-dev`',
          ),
        );
      }
      if (/rdkafka(_mock)?\.h: No such file|cannot find -lrdkafka/.test(stderr)) {
        return reject(
          new Error(
            'Kafka test broker: the librdkafka headers or library are missing; on Debian: ' +
              `\`apt-get install librdkafka-dev\`\n${stderr}`,
          ),
        );
      }
      reject(new Error(`Kafka test broker: compiling ${nativeSource} failed:\n${stderr}`));
    });
  });
}
