import { BillingServiceService } from '@chorus/proto/billing/v1/billing';
import {
  type RunningService,
  ServiceRuntime,
  type SharedInfrastructure,
} from '@chorus/service-kit';
import { migrations } from '../migrations';
import { CardDataCipher } from './card-data';
import { Checkout } from './checkout';
import type { BillingConfig } from './config';
import { Customers } from './customers';
import { consumeBillingEvents } from './events';
import { Invoices } from './invoices';
import { Ledger } from './ledger';
import { PaymentMethods } from './payment-methods';
import { Prices } from './prices';
import { Products } from './products';
import { PromoCodes } from './promo-codes';
import { ProviderEvents } from './provider-events';
import { LocalPaymentProvider } from './providers/local';
import type { PaymentProvider } from './providers/provider';
import { type StripeConnection, StripeProvider } from './providers/stripe';
import { Revenue } from './revenue';
import { type BillingModules, billingHandlers } from './server';
import { BillingStore, PromoCodeStore, RevenueStore } from './store';
import { Subscriptions } from './subscriptions';

export interface RunningBilling extends RunningService {
  billing: BillingModules;
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
  const providerEvents = new ProviderEvents({
    store,
    ledger,
    provider,
    relay,
    logger,
    now,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  });
  const products = new Products({ store, ledger });
  const customers = new Customers({ store, provider });
  const prices = new Prices({ provider });
  const promoCodeStore = new PromoCodeStore(db);
  const promoCodes = new PromoCodes({ promoCodes: promoCodeStore, now });
  const paymentMethods = new PaymentMethods({
    store,
    provider,
    products,
    customers,
    cipher: new CardDataCipher(config.CARD_DATA_KEY),
  });
  const subscriptions = new Subscriptions({
    store,
    promoCodeStore,
    ledger,
    provider,
    products,
    customers,
    paymentMethods,
    prices,
    promoCodes,
    relay,
    logger,
    now,
  });
  const billing: BillingModules = {
    prices,
    paymentMethods,
    subscriptions,
    invoices: new Invoices({ store, provider }),
    checkout: new Checkout({
      store,
      provider,
      local,
      products,
      customers,
      paymentMethods,
      prices,
      subscriptions,
      publicUrl: config.PUBLIC_URL,
    }),
    providerEvents,
    promoCodes,
    revenue: new Revenue({ revenue: new RevenueStore(db), now }),
  };
  local?.onEvent(async (event) => {
    await providerEvents.handle(event);
  });

  await consumeBillingEvents({ bus, db, store, subscriptions, relay, logger });
  local?.start();
  const running = await runtime.serve(
    config,
    BillingServiceService,
    billingHandlers(billing),
    async () => {
      await local?.stop();
    },
  );
  return { ...running, billing, local };
}
