import { defined, type Reason, type Situation, traitReason } from './reason';

/** When the question names nothing the persona has a view on: their general stance on change. */
export function generalReasons({ persona: p }: Situation): Reason[] {
  const s = p.safety;
  const average = (s.economic + s.world + s.local + s.occupation) / 4;
  return defined([
    average <= 4 && {
      weight: -0.3,
      attributes: ['safetyScores.economic', 'safetyScores.world'],
      safety: true,
      voice: "with so much uncertain in my life, I'm slow to take on anything new",
      because: `low safety scores (average ${average.toFixed(1)}/10) make ${p.firstName} slow to change`,
    },
    traitReason(
      p,
      'adventurous',
      0.35,
      "I'm open to trying something new",
      `${p.firstName} is open to new things`,
    ),
    traitReason(
      p,
      'riskAverse',
      -0.35,
      'I stick with what I know works',
      `${p.firstName} sticks with what works`,
    ),
  ]);
}
