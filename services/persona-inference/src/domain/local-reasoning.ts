import {
  type Opinion,
  type PersonaAnswer,
  type PersonaAttributeName,
  type ProfileFieldName,
  type SafetyInfluence,
} from '@chorus/contracts';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/inference';
import { type Money, yearlyUsd } from './money';
import { type PersonaReading, readPersona, type Trait } from './persona-reading';
import { type QuestionReading, readQuestion, type Theme } from './question-themes';

/**
 * The local engine's judgement: how one persona answers one question,
 * reasoned from the persona's circumstances against what the question is
 * about. Every consideration is a Reason with a weight (positive leans for,
 * negative against) and the attributes it rests on; the opinion is the sum,
 * neutral unless the reasons clearly lean one way. The same persona, question
 * and business always give the same answer.
 */
export interface Reason {
  /** Above zero leans positive, below zero negative; zero only informs. */
  weight: number;
  attributes: PersonaAttributeName[];
  profileFields?: ProfileFieldName[];
  /** In the persona's voice: a clause that can follow "As a 34-year-old nurse in Phoenix, ". */
  voice: string;
  /** For the reasoning, in the third person: a clause that can follow "because". */
  because: string;
  /** Rests on the persona's safety scores. */
  safety?: boolean;
  /** The trait it rests on: a trait counts once even when several themes call on it. */
  trait?: Trait;
}

/** A score this far from zero is needed to lean; otherwise the persona stays neutral. */
const LEAN_THRESHOLD = 0.5;
/** The reasons named in an answer: the strongest for its side, and the strongest against. */
const SUPPORTING_NAMED = 3;

interface Situation {
  persona: PersonaReading;
  question: QuestionReading;
  business: BusinessContext;
}

// ---------------------------------------------------------------------------
// Helpers for wording.

function fact(business: BusinessContext, field: ProfileFieldName): string | undefined {
  return business.facts.find((f) => f.field === field)?.value;
}

function traitReason(
  persona: PersonaReading,
  trait: Trait,
  weight: number,
  voice: string,
  because: string,
): Reason | undefined {
  const source = persona.traits.get(trait);
  return source ? { weight, attributes: [source], voice, because, trait } : undefined;
}

function percent(share: number): string {
  const value = share * 100;
  if (value < 0.1) return 'under 0.1%';
  return value < 1 ? `${value.toFixed(1)}%` : `${Math.round(value)}%`;
}

function perPeriod(money: Money): string {
  return money.period === 'once' ? '' : ` a ${money.period}`;
}

