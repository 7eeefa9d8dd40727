import { defined, type Reason, type Situation, traitReason } from './reason';

/** How at home the persona is with new technology, and with automation and AI in particular. */
export function technologyReasons({ persona: p, question: q }: Situation): Reason[] {
  const occupationSafety = p.safety.occupation;
  return defined([
    p.worksInTech && {
      weight: 0.9,
      attributes: ['occupation'],
      voice: 'I work in technology myself, so I can tell whether this would genuinely help',
      because: `${p.firstName} works in technology (${p.occupationPhrase}) and can judge it on its merits`,
    },
    traitReason(
      p,
      'techEnthusiast',
      0.7,
      "I'm usually among the first to try something new like this",
      `${p.firstName} adopts new technology early`,
    ),
    traitReason(
      p,
      'techWary',
      -0.7,
      "technology isn't my strong suit, so something like this worries me",
      `${p.firstName} is wary of unfamiliar technology`,
    ),
    p.age >= 65 && {
      weight: -0.6,
      attributes: ['age'],
      voice: `at ${p.age} I'd rather not have to learn another piece of technology`,
      because: `at ${p.age}, learning new technology is a hurdle`,
    },
    p.age >= 55 &&
      p.age < 65 && {
        weight: -0.25,
        attributes: ['age'],
        voice: `at ${p.age} I take a little longer to warm to new technology`,
        because: `at ${p.age}, ${p.firstName} warms to new technology slowly`,
      },
    p.age <= 30 && {
      weight: 0.35,
      attributes: ['age'],
      voice: "I've grown up with this kind of technology",
      because: `at ${p.age}, ${p.firstName} is at home with new technology`,
    },
    traitReason(
      p,
      'wantsSimplicity',
      -0.3,
      'I have little patience for anything that takes effort to learn',
      `${p.firstName} wants things that simply work`,
    ),
    traitReason(
      p,
      'sceptical',
      q.aboutAi ? -0.4 : -0.25,
      "I'd want proof that it works, not promises",
      `${p.firstName} wants evidence before trusting it`,
    ),
    (q.aboutAi || q.themes.includes('privacy')) &&
      traitReason(
        p,
        'privacyMinded',
        -0.5,
        "I'd want to know exactly what happens to my data",
        `${p.firstName} guards their privacy`,
      ),
    q.aboutAi &&
      occupationSafety <= 4 && {
        weight: -0.6,
        attributes: ['safetyScores.occupation'],
        safety: true,
        voice: 'my own work already feels insecure, so automation makes me uneasy',
        because: `low occupation safety (${occupationSafety}/10) makes automation feel threatening`,
      },
    q.aboutAi &&
      traitReason(
        p,
        'timePoor',
        0.4,
        'anything that takes work off my plate is welcome',
        `${p.firstName} is short of time`,
      ),
  ]);
}
