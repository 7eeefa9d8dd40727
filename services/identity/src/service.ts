import { IdentityServiceService } from '@chorus/proto/identity/v1/identity';
import {
  privateKeyFromPem,
  type RunningService,
  ServiceRuntime,
  type SharedInfrastructure,
  TokenIssuer,
} from '@chorus/service-kit';
import { migrations } from '../migrations';
import { Accounts } from './accounts';
import type { IdentityConfig } from './config';
import { Invitations } from './invitations';
import { createMailer, type Mailer } from './mailer';
import { identityHandlers } from './server';
import { IdentityStore } from './store/accounts';
import { AdminAuditLog } from './store/audit-log';

export interface RunningIdentity extends RunningService {
  accounts: Accounts;
}

/**
 * Wires the identity service: database, outbox relay, gRPC server. The
 * embedded run passes its shared bus and logger; a standalone process makes
 * its own from the configuration.
 */
export async function startIdentity(
  config: IdentityConfig,
  deps: SharedInfrastructure & {
    /** Tests capture reset and invitation links here instead of reading the log. */
    mailer?: Mailer;
    now?: () => Date;
  } = {},
): Promise<RunningIdentity> {
  const runtime = await ServiceRuntime.open('identity', config, migrations, deps);
  const { db, relay, logger } = runtime;
  const store = new IdentityStore(db);
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  const accounts = new Accounts({
    store,
    issuer: new TokenIssuer(privateKeyFromPem(config.TOKEN_PRIVATE_KEY)),
    mailer,
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
  const running = await runtime.serve(
    config,
    IdentityServiceService,
    identityHandlers(accounts, new AdminAuditLog(db), new Invitations({ mailer, logger })),
  );
  return { ...running, accounts };
}