/** "an 18-year-old", "a 34-year-old" */
function aged(age: number): string {
  const an = age === 8 || age === 11 || age === 18 || (age >= 80 && age <= 89);
  return `${an ? 'an' : 'a'} ${age}-year-old`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A small, stable hash, so the same persona and question always pick the same wording. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function pick<T>(options: readonly T[], seed: number): T {
  return options[seed % options.length]!;
}

function defined<T>(items: (T | undefined | false)[]): T[] {
  return items.filter((item): item is T => item !== undefined && item !== false);
}

// ---------------------------------------------------------------------------
// Reasons per theme.

function priceReasons({ persona: p, question: q }: Situation): Reason[] {
  const direction = q.priceDirection ?? 'ask';
  const up = direction === 'up';
  const down = direction === 'down';
  const econ = p.safety.economic;
  const income = p.income;
  const reasons: Reason[] = [];

  if (up) {
    reasons.push({
      weight: -0.35,
      attributes: [],
      voice: 'paying more for the same thing is never welcome',
      because: 'a price rise on its own gives nothing back',
    });
  }

  let affordabilityNamed = false;
  if (q.price && income.yearlyUsd && !down) {
    const share = yearlyUsd(q.price) / income.yearlyUsd;
    const amount = `${q.price.text}${perPeriod(q.price)}`;
    if (share >= 0.03) {
      affordabilityNamed = true;
      reasons.push({
        weight: -1.1,
        attributes: ['income'],
        voice: `${amount} would be a real share of what I earn`,
        because: `${amount} is about ${percent(share)} of ${p.firstName}'s income (${income.text})`,
      });
    } else if (share >= 0.01) {
      affordabilityNamed = true;
      reasons.push({
        weight: -0.5,
        attributes: ['income'],
        voice: `${amount} is a noticeable amount on my budget`,
        because: `${amount} is about ${percent(share)} of ${p.firstName}'s income (${income.text})`,
      });
    } else if (share < 0.002) {
      affordabilityNamed = true;
      reasons.push({
        weight: up ? 0.15 : 0.3,
        attributes: ['income'],
        voice: `${amount} is small money for me`,
        because: `${amount} is a tiny share (${percent(share)}) of ${p.firstName}'s income (${income.text})`,
      });
    }
  }

  if (econ <= 4) {
    reasons.push({
      weight: down ? 0.9 : up ? -1.0 : -0.7,
      attributes: ['safetyScores.economic'],
      safety: true,
      voice: down
        ? 'money is tight for me, so every saving counts'
        : 'money is tight for me right now, so any extra cost lands hard',
      because: down
        ? `low economic safety (${econ}/10) makes any saving welcome`
        : `low economic safety (${econ}/10) makes every extra cost hurt`,
    });
  } else if (econ >= 8) {
    reasons.push({
      weight: down ? 0.1 : up ? 0.15 : 0.3,
      attributes: ['safetyScores.economic'],
      safety: true,
      voice: "I'm financially secure, so the price alone won't decide it for me",
      because: `high economic safety (${econ}/10) means the price alone won't decide it`,
    });
  }

  if (!affordabilityNamed && income.band === 'low') {
    reasons.push({
      weight: down ? 0.6 : up ? -0.7 : -0.5,
      attributes: ['income'],
      voice: down
        ? `on ${income.text} I welcome anything that costs less`
        : `on ${income.text} I notice every extra charge`,
      because: down
        ? `on an income of ${income.text}, every saving counts`
        : `an income of ${income.text} leaves little room for extra spending`,
    });
  } else if (!affordabilityNamed && income.band === 'high') {
    reasons.push({
      weight: down ? 0.05 : up ? 0.15 : 0.3,
      attributes: ['income'],
      voice: `on ${income.text} the cost itself doesn't worry me`,
      because: `an income of ${income.text} makes the cost itself a minor point`,
    });
  }

  if (income.kind === 'pension') {
    reasons.push({
      weight: down ? 0.4 : -0.4,
      attributes: ['income'],
      voice: 'I live on a fixed pension and budget carefully',
      because: `a fixed pension income (${income.text}) means careful budgeting`,
    });
  } else if (income.kind === 'irregular') {
    reasons.push({
      weight: down ? 0.3 : -0.35,
      attributes: ['income'],
      voice: 'my income goes up and down, so I am careful with regular costs',
      because: `an irregular income (${income.text}) makes regular costs risky`,
    });
  }

  reasons.push(
    ...defined([
      traitReason(
        p,
        'priceConscious',
        down ? 0.6 : up ? -0.6 : -0.45,
        down ? 'I always look for the better deal' : 'I watch every cost closely',
        `${p.firstName} is careful with money`,
      ),
      down &&
        traitReason(
          p,
          'qualitySeeker',
          -0.35,
          'a lower price often means corners get cut',
          `${p.firstName} suspects a lower price means lower quality`,
        ),
      down &&
        traitReason(
          p,
          'statusMinded',
          -0.2,
          'cheaper can look cheap',
          `${p.firstName} cares how things look and feel`,
        ),
    ]),
  );
  return reasons;
}

function technologyReasons({ persona: p, question: q }: Situation): Reason[] {
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

function riskReasons({ persona: p, business }: Situation): Reason[] {
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

function safetyReasons({ persona: p }: Situation): Reason[] {
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

function convenienceReasons({ persona: p }: Situation): Reason[] {
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

function healthReasons({ persona: p }: Situation): Reason[] {
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

function environmentReasons({ persona: p }: Situation): Reason[] {
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

function qualityReasons({ persona: p }: Situation): Reason[] {
  return defined([
    traitReason(
      p,
      'qualitySeeker',
      0.8,
      "I'd rather pay for something well made that lasts",
      `${p.firstName} values things that are well made`,
    ),
    p.income.band === 'high' && {
      weight: 0.35,
      attributes: ['income'],
      voice: 'I can afford to choose quality',
      because: `an income of ${p.income.text} lets ${p.firstName} choose quality`,
    },
    p.income.band === 'low' && {
      weight: -0.4,
      attributes: ['income'],
      voice: 'quality is nice, but on my income the price comes first',
      because: `an income of ${p.income.text} puts price before quality`,
    },
    traitReason(
      p,
      'priceConscious',
      -0.35,
      'I look at the price before the finish',
      `${p.firstName} puts price before polish`,
    ),
    traitReason(
      p,
      'statusMinded',
      0.3,
      'how things look and feel matters to me',
      `${p.firstName} cares about image`,
    ),
  ]);
}

function privacyReasons({ persona: p }: Situation): Reason[] {
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

function communityReasons({ persona: p }: Situation): Reason[] {
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

function workReasons({ persona: p }: Situation): Reason[] {
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

/** When the question names nothing the persona has a view on: their general stance on change. */
function generalReasons({ persona: p }: Situation): Reason[] {
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

const reasonsByTheme: Record<Theme, (situation: Situation) => Reason[]> = {
  price: priceReasons,
  technology: technologyReasons,
  risk: riskReasons,
  safety: safetyReasons,
  convenience: convenienceReasons,
  health: healthReasons,
  environment: environmentReasons,
  quality: qualityReasons,
  privacy: privacyReasons,
  community: communityReasons,
  work: workReasons,
};

/** Profile fields that speak to each theme, named in the reasoning when the profile has them. */
const profileFieldsByTheme: Record<Theme, readonly ProfileFieldName[]> = {
  price: ['pricingModels', 'avgTransactionValue'],
  technology: ['digitalPresence', 'ecommerceCapabilities'],
  risk: ['marketPositioning'],
  safety: ['serviceLevelAgreements', 'qualityMetrics'],
  convenience: ['serviceDelivery', 'distributionChannels'],
  health: ['primaryProducts'],
  environment: ['uniqueSellingPoints', 'marketPositioning'],
  quality: ['uniqueSellingPoints', 'qualityMetrics'],
  privacy: ['dataCollection', 'crmSystems'],
  community: ['customerTouchpoints', 'referralPatterns'],
  work: ['businessModel', 'salesProcesses'],
};

// ---------------------------------------------------------------------------
// The business profile: who the product is for, and what industry it is in.

const audienceHints: readonly [
  RegExp,
  (p: PersonaReading) => boolean,
  (p: PersonaReading) => PersonaAttributeName,
][] = [
  [
    /\bstudents?\b|\bgen ?z\b|\byoung (?:people|adults)\b/i,
    (p) => p.student || p.age <= 25,
    () => 'age',
  ],
  [
    /\bseniors?\b|\bretirees?\b|\bolder (?:adults|people)\b|\belderly\b/i,
    (p) => p.age >= 60,
    () => 'age',
  ],
  [
    /\bparents?\b|\bfamil(?:y|ies)\b/i,
    (p) => p.traits.has('familyFirst'),
    (p) => p.traits.get('familyFirst') ?? 'lifestyle',
  ],
  [
    /\bprofessionals?\b|\bexecutives?\b|\bmanagers?\b/i,
    (p) => !p.student && !p.retired && p.category !== 'Other',
    () => 'occupation',
  ],
  [
    /\bsmall business(?:es)?\b|\bowners?\b|\bentrepreneurs?\b|\bfreelancers?\b|\bsmbs?\b/i,
    (p) => p.selfEmployed,
    () => 'occupation',
  ],
  [/\baffluent\b|\bhigh[- ]income\b|\bwealthy\b/i, (p) => p.income.band === 'high', () => 'income'],
  [
    /\bbudget\b|\blow[- ]income\b|\bprice[- ]sensitive\b/i,
    (p) => p.income.band === 'low' || p.traits.has('priceConscious'),
    () => 'income',
  ],
];

function audienceReason(p: PersonaReading, business: BusinessContext): Reason | undefined {
  const audience = fact(business, 'customerDemographics');
  if (!audience) return undefined;
  const range = audience.match(/\b(\d{2})\s?(?:-|–|to)\s?(\d{2})\b/);
  if (range) {
    const [low, high] = [Number(range[1]), Number(range[2])];
    const inside = p.age >= low && p.age <= high;
    return {
      weight: inside ? 0.2 : -0.2,
      attributes: ['age'],
      profileFields: ['customerDemographics'],
      voice: inside
        ? "it sounds like it's made for people like me"
        : "it doesn't sound like it's made for someone my age",
      because: inside
        ? `at ${p.age}, ${p.firstName} is inside the target customers (${low}-${high})`
        : `at ${p.age}, ${p.firstName} is outside the target customers (${low}-${high})`,
    };
  }
  for (const [pattern, fits, attributeOf] of audienceHints) {
    if (pattern.test(audience) && fits(p)) {
      return {
        weight: 0.2,
        attributes: [attributeOf(p)],
        profileFields: ['customerDemographics'],
        voice: "it sounds like it's made for people like me",
        because: `${p.firstName} matches the customers the product targets`,
      };
    }
  }
  return undefined;
}

const industryCategories: readonly [RegExp, PersonaReading['category']][] = [
  [/tech|software|saas|it\b/i, 'Technology'],
  [/health|medical|pharma|wellness/i, 'Healthcare'],
  [/educat|school|learning/i, 'Education'],
  [/financ|bank|insur|fintech/i, 'Finance'],
  [/market|advertis|media/i, 'Sales & Marketing'],
  [/design|entertain|art|fashion/i, 'Creative'],
];

/** Someone who works in the product's industry knows it: a firmer view, not a different one. */
function industryReason(p: PersonaReading, business: BusinessContext): Reason | undefined {
  const industry = fact(business, 'industry') ?? business.industry;
  if (!industry) return undefined;
  const match = industryCategories.find(([pattern]) => pattern.test(industry));
  if (!match || match[1] !== p.category) return undefined;
  return {
    weight: 0,
    attributes: ['occupation'],
    profileFields: ['industry'],
    voice: `${industry} is close to my own work, so I know what good looks like`,
    because: `${p.firstName} works close to the product's industry (${industry})`,
  };
}

// ---------------------------------------------------------------------------
// Putting an answer together.

const openers: Record<Opinion, readonly string[]> = {
  positive: ["I'd welcome this.", 'This gets a yes from me.', 'I like the sound of this.'],
  negative: ["I'd be against this.", "This isn't for me.", "I'm not convinced."],
  neutral: ['I could go either way.', "I'm on the fence.", "I don't feel strongly about this."],
};

const counterLeads = ['That said,', 'Still,', 'On the other hand,'] as const;

function opinionOf(score: number): Opinion {
  if (score >= LEAN_THRESHOLD) return 'positive';
  if (score <= -LEAN_THRESHOLD) return 'negative';
  return 'neutral';
}

function safetyInfluenceOf(named: readonly Reason[]): SafetyInfluence {
  const total = named.reduce((sum, r) => sum + Math.abs(r.weight), 0);
  if (total === 0) return 'low';
  const share =
    named.filter((r) => r.safety).reduce((sum, r) => sum + Math.abs(r.weight), 0) / total;
  if (share >= 0.45) return 'high';
  if (share >= 0.2) return 'medium';
  return 'low';
}

function confidenceOf(opinion: Opinion, score: number, named: readonly Reason[]): number {
  const informed = named.some((r) => r.weight === 0) ? 0.05 : 0;
  const value =
    opinion === 'neutral'
      ? 0.35 + 0.05 * Math.min(named.length, 3) + informed
      : 0.5 + 0.2 * Math.min(Math.abs(score), 2) + 0.03 * Math.min(named.length, 3) + informed;
  return Math.round(Math.min(0.95, value) * 100) / 100;
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/** Quotes a profile value briefly in the reasoning. */
function quote(value: string): string {
  const short = value.length > 80 ? `${value.slice(0, 79).trimEnd()}…` : value;
  return `"${short}"`;
}

export function answerAs(
  questionText: string,
  personaProfile: PersonaProfile,
  business: BusinessContext,
): PersonaAnswer {
  const persona = readPersona(personaProfile);
  const question = readQuestion(questionText);
  const situation: Situation = { persona, question, business };

  // Themes come strongest first, so a trait counts where it matters most.
  const reasons: Reason[] = [];
  for (const reason of question.themes.flatMap((theme) => reasonsByTheme[theme](situation))) {
    if (!reason.trait || !reasons.some((r) => r.trait === reason.trait)) reasons.push(reason);
  }
  if (reasons.every((r) => r.weight === 0)) reasons.push(...generalReasons(situation));
  reasons.push(...defined([audienceReason(persona, business), industryReason(persona, business)]));

  // Rounded, so weights that add up to exactly the threshold are not lost to floating point.
  const score = Math.round(reasons.reduce((sum, r) => sum + r.weight, 0) * 100) / 100;
  const opinion = opinionOf(score);
  const byStrength = [...reasons].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  // A neutral persona still leans a little: its strongest reasons on that side,
  // then the strongest against.
  const side =
    opinion === 'positive'
      ? 1
      : opinion === 'negative'
        ? -1
        : Math.sign(score) || Math.sign(byStrength[0]?.weight ?? 0);
  const supporting = byStrength
    .filter((r) => Math.sign(r.weight) === side && side !== 0)
    .slice(0, opinion === 'neutral' ? 2 : SUPPORTING_NAMED);
  const counter = byStrength.find(
    (r) => side !== 0 && Math.sign(r.weight) === -side && Math.abs(r.weight) >= 0.2,
  );
  const informing = byStrength.find((r) => r.weight === 0);
  const named = defined([...supporting, counter, informing]);

  // Business-profile fields that speak to the question's themes.
  const themeFacts = unique(question.themes.flatMap((t) => profileFieldsByTheme[t]))
    .map((field) => ({ field, value: fact(business, field) }))
    .filter((f): f is { field: ProfileFieldName; value: string } => f.value !== undefined)
    .slice(0, 2);

  const seed = hash(`${persona.name}|${questionText}`);
  const who = `As ${aged(persona.age)} ${persona.occupationPhrase} in ${persona.place}`;
  const sentences = [pick(openers[opinion], seed)];
  if (supporting.length === 0) {
    sentences.push(`${who}, nothing in this touches my own situation enough to lean either way.`);
  } else {
    sentences.push(`${who}, ${supporting[0]!.voice}.`);
    for (const reason of supporting.slice(1, 2)) sentences.push(`${capitalize(reason.voice)}.`);
  }
  if (counter) sentences.push(`${pick(counterLeads, seed >>> 3)} ${counter.voice}.`);
  if (opinion === 'neutral' && counter) sentences.push('So I end up somewhere in the middle.');
  if (informing) sentences.push(`${capitalize(informing.voice)}.`);

  const reasoning = [
    leaning(persona, opinion, supporting, counter),
    counter && opinion !== 'neutral' ? `Pulling the other way, ${counter.because}.` : '',
    informing ? `${capitalize(informing.because)}.` : '',
    themeFacts.length > 0
      ? `Weighed against the business profile: ${themeFacts
          .map((f) => `${labelOf(business, f.field)} ${quote(f.value)}`)
          .join('; ')}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');

  return {
    opinion,
    confidence: confidenceOf(opinion, score, named),
    safetyInfluence: safetyInfluenceOf(named),
    response: sentences.join(' '),
    reasoning,
    grounding: {
      personaAttributes: unique(named.flatMap((r) => r.attributes)),
      profileFields: unique([
        ...named.flatMap((r) => r.profileFields ?? []),
        ...themeFacts.map((f) => f.field),
      ]),
    },
  };
}

/** The first sentence of the reasoning: where the persona lands, and why. */
function leaning(
  persona: PersonaReading,
  opinion: Opinion,
  supporting: readonly Reason[],
  counter: Reason | undefined,
): string {
  const because = joinClauses(supporting.map((r) => r.because));
  if (opinion !== 'neutral') return `${persona.name} leans ${opinion} because ${because}.`;
  if (supporting.length === 0) {
    return `${persona.name} stays neutral: the question touches none of the things that weigh most for ${persona.firstName}.`;
  }
  if (counter) return `${persona.name} stays neutral: ${because}, but ${counter.because}.`;
  const direction = supporting[0]!.weight > 0 ? 'positive' : 'negative';
  return `${persona.name} stays neutral: ${because}, but not strongly enough to lean ${direction}.`;
}

function joinClauses(clauses: readonly string[]): string {
  if (clauses.length <= 1) return clauses.join('');
  return `${clauses.slice(0, -1).join(', ')} and ${clauses[clauses.length - 1]!}`;
}

function labelOf(business: BusinessContext, field: ProfileFieldName): string {
  return (business.facts.find((f) => f.field === field)?.label ?? field).toLowerCase();
}
