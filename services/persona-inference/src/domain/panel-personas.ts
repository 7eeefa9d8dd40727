import type { PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { type PanelMember, personaFacts, type PopulationFrame } from '@chorus/research';
import { generator } from './panel-personas/random';
import { panelName } from './panel-personas/names';
import {
  type FrameLookup,
  type Standing,
  schoolingOf,
  labelsOf,
  lookupOf,
} from './panel-personas/standing';
import { panelSafetyScores } from './panel-personas/safety';
import {
  voices,
  capitalised,
  householdSentence,
  leisure,
  workSentence,
  motivationsOf,
  personalityOf,
} from './panel-personas/prose';

/**
 * A market panel's personas without a model. The facts of a member (age,
 * sex, income, region, household, education, occupation) come from
 * `personaFacts` of `@chorus/research`; here they become a persona: a name
 * fitting the country and sex, a lifestyle, motivations and a personality
 * of a sentence or two composed from those facts, safety scores that fit
 * them, and the member's level of every frame trait by label, so results can
 * be cut by the frame's traits. Every choice is drawn from a generator
 * seeded by the panel's seed and the member's index: the same panel is
 * always the same people, and five thousand of them are not alike.
 */
/** One persona of a market panel from its facts, with a name, prose and safety scores of its own. */
function personaOf(
  frame: PopulationFrame,
  lookup: FrameLookup,
  member: PanelMember,
  seed: number,
): PersonaProfile {
  const facts = personaFacts(frame, member, seed);
  const standing: Standing = {
    facts,
    income: lookup.incomeStanding.get(member.traits.income ?? '') ?? 'middle',
    schooling: schoolingOf(lookup, member),
  };
  const voice = voices[facts.sex];
  const random = generator(seed, member.index, 0x50524f53);
  const lifestyle = `${capitalised(householdSentence(standing, voice, random))}; ${leisure(standing, random)}. ${capitalised(workSentence(standing, voice, random))}.`;
  return {
    personaId: String(member.index),
    name: panelName(frame.country, facts.sex, seed, member.index),
    age: facts.age,
    gender: facts.sex === 'female' ? 'Female' : 'Male',
    occupation: capitalised(facts.occupation),
    location: `${facts.region}, ${facts.country}`,
    income: facts.incomeText,
    lifestyle,
    motivations: motivationsOf(standing, voice, random),
    personality: personalityOf(standing, random),
    safetyScores: panelSafetyScores(standing, random),
    customTraits: { labels: labelsOf(lookup, member) },
  };
}

/** One member's persona (see the top of this file). */
export function panelPersona(
  frame: PopulationFrame,
  member: PanelMember,
  seed: number,
): PersonaProfile {
  return personaOf(frame, lookupOf(frame), member, seed);
}

/** Every member's persona, the frame read once. */
export function panelPersonas(
  frame: PopulationFrame,
  members: readonly PanelMember[],
  seed: number,
): PersonaProfile[] {
  const lookup = lookupOf(frame);
  return members.map((member) => personaOf(frame, lookup, member, seed));
}
