import { wordingCheckSchema } from '@chorus/contracts';
import { PersonaInferenceServiceClient } from '@chorus/proto/inference/v1/inference';
import { createPromiseClient, InMemoryEventBus } from '@chorus/service-kit';
import { testLogger } from '@chorus/service-kit/testing';
import { readInferenceConfig, startPersonaInference } from '../src';
import {
  type FakeOpenAI,
  isWordingVerdictRequest,
  startFakeOpenAI,
  validAnswer,
  wordingVerdictAnswer,
} from '../src/testing';
import { business, personas } from './fixtures';

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.stop();
});

const isVerdictRequest = isWordingVerdictRequest;

/** The estimate server, with a model at the fake OpenAI server. */
async function estimateServer(fake: FakeOpenAI | undefined, env: Record<string, string> = {}) {
  const bus = new InMemoryEventBus(testLogger());
  running.push({ stop: () => bus.close() });
  const service = await startPersonaInference(
    readInferenceConfig({
      GRPC_PORT: '0',
      GRPC_HOST: '127.0.0.1',
      INFERENCE_MODE: 'server',
      ...(fake
        ? { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'gpt-4o-mini' }
        : {}),
      ...env,
    }),
    { bus, logger: testLogger() },
  );
  running.push(service);
  const inference = createPromiseClient(PersonaInferenceServiceClient, `127.0.0.1:${service.port}`);
  running.push({ stop: async () => inference.close() });
  return (questionText: string) =>
    inference.estimate({
      questionText,
      personas: [personas.marcus],
      business,
      seed: 0,
      checkWording: false,
    });
}

async function fakeOpenAI(verdict: (n: number) => string): Promise<FakeOpenAI> {
  let verdicts = 0;
  const fake = await startFakeOpenAI((request) =>
    isVerdictRequest(request) ? { content: verdict(verdicts++) } : { content: validAnswer() },
  );
  running.push({ stop: () => fake.close() });
  return fake;
}

const leadingQuestion = 'Wouldn’t you agree our award-winning planner saves you hours every week?';

