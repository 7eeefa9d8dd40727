import type {
  FrameGapView,
  MarketPanelView,
  PanelFilter,
  PanelRunView,
  PopulationFrameView,
  WeightedCutView,
  WeightedOpinionsView,
  WeightedShareView,
} from '@chorus/contracts';
import type {
  FrameGap,
  MarketPanel,
  PanelFilter as PanelFilterMessage,
  WeightedCut,
  WeightedOpinions,
  WeightedShare,
} from '@chorus/proto/catalog/v1/panels';
import type { PanelRun } from '@chorus/proto/catalog/v1/questions';
import type { PopulationFrame } from '@chorus/proto/inference/v1/panels';

// Market panels on the wire: the population a panel is drawn to, the panel,
// and a panel question's weighted figures, both ways.

/** A frame as research and the contracts write it (a level's bounds may be absent). */
interface FrameShape {
  id: string;
  name: string;
  country: string;
  currency: string;
  population: string;
  year: number;
  sources: { publisher: string; title: string; year: number; url: string }[];
  traits: {
    id: string;
    label: string;
    source: string;
    levels: {
      id: string;
      label: string;
      share: number;
      min?: number | null;
      max?: number | null;
    }[];
  }[];
  joint?: { traits: [string, string]; shares: Record<string, number> } | null;
}

export function frameToMessage(frame: FrameShape): PopulationFrame {
  return {
    id: frame.id,
    name: frame.name,
    country: frame.country,
    currency: frame.currency,
    population: frame.population,
    year: frame.year,
    sources: frame.sources.map((source) => ({ ...source })),
    traits: frame.traits.map((trait) => ({
      id: trait.id,
      label: trait.label,
      source: trait.source,
      levels: trait.levels.map((level) => ({
        id: level.id,
        label: level.label,
        share: level.share,
        ...(level.min !== undefined && level.min !== null ? { min: level.min } : {}),
        ...(level.max !== undefined && level.max !== null ? { max: level.max } : {}),
      })),
    })),
    joint: frame.joint
      ? { traitA: frame.joint.traits[0], traitB: frame.joint.traits[1], shares: frame.joint.shares }
      : undefined,
  };
}

export function frameFromMessage(message: PopulationFrame | undefined): PopulationFrameView {
  return {
    id: message?.id ?? '',
    name: message?.name ?? '',
    country: message?.country ?? '',
    currency: message?.currency ?? '',
    population: message?.population ?? '',
    year: message?.year ?? 0,
    sources: (message?.sources ?? []).map(({ publisher, title, year, url }) => ({
      publisher,
      title,
      year,
      url,
    })),
    traits: (message?.traits ?? []).map((trait) => ({
      id: trait.id,
      label: trait.label,
      source: trait.source,
      levels: trait.levels.map((level) => ({
        id: level.id,
        label: level.label,
        share: level.share,
        min: level.min ?? null,
        max: level.max ?? null,
      })),
    })),
    joint: message?.joint
      ? {
          traits: [message.joint.traitA, message.joint.traitB],
          shares: { ...message.joint.shares },
        }
      : null,
  };
}

export function panelFilterToMessage(filter: PanelFilter): PanelFilterMessage {
  return {
    trait: filter.trait,
    levels: filter.levels ?? [],
    ...(filter.min !== undefined ? { min: filter.min } : {}),
    ...(filter.max !== undefined ? { max: filter.max } : {}),
  };
}

export function panelFilterFromMessage(message: PanelFilterMessage): PanelFilter {
  return {
    trait: message.trait,
    ...(message.levels.length > 0 ? { levels: [...message.levels] } : {}),
    ...(message.min !== undefined ? { min: message.min } : {}),
    ...(message.max !== undefined ? { max: message.max } : {}),
  };
}

const shareToMessage = (share: WeightedShareView): WeightedShare => ({ ...share });
const shareFromMessage = (share: WeightedShare | undefined): WeightedShareView => ({
  share: share?.share ?? 0,
  low: share?.low ?? 0,
  high: share?.high ?? 0,
});

function weightedOpinionsToMessage(opinions: WeightedOpinionsView): WeightedOpinions {
  return {
    positive: shareToMessage(opinions.positive),
    neutral: shareToMessage(opinions.neutral),
    negative: shareToMessage(opinions.negative),
    respondents: opinions.respondents,
    designEffect: opinions.designEffect,
    effectiveSampleSize: opinions.effectiveSampleSize,
  };
}

function weightedOpinionsFromMessage(message: WeightedOpinions): WeightedOpinionsView {
  return {
    positive: shareFromMessage(message.positive),
    neutral: shareFromMessage(message.neutral),
    negative: shareFromMessage(message.negative),
    respondents: message.respondents,
    designEffect: message.designEffect,
    effectiveSampleSize: message.effectiveSampleSize,
  };
}

