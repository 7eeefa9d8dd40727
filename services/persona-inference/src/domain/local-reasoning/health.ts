import { defined, type Reason, type Situation, traitReason } from './reason';

/** How much the persona's health weighs, and how far they believe health claims. */
export function healthReasons({ persona: p }: Situation): Reason[] {
  return defined([
    traitReason(
      p,
      'healthFocused',
      0.8,
      'looking after my health is a big part of my life',
      `${p.firstName} puts health first`,
    ),
    p.category === 'Healthcare' && {
      weight: 0.4,
      attributes: ['occupation'],
      voice:
        "I know from my work how much this matters, though I'd want the claims backed by evidence",
      because: `${p.firstName}'s work as a ${p.occupationPhrase} makes health matter, with an eye on evidence`,
    },
    p.age >= 55 && {
      weight: 0.35,
      attributes: ['age'],
      voice: 'my health matters more to me every year',
      because: `at ${p.age}, health weighs more every year`,
    },
    p.safety.economic <= 3 && {
      weight: -0.35,
      attributes: ['safetyScores.economic'],
      safety: true,
      voice: 'healthy options tend to cost more than I can spare',
      because: `low economic safety (${p.safety.economic}/10) makes healthier options hard to afford`,
    },
    traitReason(
      p,
      'sceptical',
      -0.25,
      "I've heard plenty of health claims that didn't hold up",
      `${p.firstName} doubts health claims`,
    ),
  ]);
}
