import { defined, type Reason, type Situation, traitReason } from './reason';

/** How much sustainability matters to the persona, and whether they can pay for it. */
export function environmentReasons({ persona: p }: Situation): Reason[] {
  const tight = p.safety.economic <= 3 || p.income.band === 'low';
  return defined([
    traitReason(
      p,
      'ecoMinded',
      0.9,
      'I try hard to live sustainably, so this matters to me',
      `${p.firstName} cares about sustainability`,
    ),
    p.safety.world <= 4 && {
      weight: 0.4,
      attributes: ['safetyScores.world'],
      safety: true,
      voice: 'the state of the world worries me, the climate included',
      because: `low world safety (${p.safety.world}/10) makes the planet's future feel urgent`,
    },
    tight && {
      weight: -0.3,
      attributes: p.safety.economic <= 3 ? ['safetyScores.economic'] : ['income'],
      safety: p.safety.economic <= 3,
      voice: "I can't pay more just to be green",
      because:
        p.safety.economic <= 3
          ? `low economic safety (${p.safety.economic}/10) leaves nothing spare for a green premium`
          : `an income of ${p.income.text} leaves nothing spare for a green premium`,
    },
    traitReason(
      p,
      'sceptical',
      -0.25,
      "I'd want to be sure it isn't greenwashing",
      `${p.firstName} suspects greenwashing`,
    ),
  ]);
}