function cutToMessage(cut: WeightedCutView): WeightedCut {
  return {
    trait: cut.trait,
    label: cut.label,
    segments: cut.segments.map((segment) => ({
      level: segment.level,
      label: segment.label,
      respondents: segment.respondents,
      effectiveSampleSize: segment.effectiveSampleSize,
      tooFew: segment.tooFew,
      opinions: segment.opinions ? weightedOpinionsToMessage(segment.opinions) : undefined,
    })),
    notes: cut.notes.map((note) => ({ ...note, segments: [...note.segments] })),
  };
}

function cutFromMessage(message: WeightedCut): WeightedCutView {
  return {
    trait: message.trait,
    label: message.label,
    segments: message.segments.map((segment) => ({
      level: segment.level,
      label: segment.label,
      respondents: segment.respondents,
      effectiveSampleSize: segment.effectiveSampleSize,
      tooFew: segment.tooFew,
      opinions: segment.opinions ? weightedOpinionsFromMessage(segment.opinions) : null,
    })),
    notes: message.notes.map((note) => ({
      opinion: note.opinion as WeightedCutView['notes'][number]['opinion'],
      segments: [note.segments[0] ?? '', note.segments[1] ?? ''],
      difference: note.difference,
      z: note.z,
      pValue: note.pValue,
      note: note.note,
    })),
  };
}

const gapToMessage = (gap: FrameGapView): FrameGap => ({ ...gap });
const gapFromMessage = (gap: FrameGap): FrameGapView => ({ ...gap });

export function panelRunToMessage(run: PanelRunView): PanelRun {
  return {
    panelId: run.panelId,
    panelName: run.panelName,
    panelVersion: run.panelVersion,
    size: run.size,
    answered: run.answered,
    frameName: run.frameName,
    weighted: run.weighted ? weightedOpinionsToMessage(run.weighted) : undefined,
    cuts: run.cuts.map(cutToMessage),
    note: run.note,
    gaps: run.gaps.map(gapToMessage),
  };
}

export function panelRunFromMessage(message: PanelRun | undefined): PanelRunView | null {
  if (!message) return null;
  return {
    panelId: message.panelId,
    panelName: message.panelName,
    panelVersion: message.panelVersion,
    size: message.size,
    answered: message.answered,
    frameName: message.frameName,
    weighted: message.weighted ? weightedOpinionsFromMessage(message.weighted) : null,
    cuts: message.cuts.map(cutFromMessage),
    note: message.note,
    gaps: message.gaps.map(gapFromMessage),
  };
}

export function marketPanelToMessage(panel: MarketPanelView, frame: FrameShape): MarketPanel {
  return {
    id: panel.id,
    productId: panel.productId,
    name: panel.name,
    frame: frameToMessage(frame),
    baseFrameId: panel.baseFrameId,
    filters: panel.filters.map(panelFilterToMessage),
    size: panel.size,
    seed: panel.seed,
    version: panel.version,
    status: panel.status,
    built: panel.built,
    errorReason: panel.errorReason ?? '',
    engine: panel.engine,
    costUsd: panel.costUsd,
    createdAt: new Date(panel.createdAt),
    updatedAt: new Date(panel.updatedAt),
    makeUp: panel.makeUp.map((trait) => ({
      ...trait,
      levels: trait.levels.map((l) => ({ ...l })),
    })),
    gaps: panel.gaps.map(gapToMessage),
    designEffect: panel.weights?.designEffect ?? 0,
    effectiveSampleSize: panel.weights?.effectiveSampleSize ?? 0,
    maxWeight: panel.weights?.maxWeight ?? 0,
    questions: panel.questions,
  };
}

export function marketPanelFromMessage(message: MarketPanel): MarketPanelView {
  const status =
    message.status === 'ready' || message.status === 'failed' ? message.status : 'building';
  return {
    id: message.id,
    productId: message.productId,
    name: message.name,
    baseFrameId: message.baseFrameId,
    frame: frameFromMessage(message.frame),
    filters: message.filters.map(panelFilterFromMessage),
    size: message.size,
    seed: message.seed,
    version: message.version,
    status,
    built: message.built,
    errorReason: message.errorReason || null,
    engine: message.engine === 'openai' ? 'openai' : 'local',
    costUsd: message.costUsd,
    createdAt: (message.createdAt ?? new Date(0)).toISOString(),
    updatedAt: (message.updatedAt ?? new Date(0)).toISOString(),
    makeUp: message.makeUp.map((trait) => ({
      trait: trait.trait,
      label: trait.label,
      levels: trait.levels.map((level) => ({ ...level })),
    })),
    gaps: message.gaps.map(gapFromMessage),
    weights:
      status === 'ready' && message.effectiveSampleSize > 0
        ? {
            designEffect: message.designEffect,
            effectiveSampleSize: message.effectiveSampleSize,
            maxWeight: message.maxWeight,
          }
        : null,
    questions: message.questions,
  };
}
