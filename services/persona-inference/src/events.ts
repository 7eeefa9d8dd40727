import type { PanelBuildRequested, QuestionAsked } from '@chorus/proto/events/v1/events';
import {
  consumeEventsStateless,
  type DomainEvent,
  type EventBus,
  type Logger,
  publishEvent,
  Topics,
} from '@chorus/service-kit';
import {
  personaResponseToMessage,
  runDetailsToMessage,
  specFromMessage,
} from '@chorus/service-kit/wire';
import type { PersonaResponse } from '@chorus/contracts';
import { checkWording } from '@chorus/research/wording';
import type { Answering } from './answering';
import { InferenceFailed } from './engines/engine';
import { typedOptions } from './answering';
import type { PanelBuilds } from './panel-builds';

// Persona inference consumes QuestionAsked on catalog.v1 and publishes, keyed
// by question id, QuestionProcessing then QuestionAnswered or QuestionFailed
// on inference.v1. A part of a market panel's question (QuestionAsked.part)
// is keyed by question and part instead. The same workers build market
// panels' batches (PanelBuildRequested, see panel-builds.ts).

const WORKER_GROUP = 'persona-inference';

const unexpectedFailure = 'Answering failed unexpectedly. Please try again.';

/**
 * Answers questions as they are asked. The workers are a consumer group:
 * each question reaches one of them. Kafka may deliver a question twice
 * (after a crash or a rebalance); answering it again is harmless because the
 * catalog keeps the first answer and ignores the rest.
 */
export class QuestionWorker {
  private stopping = false;

  constructor(
    private readonly deps: {
      bus: EventBus;
      answering: Answering;
      logger: Logger;
      /** Questions handled at once (Kafka partitions consumed concurrently). */
      concurrency: number;
      /** Answers given meanwhile are published as progress this often. */
      progressMs: number;
      /** Market panels' batches, built by the same workers. */
      panelBuilds?: PanelBuilds;
    },
  ) {}

  async start(): Promise<void> {
    const { panelBuilds } = this.deps;
    await consumeEventsStateless({
      bus: this.deps.bus,
      groupId: WORKER_GROUP,
      topics: [Topics.catalog],
      concurrency: this.deps.concurrency,
      handlers: {
        questionAsked: (event) => this.answer(event),
        ...(panelBuilds
          ? { panelBuildRequested: (event: PanelBuildRequested) => this.buildPanel(event) }
          : {}),
      },
    });
  }

  /** A market panel's batch, built and published; refused (left for the next worker) once stopping. */
  async buildPanel(event: PanelBuildRequested): Promise<void> {
    if (this.stopping) throw new Error('persona inference is stopping');
    await this.deps.panelBuilds?.build(event);
  }

  /** New questions wait for the next worker (they are not taken) once this one stops. */
  stop(): void {
    this.stopping = true;
  }

  /**
   * Answers a question, or one part of a market panel's question: a part
   * publishes no progress (the catalog counts answered parts), asks no
   * wording framings, carries its part on its answer, and keys every event
   * `${questionId}:${part.index}`, so a question's parts spread over the
   * partitions and the workers.
   */
  async answer(event: QuestionAsked): Promise<void> {
    if (this.stopping) throw new Error('persona inference is stopping');
    const { bus, answering, logger } = this.deps;
    const ids = { questionId: event.questionId, productId: event.productId, userId: event.userId };
    const part = event.part;
    const key = part ? `${event.questionId}:${part.index}` : event.questionId;
    // Publishing errors propagate: the question is then delivered again, never lost.
    await publishEvent(bus, key, { $case: 'questionProcessing', value: ids });
    const started = Date.now();
    const seed = event.seed ?? 0;
    // Answers are published as progress in batches while the rest are answered.
    const given: PersonaResponse[] = [];
    let published = Promise.resolve();
    const flush = () => {
      if (given.length === 0) return;
      const batch = given.splice(0);
      published = published
        .then(() =>
          publishEvent(bus, key, {
            $case: 'questionProgress',
            value: {
              ...ids,
              seed,
              responses: batch.map(personaResponseToMessage),
              total: event.personas.length,
            },
          }),
        )
        .then(
          () => undefined,
          (error: unknown) => logger.warn({ err: error }, 'progress not published'),
        );
    };
    const progress = part ? undefined : setInterval(flush, this.deps.progressMs);
    let outcome: DomainEvent;
    try {
      const answered = await answering.answer(
        {
          questionText: event.questionText,
          personas: event.personas,
          business: event.business,
          seed,
          checkWording: part ? false : event.checkWording,
          ...typedOptions(specFromMessage(event.spec)),
        },
        part ? {} : { onAnswer: (response) => given.push(response) },
      );
      outcome = {
        $case: 'questionAnswered',
        value: {
          ...ids,
          responses: answered.responses.map(personaResponseToMessage),
          aggregatedResults: answered.aggregatedResults,
          engine: answering.engineName,
          seed,
          // The question's wording check travels with its run: the catalog's
          // stored analysis reads the leading alarm from it.
          runDetails: runDetailsToMessage({
            ...answered.run,
            wording: checkWording(event.questionText),
          }),
          ...(part ? { part } : {}),
        },
      };
      logger.info(
        {
          questionId: event.questionId,
          ...(part ? { part: part.index, parts: part.count } : {}),
          personas: event.personas.length,
          ms: Date.now() - started,
          modelCalls: answered.run.usage.modelCalls,
          cached: answered.run.usage.cachedAnswers,
        },
        'question answered',
      );
    } catch (error) {
      let reason = unexpectedFailure;
      if (error instanceof InferenceFailed) {
        reason = error.message;
        logger.warn({ questionId: event.questionId, reason }, 'question could not be answered');
      } else {
        logger.error({ err: error, questionId: event.questionId }, 'answering failed unexpectedly');
      }
      outcome = { $case: 'questionFailed', value: { ...ids, reason, seed } };
    } finally {
      clearInterval(progress);
    }
    // The final answer holds every response: progress still unsent is dropped.
    given.length = 0;
    await published;
    await publishEvent(bus, key, outcome);
  }
}
