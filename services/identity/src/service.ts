import { IdentityServiceService } from '@chorus/proto/identity/v1/identity';
import {
  createEventBus,
  createLogger,
  type EventBus,
  implement,
  type Logger,
  openDatabase,
  OutboxRelay,
  privateKeyFromPem,
  startGrpcServer,
  TokenIssuer,
} from '@chorus/service-kit';
import { migrations } from '../migrations';
import { Accounts } from './accounts';
import { AdminAuditLog } from './audit-log';
import type { IdentityConfig } from './config';
import { createMailer, type Mailer } from './mailer';
import { identityHandlers } from './server';
import { IdentityStore } from './store';

export interface RunningIdentity {
  port: number;
  accounts: Accounts;
  stop(): Promise<void>;
}

/**
 * Wires the identity service: database, outbox relay, gRPC server. The
 * embedded run passes its shared bus and logger; a standalone process makes
 * its own from the configuration.
 */
export async function startIdentity(
  config: IdentityConfig,
  deps: {
    bus?: EventBus;
    logger?: Logger;
    /** Tests capture reset links here instead of reading the log. */
    mailer?: Mailer;
    now?: () => Date;
  } = {},
): Promise<RunningIdentity> {
  const logger = deps.logger ?? createLogger('identity', config.LOG_LEVEL);
  const bus =
    deps.bus ?? createEventBus({ brokers: config.KAFKA_BROKERS, clientId: 'identity', logger });
  const db = await openDatabase({
    url: config.DATABASE_URL,
    migrations,
    logger,
    create: config.DATABASE_CREATE,
  });
  const relay = new OutboxRelay({ db, bus, logger });
  const store = new IdentityStore(db);
  const accounts = new Accounts({
    store,
    issuer: new TokenIssuer(privateKeyFromPem(config.TOKEN_PRIVATE_KEY)),
    mailer:
      deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }),
    relay,
    logger,
    tokenTtlMs: config.ACCESS_TOKEN_TTL_SECONDS * 1000,
    now: deps.now,
  });
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await accounts.seedAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    logger.info({ email: config.ADMIN_EMAIL }, 'admin account ready');
  }
  await store.deleteExpiredSessions(new Date());
  relay.start();
  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    logger,
    services: [
      {
        definition: IdentityServiceService,
        implementation: implement(
          IdentityServiceService,
          identityHandlers(accounts, new AdminAuditLog(db)),
          logger,
        ),
      },
    ],
  });
  return {
    port: server.port,
    accounts,
    async stop() {
      await server.shutdown();
      await relay.stop();
      if (!deps.bus) await bus.close();
      await db.destroy();
    },
  };
}
