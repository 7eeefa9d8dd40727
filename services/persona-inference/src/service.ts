import { PersonaInferenceServiceService } from '@chorus/proto/inference/v1/inference';
import {
  connectRedis,
  createEventBus,
  createLogger,
  type EventBus,
  implement,
  type Logger,
  type RunningGrpcServer,
  startGrpcServer,
} from '@chorus/service-kit';
import pLimit from 'p-limit';
import type { RedisClientType } from 'redis';
import { type AnswerCache, MemoryAnswerCache, RedisAnswerCache } from './answer-cache';
import { Answering } from './answering';
import type { InferenceConfig } from './config';
import type { InferenceEngine } from './engines/engine';
import { LocalEngine } from './engines/local';
import { OpenAIEngine } from './engines/openai';
import { OpenAIPanelBuilder } from './engines/openai-panel';
import { LocalPanelBuilder, type PanelBuilder } from './engines/panel-builder';
import {
  LocalPersonaBuilder,
  OpenAIPersonaBuilder,
  type PersonaBuilder,
} from './engines/persona-builder';
import { inferenceHandlers } from './server';
import {
  MemoryVerdictCache,
  checkWordingWithJudge,
  OpenAIWordingJudge,
  RedisVerdictCache,
  type VerdictCache,
} from './domain/wording-judge';
import { QuestionWorker } from './events';
import { PanelBuilds } from './panel-builds';

export interface RunningPersonaInference {
  /** The gRPC port: Answer and health, or health alone for a worker. */
  port: number;
  stop(): Promise<void>;
}

/** How the model is reached, when a key is configured (undefined: the local engine). */
function modelOptions(config: InferenceConfig, logger: Logger) {
  if (!config.OPENAI_API_KEY) return undefined;
  return {
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    embeddingModel: config.OPENAI_EMBEDDING_MODEL,
    temperature: config.OPENAI_TEMPERATURE,
    timeoutMs: config.INFERENCE_TIMEOUT_MS,
    retries: config.INFERENCE_RETRIES,
    logger,
  };
}

/** The OpenAI engine when a key is configured, the local engine otherwise. */
function createEngine(config: InferenceConfig, logger: Logger): InferenceEngine {
  const model = modelOptions(config, logger);
  return model ? new OpenAIEngine(model) : new LocalEngine();
}

/** The persona builder of the same engine: a model when a key is configured, the templates otherwise. */
function createPersonaBuilder(config: InferenceConfig, logger: Logger): PersonaBuilder {
  const model = modelOptions(config, logger);
  return model ? new OpenAIPersonaBuilder(model) : new LocalPersonaBuilder();
}

/**
 * The market panel builder of the same engine: a model writes the lives when
 * a key is configured, the local builder composes them otherwise. Either
 * takes its slots from the process's shared limit.
 */
function createPanelBuilder(
  config: InferenceConfig,
  logger: Logger,
  limit: pLimit.Limit,
): PanelBuilder {
  const model = modelOptions(config, logger);
  return model ? new OpenAIPanelBuilder(model, limit) : new LocalPanelBuilder(limit);
}

/**
 * Wires persona inference: the engine, one concurrency limit for the whole
 * process, the question worker (consumer group) and/or the Answer gRPC
 * server, as INFERENCE_MODE says. Stateless: no database.
 */
export async function startPersonaInference(
  config: InferenceConfig,
  deps: { bus?: EventBus; logger?: Logger; engine?: InferenceEngine } = {},
): Promise<RunningPersonaInference> {
  const logger = deps.logger ?? createLogger('persona-inference', config.LOG_LEVEL);
  const engine = deps.engine ?? createEngine(config, logger);
  const model = modelOptions(config, logger);
  let redis: RedisClientType | undefined;
  let cache: AnswerCache = new MemoryAnswerCache(config.INFERENCE_CACHE_SIZE);
  let verdicts: VerdictCache = new MemoryVerdictCache(config.INFERENCE_CACHE_SIZE);
  if (config.REDIS_URL) {
    redis = await connectRedis(config.REDIS_URL, logger);
    cache = new RedisAnswerCache({ redis, ttlSeconds: config.INFERENCE_CACHE_TTL_SECONDS, logger });
    verdicts = new RedisVerdictCache({
      redis,
      ttlSeconds: config.INFERENCE_CACHE_TTL_SECONDS,
      logger,
    });
  }
  // Persona answers and panel builds in flight in this process, over everything it handles.
  const limit = pLimit(config.INFERENCE_CONCURRENCY);
  // With a model, its verdict and framings (vetted by the same gates) beside the rules'.
  const judge = model ? new OpenAIWordingJudge(model, verdicts) : undefined;
  const answering = new Answering({
    engine,
    limit,
    logger,
    cache,
    draws: config.INFERENCE_DRAWS,
    prices: config.INFERENCE_PRICES,
    concurrency: config.INFERENCE_CONCURRENCY,
    wording: (questionText, signal) => checkWordingWithJudge(questionText, judge, signal),
  });
  const panelBuilder = createPanelBuilder(config, logger, limit);
  logger.info({ engine: engine.name, mode: config.INFERENCE_MODE }, 'persona inference starting');

  let bus: EventBus | undefined;
  let worker: QuestionWorker | undefined;
  let server: RunningGrpcServer | undefined;
  const stop = async () => {
    worker?.stop();
    await server?.shutdown();
    if (bus && !deps.bus) await bus.close();
    await redis?.quit().catch(() => undefined);
  };
  try {
    if (config.INFERENCE_MODE !== 'server') {
      bus =
        deps.bus ??
        createEventBus({
          brokers: config.KAFKA_BROKERS,
          clientId: 'persona-inference',
          logger,
          sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
        });
      worker = new QuestionWorker({
        bus,
        answering,
        logger,
        concurrency: config.INFERENCE_CONCURRENCY,
        progressMs: config.INFERENCE_PROGRESS_MS,
        panelBuilds: new PanelBuilds({
          bus,
          builder: panelBuilder,
          prices: config.INFERENCE_PRICES,
          logger,
        }),
      });
      await worker.start();
    }
    // Workers serve the gRPC health service only, so Kubernetes can probe them.
    const answers = {
      definition: PersonaInferenceServiceService,
      implementation: implement(
        PersonaInferenceServiceService,
        inferenceHandlers({
          answering,
          builder: createPersonaBuilder(config, logger),
          judge,
          panels: { builder: panelBuilder, prices: config.INFERENCE_PRICES },
        }),
        logger,
      ),
    };
    server = await startGrpcServer({
      host: config.GRPC_HOST,
      port: config.GRPC_PORT,
      logger,
      services: config.INFERENCE_MODE === 'worker' ? [] : [answers],
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { port: server.port, stop };
}
