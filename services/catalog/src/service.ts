import { CatalogServiceService } from '@chorus/proto/catalog/v1/catalog';
import {
  connectRedis,
  ReadVersions,
  type RunningService,
  ServiceRuntime,
  type SharedInfrastructure,
} from '@chorus/service-kit';
import { migrations } from '../migrations';
import { BusinessProfiles } from './business-profiles';
import { Calibrations } from './calibrations';
import type { CatalogConfig } from './config';
import { consumeCatalogEvents } from './events/consumed';
import { PersonaContexts } from './persona-context';
import { Personas } from './personas';
import { ProductAccessRules } from './access';
import { TeamAudit } from './audit';
import { Invitations } from './invitations';
import { Membership } from './membership';
import { Products } from './products';
import { FollowUps } from './follow-ups';
import { QuestionLinks } from './question-links';
import { Questions } from './questions';
import { FollowUpStore } from './store/follow-ups';
import { QuestionSweep } from './question-sweep';
import { PanelQuestions } from './panel-questions';
import { Panels } from './panels';
import { PanelStore } from './store/panels';
import { catalogHandlers } from './server';
import { BusinessProfileStore } from './store/business-profiles';
import { PersonaStore } from './store/personas';
import { CollaboratorStore, type MembershipRow } from './store/collaborators';
import { membershipsChannel, ProductCache } from './store/product-cache';
import { type ProductRow, ProductStore } from './store/products';
import { QuestionLinkStore } from './store/question-links';
import { QuestionStore } from './store/questions';
import { defaultTemplateLibraryFile } from './template-library';

export type RunningCatalog = RunningService;

/**
 * Wires the catalog service: database, stores, the operations on them, the
 * template library seed, the event consumers (events/consumed.ts), the
 * sweep that asks unanswered questions again, and the gRPC handlers
 * (server.ts). The embedded run passes its shared bus and logger; a
 * standalone process makes its own.
 */
export async function startCatalog(
  config: CatalogConfig,
  shared: SharedInfrastructure = {},
): Promise<RunningCatalog> {
  const runtime = await ServiceRuntime.open('catalog', config, migrations, shared);
  const { db, bus, relay, logger } = runtime;
  // With Redis, every committed change also sets a read version there, so
  // that the gateway's read cache (services/gateway/src/clients/catalog-reads.ts)
  // stops answering from what it kept before the change.
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, logger) : undefined;
  const versions = redis ? new ReadVersions(redis) : undefined;
  const stopWriting = versions?.keepWriting(logger);
  const productCache = new ProductCache<ProductRow>({
    databaseUrl: config.DATABASE_URL,
    logger,
    ...(versions ? { committed: (userId) => versions.bump('products', userId) } : {}),
  });
  // Each user's memberships, for GetAccess: forgotten on every replica when one changes.
  const membershipCache = new ProductCache<MembershipRow>({
    databaseUrl: config.DATABASE_URL,
    logger,
    channel: membershipsChannel,
    ...(versions ? { committed: (userId) => versions.bump('memberships', userId) } : {}),
  });
  await Promise.all([productCache.start(), membershipCache.start()]);
  const productStore = new ProductStore(db, productCache);
  const collaboratorStore = new CollaboratorStore(db, membershipCache);
  const products = new Products({
    store: productStore,
    collaborators: collaboratorStore,
    relay,
    logger,
  });
  const teamRows = { store: collaboratorStore, products: productStore };
  const access = new ProductAccessRules(teamRows);
  const audit = new TeamAudit(teamRows);
  const invitations = new Invitations({ ...teamRows, access, audit, relay });
  const membership = new Membership({ ...teamRows, access, invitations, audit, relay });
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
  const personaContexts = new PersonaContexts({ products, personaStore, profileStore });
  const questionStore = new QuestionStore(db);
  const followUps = new FollowUps({
    store: new FollowUpStore(db),
    questions: questionStore,
    products,
    personaContexts,
    relay,
  });
  const panelStore = new PanelStore(db);
  const panels = new Panels({ store: panelStore, questionStore, products, relay, logger });
  const panelQuestions = new PanelQuestions({ store: panelStore, questionStore, logger });
  const questions = new Questions({
    store: questionStore,
    products,
    personaContexts,
    panels,
    panelQuestions,
    relay,
    logger,
  });

  const sweep = new QuestionSweep({
    db,
    questions,
    invitations,
    panels,
    relay,
    logger,
    policy: {
      retryAfterMs: config.QUESTION_RETRY_AFTER_MS,
      maxAttempts: config.QUESTION_MAX_ATTEMPTS,
    },
    intervalMs: config.QUESTION_SWEEP_INTERVAL_MS,
  });

  await consumeCatalogEvents({ bus, db, logger, products, questions, panels });
  const running = await runtime.serve(
    config,
    CatalogServiceService,
    catalogHandlers({
      products,
      profiles,
      personas,
      personaContexts,
      questions,
      questionLinks: new QuestionLinks({
        links: new QuestionLinkStore(db),
        questions: questionStore,
        products,
        productStore,
      }),
      followUps,
      calibrations: new Calibrations(db),
      teams: { access, invitations, membership, audit },
      panels,
      panelQuestions,
    }),
    async () => {
      await sweep.stop();
      stopWriting?.();
      await Promise.all([productCache.close(), membershipCache.close()]);
      await redis?.quit().catch(() => undefined);
    },
  );
  sweep.start();
  return running;
}
