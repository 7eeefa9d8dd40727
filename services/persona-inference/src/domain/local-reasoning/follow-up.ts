import type {
  BusinessContext,
  ConversationTurn,
  PersonaProfile,
} from '@chorus/proto/inference/v1/inference';
import { weighingFor } from './index';

/**
 * The local engine's follow-up reply: the persona answers the message from
 * the same reasons it weighed for the question, in its own voice — why it
 * leans as it does, what could move it, or what money has to do with it —
 * and keeps to its earlier view.
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
  const opinion = ask.earlierAnswer.opinion || weighing.opinion;
  const [first, second] = weighing.supporting.map((reason) => reason.voice);
  const message = ask.message.toLowerCase();
  const sentences: string[] = [];
  if (/\b(why|reason|explain)\b/.test(message)) {
    sentences.push(
      first
        ? `Mostly because ${first}.`
        : 'Nothing in it really touches my own situation, so I have no strong reason either way.',
    );
    if (second) sentences.push(`And ${second}.`);
  } else if (/\b(change|convince|persuade|would it take|what if|unless)\b/.test(message)) {
    const counter = weighing.counter?.voice;
    sentences.push(
      counter
        ? `What could move me is this: ${counter}.`
        : 'It would take a change in my own circumstances, not just a better pitch.',
    );
  } else if (/\b(price|cost|pay|paying|cheaper|expensive|afford|money)\b|[$£€]/.test(message)) {
    const money = weighing.named.find((reason) => reason.attributes.includes('income'));
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
