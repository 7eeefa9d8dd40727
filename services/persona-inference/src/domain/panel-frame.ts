import type {
  PanelMember as PanelMemberMessage,
  PopulationFrame as FrameMessage,
} from '@chorus/proto/inference/v1/panels';
import type { PanelMember, PopulationFrame } from '@chorus/research';

/**
 * A market panel's population frame and members as `@chorus/research`
 * takes them, from their messages: the joint shares' two traits become a
 * pair, and a level's bounds are kept only where the message has them (an
 * income band with a lower bound and no upper one is the top band: its
 * upper bound is null).
 */
export function frameFromMessage(message: FrameMessage): PopulationFrame {
  return {
    id: message.id,
    name: message.name,
    country: message.country,
    currency: message.currency,
    population: message.population,
    year: message.year,
    sources: message.sources.map((source) => ({ ...source })),
    traits: message.traits.map((trait) => ({
      id: trait.id,
      label: trait.label,
      source: trait.source,
      levels: trait.levels.map((level) => ({
        id: level.id,
        label: level.label,
        share: level.share,
        ...(level.min === undefined ? {} : { min: level.min }),
        ...(level.max === undefined
          ? level.min === undefined
            ? {}
            : { max: null }
          : { max: level.max }),
      })),
    })),
    ...(message.joint
      ? {
          joint: {
            traits: [message.joint.traitA, message.joint.traitB],
            shares: { ...message.joint.shares },
          },
        }
      : {}),
  };
}

/** A drawn member as research takes it: its index and its level of each trait. */
export function memberFromMessage(message: PanelMemberMessage): PanelMember {
  return { index: message.index, traits: { ...message.traits } };
}
