import { defined, type Reason, type Situation, traitReason } from './reason';

/** How much belonging, family and a local network matter to the persona. */
export function communityReasons({ persona: p }: Situation): Reason[] {
  return defined([
    traitReason(
      p,
      'communityMinded',
      0.7,
      'being part of a community matters to me',
      `${p.firstName} is community-minded`,
    ),
    traitReason(
      p,
      'familyFirst',
      0.3,
      'anything that brings my family together appeals to me',
      `${p.firstName} puts family first`,
    ),
    p.safety.local <= 4 && {
      weight: 0.25,
      attributes: ['safetyScores.local'],
      safety: true,
      voice: 'a stronger local network matters where I live',
      because: `low local safety (${p.safety.local}/10) makes a local network valuable`,
    },
    traitReason(
      p,
      'reserved',
      -0.4,
      "I keep to myself, so social features don't appeal",
      `${p.firstName} is reserved`,
    ),
    traitReason(
      p,
      'timePoor',
      -0.2,
      'I barely have time for the people I already know',
      `${p.firstName} has little time for more social life`,
    ),
  ]);
}
