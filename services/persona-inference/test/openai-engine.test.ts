import { personaAnswerSchema } from '@chorus/contracts';
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
};

describe('OpenAIEngine against an OpenAI-compatible server', () => {
  it('answers with a schema-valid answer from structured output', async () => {
    const engine = await engineAgainst(() => ({ content: validAnswer() }));
    const answer = await engine.answer(question);
    expect(personaAnswerSchema.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({ opinion: 'negative', confidence: 0.8, safetyInfluence: 'high' });

    const [request] = fake!.requests;
    expect(request!.headers.authorization).toBe('Bearer test-key');
    expect(request!.body.model).toBe('fake-model');
    expect(request!.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'persona_answer', strict: true },
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
        ? { content: '{"opinion": "delighted", "confidence": 7' }
        : { content: validAnswer() },
    );
    const answer = await engine.answer(question);
    expect(answer.opinion).toBe('negative');
    expect(fake!.requests).toHaveLength(2);
  });

  it('asks again when an answer breaks the schema (confidence above 1)', async () => {
    const engine = await engineAgainst((n) => ({
      content: validAnswer(n === 0 ? { confidence: 4 } : {}),
    }));
    expect((await engine.answer(question)).confidence).toBe(0.8);
    expect(fake!.requests).toHaveLength(2);
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
    expect((await engine.answer(question)).opinion).toBe('negative');
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
    [validAnswer({ opinion: 'mixed' }), 'opinion'],
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
