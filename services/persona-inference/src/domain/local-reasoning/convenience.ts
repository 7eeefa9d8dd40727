import { defined, type Reason, type Situation, traitReason } from './reason';

/** How much saved time and effort are worth to the persona. */
export function convenienceReasons({ persona: p }: Situation): Reason[] {
  return defined([
    traitReason(
      p,
      'timePoor',
      0.8,
      'my days are packed, so anything that saves me time is welcome',
      `${p.firstName} is short of time`,
    ),
    p.age < 60 &&
      traitReason(
        p,
        'familyFirst',
        0.35,
        'with a family to look after, convenience matters',
        `${p.firstName} has a family to look after`,
      ),
    p.retired && {
      weight: -0.15,
      attributes: ['occupation'],
      voice: "I'm retired and have the time to do things myself",
      because: `${p.firstName} is retired and has time to spare`,
    },
    traitReason(
      p,
      'priceConscious',
      -0.25,
      'convenience usually costs extra, and I watch what I spend',
      `${p.firstName} expects convenience to cost extra`,
    ),
    p.safety.local <= 3 && {
      weight: 0.3,
      attributes: ['safetyScores.local'],
      safety: true,
      voice: 'fewer trips out suits me where I live',
      because: `low local safety (${p.safety.local}/10) makes fewer trips out attractive`,
    },
  ]);
}
