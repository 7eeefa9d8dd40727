import { defined, type Reason, type Situation, traitReason } from './reason';

/** How much protection and security are worth to the persona. */
export function safetyReasons({ persona: p }: Situation): Reason[] {
  const { world, local, economic } = p.safety;
  const average = (world + local + economic + p.safety.occupation) / 4;
  return defined([
    local <= 4 && {
      weight: 0.8,
      attributes: ['safetyScores.local'],
      safety: true,
      voice: 'safety matters a lot to me where I live',
      because: `low local safety (${local}/10) makes protection valuable`,
    },
    local > 4 &&
      world <= 4 && {
        weight: 0.5,
        attributes: ['safetyScores.world'],
        safety: true,
        voice: 'the world feels uncertain, so I value anything that protects me',
        because: `low world safety (${world}/10) makes protection valuable`,
      },
    economic <= 4 && {
      weight: 0.4,
      attributes: ['safetyScores.economic'],
      safety: true,
      voice: "knowing I won't lose my money matters to me",
      because: `low economic safety (${economic}/10) makes a safety net welcome`,
    },
    average >= 8 && {
      weight: 0.05,
      attributes: ['safetyScores.economic', 'safetyScores.local'],
      safety: true,
      voice: 'I already feel secure, so this is nice to have rather than essential',
      because: `high safety scores (average ${average.toFixed(1)}/10) make it a nice-to-have`,
    },
    traitReason(
      p,
      'riskAverse',
      0.5,
      'I value anything that makes things more secure',
      `${p.firstName} is cautious and values security`,
    ),
    p.securityWork && {
      weight: 0.4,
      attributes: ['occupation'],
      voice: 'my work makes me take security seriously',
      because: `as a ${p.occupationPhrase}, ${p.firstName} takes security seriously`,
    },
    p.category === 'Healthcare' && {
      weight: 0.3,
      attributes: ['occupation'],
      voice: 'working in healthcare teaches you to value safety',
      because: `${p.firstName}'s work in healthcare makes safety a priority`,
    },
    traitReason(
      p,
      'sceptical',
      -0.2,
      "I'd check the safety claims for myself",
      `${p.firstName} checks safety claims before believing them`,
    ),
  ]);
}
