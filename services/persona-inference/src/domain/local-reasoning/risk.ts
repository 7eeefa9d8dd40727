import { defined, fact, type Reason, type Situation, traitReason } from './reason';

/** How much risk the persona can take on, and how far they trust an untried change or a young company. */
export function riskReasons({ persona: p, business }: Situation): Reason[] {
  const { world, local, economic } = p.safety;
  const unstable = defined([
    world <= 4 && { name: 'safetyScores.world' as const, text: `world safety ${world}/10` },
    local <= 4 && { name: 'safetyScores.local' as const, text: `local safety ${local}/10` },
  ]);
  const years = Number(fact(business, 'yearsInOperation') ?? '0');
  return defined([
    traitReason(
      p,
      'riskAverse',
      -0.8,
      "I'm cautious by nature and prefer things that are proven",
      `${p.firstName} is cautious and prefers what is proven`,
    ),
    traitReason(
      p,
      'adventurous',
      0.6,
      "I enjoy trying new things and don't mind a bit of risk",
      `${p.firstName} enjoys trying new things`,
    ),
    unstable.length > 0 && {
      weight: -0.7,
      attributes: unstable.map((u) => u.name),
      safety: true,
      voice: 'things already feel unstable around me, so I avoid extra risk',
      because: `low safety (${unstable.map((u) => u.text).join(', ')}) makes extra risk unwelcome`,
    },
    world >= 8 &&
      local >= 8 && {
        weight: 0.3,
        attributes: ['safetyScores.world', 'safetyScores.local'],
        safety: true,
        voice: 'I feel secure where I live, so I can afford to be open to change',
        because: `high world and local safety (${world}/10, ${local}/10) leave room for change`,
      },
    economic <= 3 && {
      weight: -0.5,
      attributes: ['safetyScores.economic'],
      safety: true,
      voice: "I can't afford for this to go wrong",
      because: `low economic safety (${economic}/10) leaves no room for a mistake`,
    },
    p.lifeStage === 'senior' && {
      weight: -0.3,
      attributes: ['age'],
      voice: `at ${p.age} I prefer what I know`,
      because: `at ${p.age}, ${p.firstName} prefers the familiar`,
    },
    p.lifeStage === 'young' && {
      weight: 0.2,
      attributes: ['age'],
      voice: "I'm young enough to shrug off a change that doesn't work out",
      because: `at ${p.age}, ${p.firstName} can absorb a change that fails`,
    },
    traitReason(
      p,
      'sceptical',
      -0.3,
      "I've seen enough bold promises fall flat",
      `${p.firstName} is sceptical of bold promises`,
    ),
    years >= 10 && {
      weight: 0.2,
      attributes: [],
      profileFields: ['yearsInOperation'],
      voice: 'a company with a long track record makes this easier to trust',
      because: `${years} years in operation make the company easier to trust`,
    },
    years > 0 &&
      years < 3 && {
        weight: -0.2,
        attributes: [],
        profileFields: ['yearsInOperation'],
        voice: 'a young company taking a gamble worries me',
        because: `a company only ${years} years old taking a gamble is a worry`,
      },
  ]);
}
