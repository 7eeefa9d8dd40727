import { BillingServiceService } from '@chorus/proto/billing/v1/billing';
import {
  createEventBus,
  createLogger,
  type EventBus,
  implement,
  type Logger,
  openDatabase,
  OutboxRelay,
  startGrpcServer,
} from '@chorus/service-kit';
import { migrations } from '../migrations';
import { BillingAdmin } from './admin';
import { Billing } from './billing';
import { CardDataCipher } from './card-data';
import type { BillingConfig } from './config';
import { consumeBillingEvents } from './events';
import { Ledger } from './ledger';
import { ProviderEvents } from './provider-events';
import { LocalPaymentProvider } from './providers/local';
import type { PaymentProvider } from './providers/provider';
import { type StripeConnection, StripeProvider } from './providers/stripe';
import { billingHandlers } from './server';
import { BillingStore } from './store';

export interface RunningBilling {
  port: number;
  billing: Billing;
  /** The local provider when no Stripe key is configured (tests move its clock). */
  local?: LocalPaymentProvider;
  stop(): Promise<void>;
}

/**
 * Wires the billing service: database, payment provider (Stripe with
 * STRIPE_SECRET_KEY, the local provider otherwise), provider events,
 * catalog and identity consumers, outbox relay, gRPC server.
 */
export async function startBilling(
  config: BillingConfig,
  deps: {
    bus?: EventBus;
    logger?: Logger;
    /** The local provider's clock (tests). */
    now?: () => Date;
    /** Where the Stripe SDK sends requests (tests replay recorded answers). */
    stripe?: Pick<StripeConnection, 'host' | 'port' | 'protocol'>;
  } = {},
): Promise<RunningBilling> {
  const logger = deps.logger ?? createLogger('billing', config.LOG_LEVEL);
  const now = deps.now ?? (() => new Date());
  const bus =
    deps.bus ?? createEventBus({ brokers: config.KAFKA_BROKERS, clientId: 'billing', logger });
  const db = await openDatabase({
    url: config.DATABASE_URL,
    migrations,
    logger,
    create: config.DATABASE_CREATE,
  });
  const relay = new OutboxRelay({ db, bus, logger });
  const store = new BillingStore(db);

  let local: LocalPaymentProvider | undefined;
  let provider: PaymentProvider;
  if (config.STRIPE_SECRET_KEY) {
    provider = new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      ...deps.stripe,
    });
    logger.info('payments go through Stripe');
  } else {
    local = new LocalPaymentProvider({
      db,
      logger,
      publicUrl: config.PUBLIC_URL,
      now,
      tickMs: config.LOCAL_PROVIDER_TICK_SECONDS * 1000,
    });
    provider = local;
    logger.info(
      'no STRIPE_SECRET_KEY: payments go through the local provider (Stripe test mode rules)',
    );
  }

  const ledger = new Ledger({ store, provider: provider.name, logger, now });
  const events = new ProviderEvents({ store, ledger, provider, relay, logger, now });
  const billing = new Billing({
    store,
    ledger,
    provider,
    local,
    events,
    cipher: new CardDataCipher(config.CARD_DATA_KEY),
    relay,
    logger,
    publicUrl: config.PUBLIC_URL,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    now,
  });
  local?.onEvent(async (event) => {
    await events.handle(event);
  });

  await consumeBillingEvents({ bus, db, store, billing, relay, logger });
  relay.start();
  local?.start();
  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    logger,
    services: [
      {
        definition: BillingServiceService,
        implementation: implement(
          BillingServiceService,
          billingHandlers(billing, new BillingAdmin({ db, now })),
          logger,
        ),
      },
    ],
  });
  return {
    port: server.port,
    billing,
    local,
    async stop() {
      await server.shutdown();
      await local?.stop();
      await relay.stop();
      if (!deps.bus) await bus.close();
      await db.destroy();
    },
  };
}
