import { defined, type Reason, type Situation, traitReason } from './reason';

/** Whether the product would help the persona's work, business or career. */
export function workReasons({ persona: p }: Situation): Reason[] {
  return defined([
    (p.category === 'Management' || p.category === 'Finance') &&
      !p.retired && {
        weight: 0.6,
        attributes: ['occupation'],
        voice: 'in my role, anything that makes work run smoother counts',
        because: `as a ${p.occupationPhrase}, ${p.firstName} values what makes work run smoother`,
      },
    p.selfEmployed &&
      !p.retired && {
        weight: 0.6,
        attributes: ['occupation'],
        voice: "running my own business, I'm always looking for an edge",
        because: `${p.firstName} runs their own business and looks for an edge`,
      },
    traitReason(
      p,
      'careerDriven',
      0.35,
      "I'm focused on moving up in my career",
      `${p.firstName} is driven by career goals`,
    ),
    (p.retired || p.student) && {
      weight: -0.45,
      attributes: ['occupation'],
      voice: p.retired
        ? "I'm retired, so this doesn't touch my day-to-day life"
        : "as a student, this doesn't touch my day-to-day life",
      because: `${p.firstName} is ${p.retired ? 'retired' : 'a student'}, so it is far from daily life`,
    },
  ]);
}
