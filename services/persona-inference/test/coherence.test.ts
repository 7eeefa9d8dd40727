import { defaultModelPrices, FIRST_RUN_SEED, type PersonaResponse } from '@chorus/contracts';
import { drawOpinion, personaGenerator } from '@chorus/research';
import { testLogger } from '@chorus/service-kit/testing';
import pLimit from 'p-limit';
import { MemoryAnswerCache } from '../src/answer-cache';
import { Answering } from '../src/answering';
import { followUpReply } from '../src/domain/local-reasoning/follow-up';
import { LocalEngine } from '../src/engines/local';
import { business, noBusiness } from './fixtures';
import { contradiction, valence } from './stance';
import { templatePersonas } from './templates';

/** Questions of different kinds: prices with units, a rise, technology, risk, time, values, data, a discount, a B2B seat price, a social feature. */
const questions = [
  'Would you order our weekly meal kit at $12 per serving?',
  'We are raising the monthly price from $29 to $49. Would you stay?',
  'Should we add an AI assistant that plans your week automatically?',
  'We plan to move all payments to a new, unproven cryptocurrency provider. How do you feel?',
  'Would you use same-day delivery so you never have to visit the store?',
  'We are switching to 100% recycled, plastic-free packaging.',
  'Would you share your location data with us in exchange for personalised offers?',
  'We could offer a 20% discount for annual plans. Would that interest you?',
  'Would your team pay $15 per user per month for our scheduling software?',
  'Would you join monthly community cooking events at our local store?',
];

const answering = new Answering({
  engine: new LocalEngine(0),
  limit: pLimit(8),
  logger: testLogger(),
  cache: new MemoryAnswerCache(0),
  draws: 20,
  prices: defaultModelPrices,
});

describe('every answer agrees with itself', () => {
  let answers: { question: string; response: PersonaResponse }[] = [];

  beforeAll(async () => {
    for (const context of [business, noBusiness]) {
      for (const questionText of questions) {
        const { responses } = await answering.answer({
          questionText,
          personas: templatePersonas,
          business: context,
        });
        answers.push(...responses.map((response) => ({ question: questionText, response })));
      }
    }
  });

  afterAll(() => {
    answers = [];
  });

  it('over 1,000 answers of every template persona, none argues another opinion than the one shown', () => {
    expect(answers.length).toBeGreaterThanOrEqual(1_000);
    const shown = new Set(answers.map((a) => a.response.opinion));
    // Every opinion is shown somewhere, so the check is not passed by a panel that never leans.
    expect([...shown].sort()).toEqual(['negative', 'neutral', 'positive']);
    const contradictions = answers.flatMap(({ question, response }) =>
      (['response', 'reasoning'] as const).flatMap((part) => {
        const found = contradiction(response[part], response.opinion);
        return found
          ? [`${response.personaName} on "${question}" (${response.opinion}): ${part} ${found}`]
          : [];
      }),
    );
    expect(contradictions).toEqual([]);
  });

  it('would have caught the first random draw shown as the opinion', () => {
    // The old display: each persona's first seeded draw as its opinion, under words for its most likely one.
    const caught = answers.filter(({ response }) => {
      const firstDraw = drawOpinion(
        response.distribution!,
        personaGenerator(FIRST_RUN_SEED, response.personaId),
      );
      return (
        contradiction(response.response, firstDraw) !== undefined ||
        contradiction(response.reasoning, firstDraw) !== undefined
      );
    });
    // 424 of the 1,100 when this was written.
    expect(caught.length).toBeGreaterThan(100);
  });

  it('shows the most likely opinion, with its probability as the confidence', () => {
    for (const { response } of answers) {
      const d = response.distribution!;
      expect(d[response.opinion]).toBe(Math.max(d.positive, d.neutral, d.negative));
      expect(response.confidence).toBe(Math.round(d[response.opinion] * 100) / 100);
      const draws = response.draws!;
      expect(draws.positive + draws.neutral + draws.negative).toBe(20);
    }
  });

  it('follow-up replies argue the opinion shown', () => {
    const messages = [
      'Why do you feel that way?',
      'What would change your mind?',
      'Is it the price?',
      'Tell me more.',
    ];
    const found: string[] = [];
    for (const { question, response } of answers.slice(0, 300)) {
      const persona = templatePersonas.find((p) => p.personaId === response.personaId)!;
      for (const message of messages) {
        const reply = followUpReply({
          questionText: question,
          persona,
          business,
          earlierAnswer: response,
          turns: [],
          message,
        });
        const problem = contradiction(reply, response.opinion);
        if (problem)
          found.push(
            `${response.personaName} (${response.opinion}) to "${message}": ${problem}: ${reply}`,
          );
      }
    }
    expect(found).toEqual([]);
  });

  it('the check itself catches an answer that argues the other way', () => {
    expect(contradiction("I'm on the fence. Nothing here matters to me.", 'positive')).toBe(
      'states neutral',
    );
    expect(
      contradiction('I love this, it would help me and it is great value.', 'negative'),
    ).toMatch(/words lean positive/);
    expect(contradiction('This worries me and I hate the risk.', 'positive')).toMatch(
      /words lean negative/,
    );
    expect(contradiction('It sounds good to me.', 'neutral')).toBe('never says it is undecided');
    expect(valence("I'm not happy")).toBeLessThan(0);
  });
});
