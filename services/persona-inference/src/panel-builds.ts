import { costOf, type ModelPrice } from '@chorus/contracts';
import type { PanelBuildRequested } from '@chorus/proto/events/v1/events';
import { type DomainEvent, type EventBus, type Logger, publishEvent } from '@chorus/service-kit';
import { frameFromMessage, memberFromMessage } from './domain/panel-frame';
import { InferenceFailed } from './engines/engine';
import { type PanelBuilder, panelBuildPrice } from './engines/panel-builder';

const unexpectedFailure = 'Building the panel failed unexpectedly. Please try again.';

/**
 * Builds the batches of market panels as the catalog asks for them
 * (`PanelBuildRequested` on catalog.v1, handled by the question workers'
 * group): the batch's personas are built and published in one
 * `PanelPersonasBuilt` on inference.v1, with the engine, the usage and
 * its cost, or `PanelBuildFailed` with a reason a customer can read. Every
 * event of a batch is keyed `${panelId}:${version}:${batch}`, so the
 * batches spread over the partitions. A batch delivered twice is built and
 * published twice; the catalog keeps each member once.
 */
export class PanelBuilds {
  constructor(
    private readonly deps: {
      bus: EventBus;
      builder: PanelBuilder;
      /** USD per million tokens by model. */
      prices: Record<string, ModelPrice>;
      logger: Logger;
    },
  ) {}

  async build(event: PanelBuildRequested, signal?: AbortSignal): Promise<void> {
    const { bus, builder, prices, logger } = this.deps;
    const ids = {
      panelId: event.panelId,
      productId: event.productId,
      userId: event.userId,
      version: event.version,
    };
    const key = `${event.panelId}:${event.version}:${event.batch}`;
    const started = Date.now();
    let outcome: DomainEvent;
    try {
      if (!event.frame) throw new InferenceFailed('The panel has no population to draw from.');
      if (event.members.length === 0) throw new InferenceFailed('The batch has no members.');
      const built = await builder.build(
        {
          frame: frameFromMessage(event.frame),
          members: event.members.map(memberFromMessage),
          seed: event.seed,
        },
        signal,
      );
      const usage = { ...built.usage, cachedAnswers: 0 };
      const costUsd = costOf(usage, panelBuildPrice(builder, prices));
      if (costUsd === undefined) {
        logger.warn({ model: builder.model }, 'no price for the model: the panel build costs 0');
      }
      outcome = {
        $case: 'panelPersonasBuilt',
        value: {
          ...ids,
          batch: event.batch,
          personas: built.personas,
          engine: builder.builtBy,
          usage,
          costUsd: costUsd ?? 0,
        },
      };
      logger.info(
        {
          panelId: event.panelId,
          batch: event.batch,
          members: event.members.length,
          modelCalls: usage.modelCalls,
          ms: Date.now() - started,
        },
        'panel batch built',
      );
    } catch (error) {
      let reason = unexpectedFailure;
      if (error instanceof InferenceFailed) {
        reason = error.message;
        logger.warn({ panelId: event.panelId, batch: event.batch, reason }, 'panel batch failed');
      } else {
        logger.error(
          { err: error, panelId: event.panelId, batch: event.batch },
          'panel batch failed unexpectedly',
        );
      }
      outcome = { $case: 'panelBuildFailed', value: { ...ids, reason } };
    }
    // Publishing errors propagate: the batch is then delivered again, never lost.
    await publishEvent(bus, key, outcome);
  }
}
