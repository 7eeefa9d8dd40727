import { engineAnswerSchema } from '@chorus/contracts';
import { testLogger } from '@chorus/service-kit/testing';
import { InferenceFailed } from '../src/engines/engine';
import { OpenAIEngine, parseModelAnswer } from '../src/engines/openai';
import { type FakeOpenAI, type FakeReply, startFakeOpenAI, validAnswer } from '../src/testing';
import { business, personas } from './fixtures';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function engineAgainst(
  reply: (n: number) => FakeReply,
  options: { timeoutMs?: number; retries?: number } = {},
) {
  fake = await startFakeOpenAI((_request, n) => reply(n));
  return new OpenAIEngine({
    apiKey: 'test-key',
    baseURL: fake.url,
    model: 'fake-model',
    temperature: 0.7,
    timeoutMs: options.timeoutMs ?? 5_000,
    retries: options.retries ?? 2,
    backoffMs: 10,
    logger: testLogger(),
  });
}

const question = {
  questionText: 'We are raising the monthly price from $29 to $49. Would you stay?',
  persona: personas.dorothy,
  business,
  seed: 3,
};

describe('OpenAIEngine against an OpenAI-compatible server', () => {
  it('answers with a schema-valid distribution from structured output, with its usage', async () => {
    const engine = await engineAgainst(() => ({
      content: validAnswer(),
      usage: { prompt_tokens: 900, completion_tokens: 150 },
    }));
    const { answer, usage } = await engine.answer(question);
    expect(engineAnswerSchema.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({
      distribution: { positive: 0.1, neutral: 0.2, negative: 0.7 },
      safetyInfluence: 'high',
    });
    expect(usage).toEqual({ inputTokens: 900, outputTokens: 150, modelCalls: 1 });

    const [request] = fake!.requests;
    expect(request!.headers.authorization).toBe('Bearer test-key');
    expect(request!.body.model).toBe('fake-model');
    expect(request!.body.seed).toBe(3);
    expect(request!.body.temperature).toBe(0.7);
    expect(request!.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        name: 'persona_answer',
        strict: true,
        schema: {
          required: expect.arrayContaining(['distribution']),
          properties: {
            distribution: {
              required: ['positive', 'neutral', 'negative'],
              additionalProperties: false,
            },
          },
        },
      },
    });
    const [system, user] = request!.body.messages;
    expect(system).toMatchObject({ role: 'system' });
    expect(system!.content).toContain('You are Dorothy Jenkins.');
    expect(system!.content).toContain('economic 3, the wider world 4, your local area 5');
    expect(user!.content).toContain(`The question: "${question.questionText}"`);
    expect(user!.content).toContain('Pricing Models [pricingModels]: Monthly subscription at $29');
  });

  it('asks again when an answer is malformed, and takes the valid one', async () => {
    const engine = await engineAgainst((n) =>
      n === 0
        ? { content: '{"distribution": {"positive": "delighted"' }
        : { content: validAnswer() },
    );
    const { answer, usage } = await engine.answer(question);
    expect(answer.distribution.negative).toBe(0.7);
    expect(fake!.requests).toHaveLength(2);
    // Both calls were paid for: usage counts the unreadable one too.
    expect(usage).toEqual({ inputTokens: 1_024, outputTokens: 256, modelCalls: 2 });
  });

  it.each([
    ['probabilities adding up to 1.5', { positive: 0.5, neutral: 0.5, negative: 0.5 }],
    ['a probability above 1', { positive: 1.2, neutral: 0, negative: 0 }],
    ['a probability missing', { positive: 0.5, neutral: 0.5 }],
  ])('asks again when the distribution is invalid (%s)', async (_name, distribution) => {
    const engine = await engineAgainst((n) => ({
      content: validAnswer(n === 0 ? { distribution } : {}),
    }));
    expect((await engine.answer(question)).answer.distribution.negative).toBe(0.7);
    expect(fake!.requests).toHaveLength(2);
  });

  it('scales a distribution that adds up to nearly 1 (thirds) to exactly 1', async () => {
    const engine = await engineAgainst(() => ({
      content: validAnswer({ distribution: { positive: 0.33, neutral: 0.33, negative: 0.33 } }),
    }));
    const { distribution } = (await engine.answer(question)).answer;
    expect(distribution.positive + distribution.neutral + distribution.negative).toBeCloseTo(1, 9);
    expect(distribution.positive).toBeCloseTo(1 / 3, 3);
  });

  it('gives up with a reason after the retries when every answer is unreadable', async () => {
    const engine = await engineAgainst(() => ({ content: 'I would rather not say.' }), {
      retries: 2,
    });
    await expect(engine.answer(question)).rejects.toThrow(
      new InferenceFailed(
        'The AI service gave an unreadable answer for Dorothy Jenkins. Please try again.',
      ),
    );
    expect(fake!.requests).toHaveLength(3);
  });

  it('retries a failing server (500) and uses the answer that follows', async () => {
    const engine = await engineAgainst((n) =>
      n === 0 ? { status: 500 } : { content: validAnswer() },
    );
    expect((await engine.answer(question)).answer.distribution.negative).toBe(0.7);
    expect(fake!.requests).toHaveLength(2);
  });

  it('gives up with a reason when the server is always too slow', async () => {
    const engine = await engineAgainst(() => ({ delayMs: 5_000, content: validAnswer() }), {
      timeoutMs: 200,
      retries: 1,
    });
    await expect(engine.answer(question)).rejects.toThrow(
      'The AI service did not answer in time. Please try again.',
    );
    // The first attempt and one retry, each cut off at the timeout.
    expect(fake!.requests).toHaveLength(2);
  });

  it('does not retry refused credentials', async () => {
    const engine = await engineAgainst(() => ({ status: 401 }));
    await expect(engine.answer(question)).rejects.toThrow(
      'The AI service refused our credentials. Please contact support.',
    );
    expect(fake!.requests).toHaveLength(1);
  });
});

describe('parseModelAnswer', () => {
  it.each([
    ['', 'empty answer'],
    ['not json', 'not JSON'],
    [validAnswer({ distribution: { positive: 0.9, neutral: 0.9, negative: 0.9 } }), 'distribution'],
    [
      validAnswer({ grounding: { personaAttributes: ['shoeSize'], profileFields: [] } }),
      'grounding',
    ],
  ])('refuses %j', (content, problem) => {
    const parsed = parseModelAnswer(content);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.problem).toContain(problem);
  });
});
