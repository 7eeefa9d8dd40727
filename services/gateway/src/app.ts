import type { Logger } from '@chorus/service-kit';
import { checkHealth } from '@chorus/service-kit';
import express, { type Express } from 'express';
import { accessAuthority } from './access';
import { requirePaidProduct } from './entitlements';
import type { Authenticator, RevocationList } from './auth';
import type { ServiceClients } from './clients';
import type { GatewayConfig } from './config';
import { errorHandler } from './http-errors';
import type { Idempotency } from './idempotency';
import { openApiDocument } from './openapi';
import type { QuestionStreams } from './question-streams';
import type { RateLimits } from './rate-limit';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { billingRoutes } from './routes/billing';
import { businessProfileRoutes } from './routes/business-profiles';
import { calibrationRoutes } from './routes/calibration';
import { customPersonaRoutes } from './routes/custom-personas';
import { personaRoutes } from './routes/personas';
import { productRoutes } from './routes/products';
import { questionRoutes } from './routes/questions';
import { studyRoutes } from './routes/studies';
import { panelRoutes } from './routes/panels';
import { questionLinkRoutes } from './routes/question-links';
import { studyReportRoutes } from './routes/study-report';
import { roadmapFeedbackRoutes } from './routes/roadmap-feedback';
import { roadmapRoutes } from './routes/roadmaps';
import { shareLinkRoutes } from './routes/share-links';
import { teamRoutes } from './routes/teams';
import { ApiRoutes } from './routing';
import { compressResponses, createWebApp, parseRemoteDirs, securityHeaders } from './web';

interface AppDeps {
  config: GatewayConfig;
  clients: ServiceClients;
  authenticator: Authenticator;
  revocations: RevocationList;
  limits: RateLimits;
  /** Idempotency keys of the routes declaring `idempotent`. */
  idempotency: Idempotency;
  streams: QuestionStreams;
  logger: Logger;
  /** gRPC addresses probed by /readyz. */
  downstream: Record<string, string>;
  /** Told after each write a signed-in user makes, before it is answered (the read cache). */
  userWrote?: (userId: string) => Promise<void>;
}

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.TRUST_PROXY);
  const web = deps.config.WEB_SHELL_DIR
    ? createWebApp({
        shellDir: deps.config.WEB_SHELL_DIR,
        remoteDirs: parseRemoteDirs(deps.config.WEB_MFE_DIRS),
        remotesFile: deps.config.WEB_REMOTES_FILE,
      })
    : undefined;
  app.use(securityHeaders(web, deps.config.PUBLIC_URL));
  app.use(compressResponses());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(deps.downstream).map(
        async ([name, address]) => [name, await checkHealth(address)] as const,
      ),
    );
    const ready = entries.every(([, state]) => state === 'SERVING');
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'degraded',
      services: Object.fromEntries(entries),
    });
  });

  const routes = new ApiRoutes(
    deps.authenticator,
    deps.config.JSON_BODY_LIMIT,
    accessAuthority(deps.clients),
    deps.idempotency,
    (access, action) => requirePaidProduct(deps.clients, access, action),
    deps.userWrote,
  );
  authRoutes(routes, deps);
  productRoutes(routes, deps);
  businessProfileRoutes(routes, deps);
  personaRoutes(routes, deps);
  customPersonaRoutes(routes, deps);
  billingRoutes(routes, deps);
  roadmapRoutes(routes, deps);
  roadmapFeedbackRoutes(routes, deps);
  shareLinkRoutes(routes, deps);
  questionRoutes(routes, deps);
  studyRoutes(routes, deps);
  panelRoutes(routes, deps);
  questionLinkRoutes(routes, deps);
  studyReportRoutes(routes, deps);
  calibrationRoutes(routes, deps);
  adminRoutes(routes, deps);
  teamRoutes(routes, deps);
  app.use(routes.router);

  const document = openApiDocument(routes.descriptions, { version: '1.0.0' });
  app.get('/api/openapi.json', (_req, res) => {
    res.json(document);
  });
  app.use('/api', (_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  if (web) app.use(web.router);
  app.use(errorHandler(deps.logger));
  return app;
}
