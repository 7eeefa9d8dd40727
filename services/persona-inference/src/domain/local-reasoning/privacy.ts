import { defined, type Reason, type Situation, traitReason } from './reason';

/** How willing the persona is to share personal data. */
export function privacyReasons({ persona: p }: Situation): Reason[] {
  return defined([
    traitReason(
      p,
      'privacyMinded',
      -1.0,
      "my privacy isn't something I'm willing to trade",
      `${p.firstName} guards their privacy`,
    ),
    p.worksInTech && {
      weight: -0.35,
      attributes: ['occupation'],
      voice: 'working in tech, I know how that kind of data gets used',
      because: `${p.firstName}'s work in technology shows how such data gets used`,
    },
    p.securityWork && {
      weight: -0.5,
      attributes: ['occupation'],
      voice: 'my work has shown me how personal data gets misused',
      because: `as a ${p.occupationPhrase}, ${p.firstName} has seen data misused`,
    },
    p.age <= 25 && {
      weight: 0.3,
      attributes: ['age'],
      voice: "I'm used to trading a little data for a better experience",
      because: `at ${p.age}, ${p.firstName} is used to trading data for convenience`,
    },
    p.safety.local <= 3 && {
      weight: -0.3,
      attributes: ['safetyScores.local'],
      safety: true,
      voice: 'where I live, giving away personal details feels risky',
      because: `low local safety (${p.safety.local}/10) makes sharing personal details risky`,
    },
    traitReason(
      p,
      'sceptical',
      -0.3,
      "I don't trust promises about how data will be handled",
      `${p.firstName} distrusts promises about data`,
    ),
    traitReason(
      p,
      'techWary',
      -0.3,
      "I don't really understand where that data goes, which worries me",
      `${p.firstName} cannot see where the data goes`,
    ),
  ]);
}
