// Run details and earlier runs of a question: RunDetails and PastRun of
// @chorus/contracts and their proto messages (inference.v1.RunDetails,
// catalog.v1.PastRun), both ways.
import { typedResultFromMessage, typedResultToMessage } from './typed';
import {
  type PanelEstimate,
  type PastRun,
  type RunDetails,
  wordingCheckSchema,
} from '@chorus/contracts';
import type {
  PanelEstimate as PanelEstimateMessage,
  PastRun as PastRunMessage,
} from '@chorus/proto/catalog/v1/questions';
import type {
  OpinionShares,
  RunDetails as RunDetailsMessage,
} from '@chorus/proto/inference/v1/answers';

/** Percent per opinion; a missing message reads as none. */
function shares(message: OpinionShares | undefined): OpinionShares {
  return {
    positive: message?.positive ?? 0,
    neutral: message?.neutral ?? 0,
    negative: message?.negative ?? 0,
  };
}

export function runDetailsToMessage(run: RunDetails): RunDetailsMessage {
  return {
    engine: run.engine,
    model: run.model,
    temperature: run.temperature,
    seed: run.seed,
    draws: run.draws,
    promptTemplateHash: run.promptTemplateHash,
    profileVersion: run.profileVersion,
    personaVersions: run.personaVersions.map((p) => ({ ...p })),
    usage: { ...run.usage },
    ...(run.costUsd === null ? {} : { costUsd: run.costUsd }),
    coverage: run.coverage.map((c) => ({ name: c.name, covered: c.covered, missing: c.missing })),
    sensitivity: run.sensitivity
      ? {
          neutralText: run.sensitivity.neutralText,
          reversedText: run.sensitivity.reversedText,
          asked: shares(run.sensitivity.asked),
          neutral: shares(run.sensitivity.neutral),
          reversed: shares(run.sensitivity.reversed),
        }
      : undefined,
    panel: run.panel ? { ...run.panel } : undefined,
    wording: run.wording,
    sensitivitySkipped: run.sensitivitySkipped ?? '',
  };
}

/** The run's wording check when its message holds a valid one. */
function wordingOf(message: RunDetailsMessage['wording']): Pick<RunDetails, 'wording'> {
  const parsed = wordingCheckSchema.safeParse(message);
  return message && parsed.success ? { wording: parsed.data } : {};
}

/** A run's details from its message; null for a message that is not a run's. */
export function runDetailsFromMessage(message: RunDetailsMessage | undefined): RunDetails | null {
  if (!message || (message.engine !== 'local' && message.engine !== 'openai')) return null;
  const { sensitivity, panel, usage } = message;
  return {
    engine: message.engine,
    model: message.model,
    temperature: message.temperature,
    seed: message.seed,
    draws: message.draws,
    promptTemplateHash: message.promptTemplateHash,
    profileVersion: message.profileVersion,
    personaVersions: message.personaVersions.map((p) => ({
      personaId: p.personaId,
      personaName: p.personaName,
      version: p.version,
    })),
    usage: {
      inputTokens: usage?.inputTokens ?? 0,
      outputTokens: usage?.outputTokens ?? 0,
      modelCalls: usage?.modelCalls ?? 0,
      cachedAnswers: usage?.cachedAnswers ?? 0,
    },
    costUsd: message.costUsd ?? null,
    coverage: message.coverage.map((c) => ({
      name: c.name,
      covered: c.covered,
      missing: c.missing,
    })),
    sensitivity: sensitivity
      ? {
          neutralText: sensitivity.neutralText,
          reversedText: sensitivity.reversedText,
          asked: shares(sensitivity.asked),
          neutral: shares(sensitivity.neutral),
          reversed: shares(sensitivity.reversed),
        }
      : null,
    ...(panel
      ? {
          panel: {
            personas: panel.personas,
            effective: panel.effective,
            meanDistance: panel.meanDistance,
            nearCopies: panel.nearCopies,
            gaps: panel.gaps,
          },
        }
      : {}),
    ...wordingOf(message.wording),
    ...(message.sensitivitySkipped === 'no-fair-reversed' ||
    message.sensitivitySkipped === 'no-fair-neutral'
      ? { sensitivitySkipped: message.sensitivitySkipped }
      : {}),
  };
}

export function estimateToMessage(estimate: PanelEstimate): PanelEstimateMessage {
  return {
    shares: shares(estimate.shares),
    intervals: {
      positive: { ...estimate.intervals.positive },
      neutral: { ...estimate.intervals.neutral },
      negative: { ...estimate.intervals.negative },
    },
    method: estimate.method,
    personas: estimate.personas,
    drawsPerPersona: estimate.drawsPerPersona,
    indicative: estimate.indicative,
  };
}

export function estimateFromMessage(message: PanelEstimateMessage): PanelEstimate {
  const interval = (i: { low: number; high: number } | undefined) => ({
    low: i?.low ?? 0,
    high: i?.high ?? 0,
  });
  return {
    shares: shares(message.shares),
    intervals: {
      positive: interval(message.intervals?.positive),
      neutral: interval(message.intervals?.neutral),
      negative: interval(message.intervals?.negative),
    },
    method: message.method,
    personas: message.personas,
    drawsPerPersona: message.drawsPerPersona,
    indicative: message.indicative,
  };
}

export function pastRunToMessage(run: PastRun): PastRunMessage {
  return {
    run: runDetailsToMessage(run.run),
    aggregatedResults: { ...run.aggregatedResults },
    estimate: run.estimate ? estimateToMessage(run.estimate) : undefined,
    completedAt: new Date(run.completedAt),
    typedResult: run.typedResult ? typedResultToMessage(run.typedResult) : undefined,
  };
}

/** An earlier run from its message; null when it carries no run's details. */
export function pastRunFromMessage(message: PastRunMessage): PastRun | null {
  const run = runDetailsFromMessage(message.run);
  if (!run) return null;
  const results = message.aggregatedResults;
  return {
    run,
    aggregatedResults: {
      positive: results?.positive ?? 0,
      neutral: results?.neutral ?? 0,
      negative: results?.negative ?? 0,
      keyInsight: results?.keyInsight ?? '',
    },
    estimate: message.estimate ? estimateFromMessage(message.estimate) : null,
    completedAt: message.completedAt?.toISOString() ?? '',
    ...(message.typedResult ? { typedResult: typedResultFromMessage(message.typedResult) } : {}),
  };
}
