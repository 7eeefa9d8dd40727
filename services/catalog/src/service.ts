import { CatalogServiceService } from '@chorus/proto/catalog/v1/catalog';
import {
  consumeEvents,
  type RunningService,
  ServiceRuntime,
  type SharedInfrastructure,
  Topics,
} from '@chorus/service-kit';
import { migrations } from '../migrations';
import { BusinessProfiles } from './business-profiles';
import type { CatalogConfig } from './config';
import { Personas } from './personas';
import { Products } from './products';
import { Questions } from './questions';
import { catalogHandlers } from './server';
import { BusinessProfileStore } from './store/business-profiles';
import { PersonaStore } from './store/personas';
import { ProductCache } from './store/product-cache';
import { type ProductRow, ProductStore } from './store/products';
import { QuestionStore } from './store/questions';
import { defaultTemplateLibraryFile } from './template-library';

export type RunningCatalog = RunningService;

/**
 * Wires the catalog service: database, outbox relay, the consumer of
 * subscription changes and of inference's answers, the template library
 * seed, gRPC server. The embedded run passes its shared bus and logger; a
 * standalone process makes its own.
 */
export async function startCatalog(
  config: CatalogConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningCatalog> {
  const runtime = await ServiceRuntime.open('catalog', config, migrations, shared);
  const { db, bus, relay, logger } = runtime;
  const productCache = new ProductCache<ProductRow>({ databaseUrl: config.DATABASE_URL, logger });
  await productCache.start();
  const productStore = new ProductStore(db, productCache);
  const products = new Products({ store: productStore, relay, logger });
  const profileStore = new BusinessProfileStore(db);
  const profiles = new BusinessProfiles({ store: profileStore, products });
  const personaStore = new PersonaStore(db);
  const personas = new Personas({
    store: personaStore,
    productStore,
    products,
    relay,
    logger,
    libraryFile: config.PERSONA_TEMPLATES_FILE ?? defaultTemplateLibraryFile(),
  });
  await personas.seedIfEmpty();
  const questions = new Questions({
    store: new QuestionStore(db),
    products,
    personaStore,
    profileStore,
    relay,
    logger,
  });

  await consumeEvents({
    bus,
    db,
    groupId: 'catalog',
    topics: [Topics.billing, Topics.inference],
    logger,
    handlers: {
      subscriptionChanged: (event, { trx, envelope }) =>
        products.applySubscriptionChanged(trx, event, envelope.occurredAt ?? new Date()),
      questionProcessing: (event, { trx }) => questions.markProcessing(trx, event),
      questionAnswered: (event, { trx }) => questions.storeAnswer(trx, event),
      questionFailed: (event, { trx }) => questions.markFailed(trx, event),
    },
  });
  return runtime.serve(
    config,
    CatalogServiceService,
    catalogHandlers({ products, profiles, personas, questions }),
    () => productCache.close(),
  );
}
