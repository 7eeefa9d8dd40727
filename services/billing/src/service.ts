import { BillingServiceService } from '@chorus/proto/billing/v1/billing';
import {
  type RunningService,
  ServiceRuntime,
  type SharedInfrastructure,
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

export interface RunningBilling extends RunningService {
  billing: Billing;
  /** The local provider when no Stripe key is configured (tests move its clock). */
  local?: LocalPaymentProvider;
}

/**
 * Wires the billing service: database, payment provider (Stripe with
 * STRIPE_SECRET_KEY, the local provider otherwise), provider events,
 * catalog and identity consumers, outbox relay, gRPC server.
 */
export async function startBilling(
  config: BillingConfig,
  deps: SharedInfrastructure & {
    /** The local provider's clock (tests). */
    now?: () => Date;
    /** Where the Stripe SDK sends requests (tests replay recorded answers). */
    stripe?: Pick<StripeConnection, 'host' | 'port' | 'protocol'>;
  } = {},
): Promise<RunningBilling> {
  const runtime = await ServiceRuntime.open('billing', config, migrations, deps);
  const { db, bus, relay, logger } = runtime;
  const now = deps.now ?? (() => new Date());
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
  local?.start();
  const running = await runtime.serve(
    config,
    BillingServiceService,
    billingHandlers(billing, new BillingAdmin({ db, now })),
    async () => {
      await local?.stop();
    },
  );
  return { ...running, billing, local };
}
