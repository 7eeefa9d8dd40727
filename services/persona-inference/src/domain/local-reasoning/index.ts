import type { OpinionDistribution, PersonaAnswer } from '@chorus/contracts';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { readPersona } from '../persona-reading';
import { readQuestion, type Theme } from '../question-themes';
import { audienceReason, industryReason, themeFacts } from './business-profile';
import { communityReasons } from './community';
import { convenienceReasons } from './convenience';
import { environmentReasons } from './environment';
import { generalReasons } from './general';
import { healthReasons } from './health';
import { priceReasons } from './price';
import { privacyReasons } from './privacy';
import { qualityReasons } from './quality';
import { defined, type Reason, type Situation, type ThemeReasons, unique } from './reason';
import { riskReasons } from './risk';
import { safetyReasons } from './safety';
import { technologyReasons } from './technology';
import { reasoningText, spokenResponse } from './wording';
import { confidenceOf, safetyInfluenceOf, weigh, type Weighing } from './weighing';
import { workReasons } from './work';

const reasonsByTheme: Record<Theme, ThemeReasons> = {
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

/** The persona's reasons on every theme of the question, and on the business profile. */
function reasonsFor(situation: Situation): Reason[] {
  const { persona, question, business } = situation;
  // Themes come strongest first, so a trait counts where it matters most.
  const reasons: Reason[] = [];
  for (const reason of question.themes.flatMap((theme) => reasonsByTheme[theme](situation))) {
    if (!reason.trait || !reasons.some((r) => r.trait === reason.trait)) reasons.push(reason);
  }
  if (reasons.every((r) => r.weight === 0)) reasons.push(...generalReasons(situation));
  reasons.push(...defined([audienceReason(persona, business), industryReason(persona, business)]));
  return reasons;
}

/** How the persona weighs the question: its reasons, the side they lean to and by how much. */
export function weighingFor(
  questionText: string,
  personaProfile: PersonaProfile,
  business: BusinessContext,
): Weighing {
  const persona = readPersona(personaProfile);
  const question = readQuestion(questionText);
  return weigh(reasonsFor({ persona, question, business }));
}

/**
 * The local engine's judgement: how one persona answers one question,
 * reasoned from the persona's circumstances against what the question is
 * about. Each theme of the question adds the persona's reasons on it; their
 * sum gives the distribution, and the answer shows and argues its most likely
 * opinion, with that opinion's probability as its confidence. The same
 * persona, question and business always give the same answer.
 */
export function answerAs(
  questionText: string,
  personaProfile: PersonaProfile,
  business: BusinessContext,
): PersonaAnswer & { distribution: OpinionDistribution } {
  const persona = readPersona(personaProfile);
  const question = readQuestion(questionText);
  const weighing = weigh(reasonsFor({ persona, question, business }));
  const facts = themeFacts(question.themes, business);
  const { named } = weighing;
  return {
    opinion: weighing.opinion,
    confidence: confidenceOf(weighing),
    distribution: weighing.distribution,
    safetyInfluence: safetyInfluenceOf(named),
    response: spokenResponse(persona, questionText, weighing),
    reasoning: reasoningText(persona, weighing, facts, business),
    grounding: {
      personaAttributes: unique(named.flatMap((r) => r.attributes)),
      profileFields: unique([
        ...named.flatMap((r) => r.profileFields ?? []),
        ...facts.map((f) => f.field),
      ]),
    },
  };
}
