// Custom personas: their drafts, edits and facts in @chorus/contracts and
// their catalog.v1 messages, both ways.
import type { CustomPersonaDraft, CustomPersonaEdit, CustomPersonaFacts } from '@chorus/contracts';
import type {
  CustomPersonaDraft as CustomPersonaDraftMessage,
  CustomPersonaEdit as CustomPersonaEditMessage,
  CustomPersonaFacts as CustomPersonaFactsMessage,
} from '@chorus/proto/catalog/v1/personas';

export function customFactsToMessage(facts: CustomPersonaFacts): CustomPersonaFactsMessage {
  return {
    source: facts.source,
    sourceText: facts.sourceText,
    fileName: facts.fileName,
    provenance: { ...facts.provenance },
    builtBy: facts.builtBy,
    customTraits: facts.customTraits ? { labels: { ...facts.customTraits } } : undefined,
  };
}

/**
 * A custom persona's facts in the contracts' shape, not yet checked: the
 * catalog validates a draft (customPersonaDraft) before storing it.
 */
export function customFactsFromMessage(message: CustomPersonaFactsMessage): CustomPersonaFacts {
  return {
    source: message.source as CustomPersonaFacts['source'],
    sourceText: message.sourceText,
    fileName: message.fileName,
    provenance: { ...message.provenance } as CustomPersonaFacts['provenance'],
    builtBy: message.builtBy,
    ...(message.customTraits ? { customTraits: { ...message.customTraits.labels } } : {}),
  };
}

export function customDraftToMessage(draft: CustomPersonaDraft): CustomPersonaDraftMessage {
  const { gender, ...traits } = draft.traits;
  return {
    traits: { ...traits, ...(gender === null ? {} : { gender }) },
    safetyScores: { ...draft.safetyScores },
    custom: customFactsToMessage(draft.custom),
  };
}

/** A draft in the contracts' shape, to be validated with customPersonaDraft. */
export function customDraftFromMessage(message: CustomPersonaDraftMessage): unknown {
  return {
    traits: message.traits ? { ...message.traits, gender: message.traits.gender ?? null } : {},
    safetyScores: message.safetyScores ? { ...message.safetyScores } : {},
    custom: message.custom ? customFactsFromMessage(message.custom) : {},
  };
}

export function customEditToMessage(edit: CustomPersonaEdit): CustomPersonaEditMessage {
  const { gender, ...rest } = edit;
  return { ...rest, ...(gender === undefined ? {} : { gender: gender ?? '' }) };
}

/** An edit in the contracts' shape (absent fields left out), to be validated with editCustomPersonaRequest. */
export function customEditFromMessage(message: CustomPersonaEditMessage): Record<string, unknown> {
  return Object.fromEntries(Object.entries(message).filter(([, value]) => value !== undefined));
}
