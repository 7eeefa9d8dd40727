import type {
  BusinessContext,
  ConversationTurn,
  PersonaProfile,
} from '@chorus/proto/inference/v1/answers';
import { type Opinion, opinions } from '@chorus/contracts';
import { weighingFor } from './index';

/** The opinions the follow-up reply may keep to. */
function shownOpinion(opinion: string, fallback: Opinion): Opinion {
  return (opinions as readonly string[]).includes(opinion) ? (opinion as Opinion) : fallback;
}

/**
 * The local engine's follow-up reply: the persona answers the message from
 * the same reasons it weighed for the question, in its own voice — why it
 * holds its view, what could move it, or what money has to do with it — and
 * keeps to the opinion its answer showed: the reasons it gives are the ones
 * on that side, and a neutral view gives one from each side.
 */
export function followUpReply(ask: {
  questionText: string;
  persona: PersonaProfile;
  business: BusinessContext;
  earlierAnswer: { opinion: string };
  turns: ConversationTurn[];
  message: string;
}): string {
  const weighing = weighingFor(ask.questionText, ask.persona, ask.business);
  const opinion = shownOpinion(ask.earlierAnswer.opinion, weighing.opinion);
  const side = opinion === 'positive' ? 1 : opinion === 'negative' ? -1 : 0;
  const forIt = weighing.reasons.filter((r) => r.weight > 0);
  const againstIt = weighing.reasons.filter((r) => r.weight < 0);
  // The reasons that argue the shown view; the strongest of the other side is what could move it.
  const arguing =
    side > 0
      ? forIt
      : side < 0
        ? againstIt
        : [forIt[0], againstIt[0]].filter((r) => r !== undefined);
  const other = side > 0 ? againstIt[0] : side < 0 ? forIt[0] : undefined;
  const [first, second] = arguing.map((reason) => reason.voice);
  const message = ask.message.toLowerCase();
  const sentences: string[] = [];
  if (/\b(why|reason|explain)\b/.test(message)) {
    if (side === 0 && first && second) {
      sentences.push(`On one hand, ${first}.`, `On the other, ${second}.`);
    } else {
      sentences.push(
        first
          ? `Mostly because ${first}.`
          : 'Nothing in it really touches my own situation, so I have no strong reason either way.',
      );
      if (second) sentences.push(`And ${second}.`);
    }
  } else if (/\b(change|convince|persuade|would it take|what if|unless)\b/.test(message)) {
    sentences.push(
      other
        ? `What could move me is this: ${other.voice}, if that came to weigh more.`
        : 'It would take a change in my own circumstances, not just a better pitch.',
    );
  } else if (/\b(price|cost|pay|paying|cheaper|expensive|afford|money)\b|[$£€]/.test(message)) {
    const money = arguing.find((reason) => reason.attributes.includes('income'));
    sentences.push(
      money ? `On the money side, ${money.voice}.` : "Money isn't what decides this for me.",
    );
  } else {
    sentences.push(
      first
        ? `Thinking about that: ${first}.`
        : 'Thinking about that, nothing in it changes much for me.',
    );
  }
  sentences.push(`So my view stays ${opinion}${ask.turns.length > 0 ? ', as I said before' : ''}.`);
  return sentences.join(' ');
}