describe('the estimate carries the wording check, with a model judge when a model is configured', () => {
  it('without a model: the rules alone, with their findings, neutral and reversed framings', async () => {
    const estimate = await estimateServer(undefined);
    const { wording } = await estimate(leadingQuestion);
    expect(wording).toBeDefined();
    expect(wordingCheckSchema.parse(wording)).toMatchObject({ leading: true });
    expect(wording!.findings.map((f) => f.kind)).toEqual(
      expect.arrayContaining(['agreement-framing', 'loaded-words']),
    );
    expect(wording!.findings.find((f) => f.kind === 'loaded-words')?.phrase).toBe('award-winning');
    expect(wording!.neutral).not.toMatch(/award-winning|wouldn/i);
    expect(wording!.judge).toBeUndefined();
  });

  it('asks the model for a strict structured verdict, returns it, and answers the same text again from the cache', async () => {
    const fake = await fakeOpenAI(() =>
      JSON.stringify({
        leading: true,
        kinds: ['agreement-framing', 'loaded-words', 'presupposition'],
        reason: 'It invites a yes, praises the planner and assumes it saves time.',
      }),
    );
    const estimate = await estimateServer(fake);
    const first = await estimate(leadingQuestion);
    const asked = fake.requests.filter(isVerdictRequest);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        name: 'wording_verdict',
        strict: true,
        schema: {
          required: ['leading', 'kinds', 'reason', 'neutral', 'reversed'],
          additionalProperties: false,
        },
      },
    });
    expect(asked[0]!.body.messages.at(-1)!.content).toContain(leadingQuestion);
    expect(first.wording).toMatchObject({
      leading: true,
      judge: {
        leading: true,
        kinds: ['agreement-framing', 'loaded-words', 'presupposition'],
        reason: 'It invites a yes, praises the planner and assumes it saves time.',
        model: 'gpt-4o-mini',
      },
    });
    // The rules' findings stay beside the verdict.
    expect(first.wording!.findings.length).toBeGreaterThan(0);
    wordingCheckSchema.parse(first.wording);

    const calls = fake.requests.length;
    const second = await estimate(leadingQuestion);
    expect(fake.requests).toHaveLength(calls);
    expect(second.wording).toEqual(first.wording);
  });

  it('is leading when the model says so though the rules found nothing', async () => {
    const fake = await fakeOpenAI(() =>
      JSON.stringify({
        leading: true,
        kinds: ['presupposition'],
        reason: 'It assumes the person already uses a meal kit.',
      }),
    );
    const estimate = await estimateServer(fake);
    const { wording } = await estimate('How often do you currently plan meals?');
    expect(wording).toMatchObject({
      leading: true,
      findings: [],
      judge: { leading: true, kinds: ['presupposition'] },
    });
    expect(wording!.neutral).toBe('How often do you currently plan meals?');
  });

  it('asks again for an invalid verdict, then leaves it out and keeps the rules’ result', async () => {
    const fake = await fakeOpenAI((n) =>
      n === 0
        ? JSON.stringify({ leading: 'yes', kinds: ['agreement-framing'], reason: 'x' })
        : JSON.stringify({ leading: true, kinds: [], reason: 'Leading, but no kind named.' }),
    );
    const estimate = await estimateServer(fake, { INFERENCE_RETRIES: '1' });
    const { wording, engine } = await estimate(leadingQuestion);
    expect(engine).toBe('openai');
    // The first verdict and one retry.
    expect(fake.requests.filter(isVerdictRequest)).toHaveLength(2);
    expect(wording!.judge).toBeUndefined();
    expect(wording!.leading).toBe(true);
    expect(wording!.findings.map((f) => f.kind)).toContain('agreement-framing');
    // Nothing invalid was cached: the next estimate asks again.
    await estimate(leadingQuestion);
    expect(fake.requests.filter(isVerdictRequest)).toHaveLength(4);
  });

  it('offers the model’s neutral and reversed framings when they pass the gates', async () => {
    const fake = await fakeOpenAI(() =>
      wordingVerdictAnswer(
        {
          neutral: 'Do you think our planner saves you hours each week, or not?',
          reversed: 'Do you doubt that our planner saves you hours each week?',
        },
        {
          leading: true,
          kinds: ['agreement-framing', 'loaded-words'],
          reason: 'It invites a yes.',
        },
      ),
    );
    const estimate = await estimateServer(fake);
    const { wording } = await estimate(leadingQuestion);
    expect(wording).toMatchObject({
      leading: true,
      neutral: 'Do you think our planner saves you hours each week, or not?',
      rewording: 'ready',
      edits: [],
      reversed: 'Do you doubt that our planner saves you hours each week?',
      reversedReady: true,
      judge: { leading: true, model: 'gpt-4o-mini' },
    });
    // The model's framings are vetted, not passed on with its verdict.
    expect(wording!.judge).not.toHaveProperty('framings');
    expect(fake.requests.filter(isVerdictRequest)[0]!.body.messages[0]!.content).toMatch(
      /neutral and reversed/,
    );
  });

  it('refuses a model framing that fails a gate and keeps the rules’ instead', async () => {
    const rules = await estimateServer(undefined);
    const { wording: own } = await rules(leadingQuestion);
    const fake = await fakeOpenAI(() =>
      wordingVerdictAnswer(
        {
          // Still leading (praise kept), and a reversed framing that drops the planner.
          neutral: 'Would you agree our award-winning planner saves you hours every week?',
          reversed: 'Would you decide against it?',
        },
        { leading: true, kinds: ['agreement-framing'], reason: 'It invites a yes.' },
      ),
    );
    const estimate = await estimateServer(fake);
    const { wording } = await estimate(leadingQuestion);
    expect(wording!.judge).toMatchObject({ leading: true });
    expect(wording!.neutral).toBe(own!.neutral);
    expect(wording!.rewording).toBe(own!.rewording);
    expect(wording!.reversed).toBe(own!.reversed);
    expect(wording!.reversed).not.toBe('Would you decide against it?');
    expect(wording!.neutral).not.toMatch(/award-winning/);
  });
});
