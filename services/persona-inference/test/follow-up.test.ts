import { answerAs } from '../src/domain/local-reasoning';
import { followUpReply } from '../src/domain/local-reasoning/follow-up';
import { followUpPrompt } from '../src/domain/prompt';
import { LocalEngine } from '../src/engines/local';
import { business, personas } from './fixtures';

const priceRise = 'We are raising the monthly price from $29 to $49. Would you stay?';

function ask(message: string, turns: { role: string; text: string }[] = []) {
  const earlier = answerAs(priceRise, personas.dorothy, business);
  return {
    questionText: priceRise,
    persona: personas.dorothy,
    business,
    earlierAnswer: {
      personaId: personas.dorothy.personaId,
      personaName: personas.dorothy.name,
      opinion: earlier.opinion,
      confidence: earlier.confidence,
      safetyInfluence: earlier.safetyInfluence,
      response: earlier.response,
      reasoning: earlier.reasoning,
      grounding: earlier.grounding,
      distribution: undefined,
      draws: undefined,
    },
    turns,
    message,
    seed: 1,
  };
}

describe("the local engine's follow-up replies", () => {
  it.each([
    ['Why do you say that?', /^Mostly because /],
    ['What would change your mind?', /^(What could move me is this: |It would take a change)/],
    ['Is it the price?', /^(On the money side, |Money isn't what decides)/],
    ['Tell me more about your week.', /^Thinking about that/],
  ])('answers "%s" from its reasons', (message, opening) => {
    const reply = followUpReply(ask(message));
    expect(reply).toMatch(opening);
    expect(reply).toMatch(/So my view stays negative\.$/);
  });

  it('remembers that it has said so before', () => {
    expect(followUpReply(ask('Why?', [{ role: 'asker', text: 'Why?' }]))).toMatch(
      /So my view stays negative, as I said before\.$/,
    );
  });

  it('streams the reply a few words at a time, the pieces making the whole reply', async () => {
    const pieces: string[] = [];
    for await (const piece of new LocalEngine(0).followUp(ask('Why do you say that?'))) {
      if ('text' in piece) pieces.push(piece.text);
    }
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(followUpReply(ask('Why do you say that?')));
  });
});

describe('the follow-up prompt', () => {
  it('carries the question, the earlier answer and the conversation, then the message', () => {
    const messages = followUpPrompt({
      ...ask('And at $39?', [
        { role: 'asker', text: 'Why?' },
        { role: 'persona', text: 'My pension is fixed.' },
      ]),
      earlierAnswer: {
        opinion: 'negative',
        response: 'Too dear for me.',
        reasoning: 'Fixed income.',
      },
    });
    expect(messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(messages[0]!.content).toContain('You are Dorothy Jenkins.');
    expect(messages[0]!.content).toContain('Reply in plain text');
    expect(messages[1]!.content).toContain(`The question: "${priceRise}"`);
    expect(messages[2]!.content).toContain('Too dear for me.');
    expect(messages[2]!.content).toContain('My view: negative. Why: Fixed income.');
    expect(messages.slice(3).map((m) => m.content)).toEqual([
      'Why?',
      'My pension is fixed.',
      'And at $39?',
    ]);
  });
});
