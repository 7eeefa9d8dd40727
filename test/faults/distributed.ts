import { startKafkaTestBroker, type KafkaTestBroker } from '@chorus/kafka-test-broker';
import { databaseUrlFor, gatewayMain, services } from '@chorus/launcher/system';
import { checkHealth, dropDatabase, generateTokenKeys, Topics } from '@chorus/service-kit';
import { eventually } from '@chorus/service-kit/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from './helpers';

const root = path.resolve(__dirname, '../..');

/** `persona-inference#2` -> `persona-inference` */
const serviceOf = (name: string) => name.split('#')[0]!;

interface Running {
  child: ChildProcess;
  exited: Promise<number | null>;
}

/**
 * Chorus as a deployment runs it: every service and the gateway its own
 * built process (`npm run build` first), gRPC over loopback, events over
 * Kafka (the test broker), each service its own database on `databaseServer`.
 * Processes can be killed, stopped and started again, one at a time.
 */
export class DistributedChorus {
  readonly logs: string[] = [];
  private readonly running = new Map<string, Running>();
  private readonly replicaAddresses = new Map<string, string>();

  private constructor(
    readonly url: string,
    readonly broker: KafkaTestBroker,
    private readonly databaseServer: string,
    private readonly prefix: string,
    private readonly environments: Map<string, NodeJS.ProcessEnv>,
    readonly addresses: Record<string, string>,
  ) {}

  static async start(
    options: { databaseServer?: string; env?: Record<string, string> } = {},
  ): Promise<DistributedChorus> {
    const databaseServer = options.databaseServer ?? process.env.TEST_DATABASE_URL;
    if (!databaseServer) throw new Error('TEST_DATABASE_URL is not set');
    const broker = await startKafkaTestBroker({
      topics: Object.values(Topics).map((name) => ({ name, partitions: 3 })),
    });
    const keys = generateTokenKeys();
    const prefix = `fault_${randomBytes(4).toString('hex')}`;
    const common: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'info',
      KAFKA_BROKERS: broker.bootstrapServers,
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      TOKEN_PRIVATE_KEY: keys.privateKey,
      TOKEN_PUBLIC_KEY: keys.publicKey,
      CARD_DATA_KEY: randomBytes(32).toString('base64'),
      DATABASE_CREATE: 'true',
      GRPC_HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:8080',
      ...options.env,
    };
    const environments = new Map<string, NodeJS.ProcessEnv>();
    const addresses: Record<string, string> = {};
    for (const service of services) {
      const port = await freePort();
      addresses[service.addressVariable] = `127.0.0.1:${port}`;
      environments.set(service.name, {
        ...common,
        GRPC_PORT: String(port),
        DATABASE_URL: databaseUrlFor(databaseServer, `${prefix}_${service.name}`),
      });
    }
    const port = await freePort();
    environments.set('gateway', { ...common, ...addresses, PORT: String(port), HOST: '127.0.0.1' });
    const chorus = new DistributedChorus(
      `http://127.0.0.1:${port}`,
      broker,
      databaseServer,
      prefix,
      environments,
      addresses,
    );
    try {
      // Services one by one (each creates its database), then the gateway.
      for (const service of services) await chorus.startProcess(service.name);
      await chorus.startProcess('gateway');
    } catch (error) {
      await chorus.stop();
      throw error;
    }
    return chorus;
  }

  /** The service's gRPC address, e.g. catalog -> 127.0.0.1:40123 */
  addressOf(name: string): string {
    const service = services.find((s) => s.name === name)!;
    return this.addresses[service.addressVariable]!;
  }

  /** The database of a service, e.g. for checking what it stored. */
  databaseUrlOf(name: string): string {
    return databaseUrlFor(this.databaseServer, `${this.prefix}_${name}`);
  }

  /**
   * Starts another process of a service under its own name (e.g.
   * `persona-inference#2`), on its own gRPC port, with extra settings.
   */
  async startReplica(name: string, replica: string, env: Record<string, string> = {}) {
    const port = await freePort();
    this.environments.set(replica, {
      ...this.environments.get(name),
      GRPC_PORT: String(port),
      ...env,
    });
    this.replicaAddresses.set(replica, `127.0.0.1:${port}`);
    await this.startProcess(replica);
  }

  /** Starts a process and resolves once it answers its health check. */
  async startProcess(name: string): Promise<void> {
    const entry = name === 'gateway' ? gatewayMain : this.mainOf(serviceOf(name));
    const child = spawn(process.execPath, [path.join(root, entry)], {
      cwd: root,
      env: { ...this.environments.get(name), OTEL_SERVICE_NAME: name },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => this.logs.push(`[${name}] ${line}`));
    }
    this.running.set(name, { child, exited });
    const gone = exited.then((code) => {
      throw new Error(`${name} exited with ${code}:\n${this.logs.slice(-30).join('\n')}`);
    });
    const healthy =
      name === 'gateway'
        ? eventually(async () => (await fetch(`${this.url}/healthz`)).ok || undefined, {
            timeoutMs: 60_000,
            what: 'the gateway',
          })
        : eventually(async () => (await checkHealth(this.healthAddressOf(name))) === 'SERVING', {
            timeoutMs: 60_000,
            what: name,
          });
    await Promise.race([healthy, gone]);
    gone.catch(() => undefined);
  }

  /** Sends a signal and resolves with the exit code once the process is gone. */
  async signal(name: string, signal: NodeJS.Signals): Promise<number | null> {
    const running = this.running.get(name);
    if (!running) throw new Error(`${name} is not running`);
    running.child.kill(signal);
    const code = await running.exited;
    this.running.delete(name);
    return code;
  }

  isRunning(name: string): boolean {
    return this.running.has(name);
  }

  async stop(): Promise<void> {
    const replicas = [...this.replicaAddresses.keys()];
    for (const name of ['gateway', ...replicas, ...services.map((s) => s.name).reverse()]) {
      if (this.running.has(name)) await this.signal(name, 'SIGTERM');
    }
    await this.broker.close();
    await Promise.all(
      services.map((service) =>
        dropDatabase(databaseUrlFor(this.databaseServer, `${this.prefix}_${service.name}`)).catch(
          () => undefined,
        ),
      ),
    );
  }

  private healthAddressOf(name: string): string {
    return this.replicaAddresses.get(name) ?? this.addressOf(name);
  }

  private mainOf(name: string): string {
    return services.find((s) => s.name === name)!.main;
  }
}
