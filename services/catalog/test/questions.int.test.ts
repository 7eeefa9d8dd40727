import { productMessages, questionMessages } from '@chorus/contracts';
import { CatalogServiceClient } from '@chorus/proto/catalog/v1/catalog';
import type { PersonaResponse } from '@chorus/proto/inference/v1/inference';
import {
  type BusMessage,
  createEnvelope,
  createPromiseClient,
  decodeEnvelope,
  type DomainEvent,
  encodeEnvelope,
  type Envelope,
  type EventCase,
  type EventOf,
  InMemoryEventBus,
  openDatabase,
  type PromiseClient,
  Topics,
} from '@chorus/service-kit';
import { createTestDatabase, eventually, testLogger } from '@chorus/service-kit/testing';
import { analyzeRun } from '@chorus/research';
import {
  analysisToMessage,
  runDetailsFromMessage,
  runDetailsToMessage,
} from '@chorus/service-kit/wire';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { migrations } from '../migrations';
import { backfillAnalyses } from '../migrations/0014_question_analysis';
import { readCatalogConfig, type RunningCatalog, startCatalog } from '../src';
import { answerUnreadable } from '../src/questions';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let catalog: RunningCatalog;
let client: PromiseClient<CatalogServiceClient>;
const bus = new InMemoryEventBus(testLogger());
const published: Envelope[] = [];

beforeAll(async () => {
  database = await createTestDatabase('catalog_questions');
  await bus.subscribe({
    groupId: 'test',
    topics: [Topics.catalog],
    handle: (message: BusMessage) => {
      published.push(decodeEnvelope(message.value));
      return Promise.resolve();
    },
  });
  catalog = await startCatalog(
    readCatalogConfig({ DATABASE_URL: database.url, GRPC_PORT: '0', GRPC_HOST: '127.0.0.1' }),
    { bus, logger: testLogger() },
  );
  client = createPromiseClient(CatalogServiceClient, `127.0.0.1:${catalog.port}`);
});

afterAll(async () => {
  client.close();
  await catalog.stop();
  await bus.close();
  await database.drop();
});

function grpcError(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
  );
}

function eventsOf<C extends EventCase>(kind: C, questionId: string): EventOf<C>[] {
  return published
    .filter((e) => e.event?.$case === kind && e.key === questionId)
    .map((e) => e.event!.value as EventOf<C>);
}

/** A product with two personas and a business profile. */
async function productWithPersonas(personaCount = 2) {
  const userId = randomUUID();
  const { product } = await client.createProduct({
    userId,
    name: 'Lantern',
    description: 'Smart lights for the home',
    industry: 'Technology',
    billingCycle: '',
  });
  const ids = { userId, productId: product!.id };
  await client.createBusinessProfile({
    ...ids,
    fields: {
      companyName: 'Lantern Labs',
      pricingModels: 'Monthly subscription at $12',
      customerDemographics: 'Homeowners aged 30-55',
      marketShareUnknown: true,
      yearsInOperation: 4,
    },
  });
  const { templates } = await client.listTemplates({});
  const personas = [];
  for (const template of templates.slice(0, personaCount)) {
    personas.push((await client.addProductPersona({ ...ids, templateId: template.id })).persona!);
  }
  return { ...ids, personas };
}

/** Sends an event as inference would. */
function deliver(questionId: string, event: DomainEvent) {
  const envelope = createEnvelope(questionId, event);
  return bus.publish([
    { topic: Topics.inference, key: questionId, value: encodeEnvelope(envelope), headers: {} },
  ]);
}

function responseOf(personaId: string, personaName: string, opinion: string): PersonaResponse {
  return {
    personaId,
    personaName,
    opinion,
    confidence: 0.7,
    safetyInfluence: 'medium',
    response: `${personaName} says so.`,
    reasoning: `${personaName} has reasons.`,
    grounding: { personaAttributes: ['income'], profileFields: ['pricingModels'] },
  };
}

function answered(
  question: { id: string; productId: string; userId: string },
  responses: PersonaResponse[],
  aggregated = { positive: 50, neutral: 0, negative: 50, keyInsight: 'Opinion is split.' },
): DomainEvent {
  return {
    $case: 'questionAnswered',
    value: {
      questionId: question.id,
      productId: question.productId,
      userId: question.userId,
      responses,
      aggregatedResults: aggregated,
      engine: 'local',
    },
  };
}

async function questionState(ids: { userId: string; productId: string }, questionId: string) {
  return (await client.getQuestion({ ...ids, questionId })).question!;
}

describe('asking', () => {
  it('stores the question pending and hands it to inference with the personas and the profile', async () => {
    const { personas, ...ids } = await productWithPersonas();
    const { question } = await client.askQuestion({
      ...ids,
      questionText: '  Would you pay $15 a month for this?  ',
    });
    expect(question).toMatchObject({
      productId: ids.productId,
      userId: ids.userId,
      questionText: 'Would you pay $15 a month for this?',
      status: 'pending',
      responses: [],
      errorReason: '',
    });
    const [asked] = await eventually(() => {
      const events = eventsOf('questionAsked', question!.id);
      return events.length > 0 && events;
    });
    expect(asked!.questionText).toBe('Would you pay $15 a month for this?');
    expect(asked!.personas.map((p) => p.personaId)).toEqual(personas.map((p) => p.id));
    expect(asked!.personas[0]).toMatchObject({
      name: personas[0]!.template!.name,
      age: personas[0]!.template!.age,
      income: personas[0]!.template!.income,
      safetyScores: personas[0]!.template!.safetyScores,
    });
    expect(asked!.business).toEqual({
      productName: 'Lantern',
      productDescription: 'Smart lights for the home',
      industry: 'technology',
      facts: [
        // The profile has no industry: the product's stands in.
        { field: 'industry', label: 'Industry', value: 'technology' },
        { field: 'companyName', label: 'Product Name', value: 'Lantern Labs' },
        { field: 'yearsInOperation', label: 'Years in Operation', value: '4' },
        {
          field: 'customerDemographics',
          label: 'Customer Demographics',
          value: 'Homeowners aged 30-55',
        },
        { field: 'pricingModels', label: 'Pricing Models', value: 'Monthly subscription at $12' },
      ],
    });
    expect(eventsOf('questionUpdated', question!.id)).toEqual([
      { questionId: question!.id, productId: ids.productId, userId: ids.userId, status: 'pending' },
    ]);
  });

  it.each([
    ['short', 'Why not?', questionMessages.tooShort],
    ['long', 'x'.repeat(501), questionMessages.tooLong],
  ])('refuses a question that is too %s', async (_what, questionText, message) => {
    const { personas: _p, ...ids } = await productWithPersonas(1);
    expect(await grpcError(client.askQuestion({ ...ids, questionText }))).toEqual({
      code: status.INVALID_ARGUMENT,
      details: message,
    });
    expect((await client.listQuestions(ids)).questions).toEqual([]);
  });

  it('refuses a product without personas', async () => {
    const { personas: _p, ...ids } = await productWithPersonas(0);
    expect(
      await grpcError(client.askQuestion({ ...ids, questionText: 'Is this worth it for you?' })),
    ).toEqual({ code: status.FAILED_PRECONDITION, details: questionMessages.noPersonas });
  });

  it("answers NOT_FOUND for another user's product and question", async () => {
    const { personas: _p, ...ids } = await productWithPersonas(1);
    const { question } = await client.askQuestion({ ...ids, questionText: 'Is it worth it?' });
    const stranger = { userId: randomUUID(), productId: ids.productId };
    const productGone = { code: status.NOT_FOUND, details: productMessages.notFound };
    expect(
      await grpcError(client.askQuestion({ ...stranger, questionText: 'Is it worth it?' })),
    ).toEqual(productGone);
    expect(await grpcError(client.listQuestions(stranger))).toEqual(productGone);
    expect(await grpcError(client.getQuestion({ ...stranger, questionId: question!.id }))).toEqual(
      productGone,
    );
    expect(
      await grpcError(client.deleteQuestion({ ...stranger, questionId: question!.id })),
    ).toEqual(productGone);
    // The owner's other product does not reach this question either.
    const { product: other } = await client.createProduct({
      userId: ids.userId,
      name: 'Other',
      description: '',
      industry: 'retail',
      billingCycle: '',
    });
    expect(
      await grpcError(
        client.getQuestion({ userId: ids.userId, productId: other!.id, questionId: question!.id }),
      ),
    ).toEqual({ code: status.NOT_FOUND, details: questionMessages.notFound });
    expect((await questionState(ids, question!.id)).status).toBe('pending');
  });

  it('lists questions newest first', async () => {
    const { personas: _p, ...ids } = await productWithPersonas(1);
    for (const text of ['The first question?', 'The second question?', 'The third question?']) {
      await client.askQuestion({ ...ids, questionText: text });
    }
    const { questions } = await client.listQuestions(ids);
    expect(questions.map((q) => q.questionText)).toEqual([
      'The third question?',
      'The second question?',
      'The first question?',
    ]);
  });
});

describe("inference's answers", () => {
  async function asked() {
    const { personas, ...ids } = await productWithPersonas();
    const { question } = await client.askQuestion({ ...ids, questionText: 'Would you buy it?' });
    return {
      ids,
      personas,
      question: { id: question!.id, productId: ids.productId, userId: ids.userId },
    };
  }

  it('moves pending -> processing -> complete and stores the responses and results', async () => {
    const { ids, personas, question } = await asked();
    await deliver(question.id, {
      $case: 'questionProcessing',
      value: { questionId: question.id, productId: ids.productId, userId: ids.userId },
    });
    await eventually(async () => (await questionState(ids, question.id)).status === 'processing');

    const responses = [
      responseOf(personas[0]!.id, personas[0]!.template!.name, 'positive'),
      responseOf(personas[1]!.id, personas[1]!.template!.name, 'negative'),
    ];
    await deliver(question.id, answered(question, responses));
    const complete = await eventually(async () => {
      const found = await questionState(ids, question.id);
      return found.status === 'complete' && found;
    });
    expect(complete.responses).toEqual(responses);
    expect(complete.aggregatedResults).toEqual({
      positive: 50,
      neutral: 0,
      negative: 50,
      keyInsight: 'Opinion is split.',
    });
    await eventually(() => eventsOf('questionUpdated', question.id).length === 3);
    expect(eventsOf('questionUpdated', question.id).map((e) => e.status)).toEqual([
      'pending',
      'processing',
      'complete',
    ]);
    const [listed] = (await client.listQuestions(ids)).questions;
    expect(listed?.responses).toHaveLength(2);
  });

  it('keeps the first answer when a question is answered twice', async () => {
    const { ids, personas, question } = await asked();
    const first = personas.map((p) => responseOf(p.id, p.template!.name, 'positive'));
    const second = personas.map((p) => responseOf(p.id, p.template!.name, 'negative'));
    await deliver(
      question.id,
      answered(question, first, { positive: 100, neutral: 0, negative: 0, keyInsight: 'All in.' }),
    );
    await deliver(
      question.id,
      answered(question, second, {
        positive: 0,
        neutral: 0,
        negative: 100,
        keyInsight: 'All out.',
      }),
    );
    // A late "processing" from a redelivered question does not move it back either.
    await deliver(question.id, {
      $case: 'questionProcessing',
      value: { questionId: question.id, productId: ids.productId, userId: ids.userId },
    });
    await bus.drained();
    const found = await questionState(ids, question.id);
    expect(found.status).toBe('complete');
    expect(found.responses.map((r) => r.opinion)).toEqual(['positive', 'positive']);
    expect(found.aggregatedResults?.keyInsight).toBe('All in.');
    await eventually(() => eventsOf('questionUpdated', question.id).length === 2);
    expect(eventsOf('questionUpdated', question.id).map((e) => e.status)).toEqual([
      'pending',
      'complete',
    ]);
  });

  it('sets error with the reason when inference fails, and ignores a later answer', async () => {
    const { ids, personas, question } = await asked();
    await deliver(question.id, {
      $case: 'questionFailed',
      value: {
        questionId: question.id,
        productId: ids.productId,
        userId: ids.userId,
        reason: 'The AI service did not answer in time.',
      },
    });
    await eventually(async () => (await questionState(ids, question.id)).status === 'error');
    await deliver(
      question.id,
      answered(
        question,
        personas.map((p) => responseOf(p.id, p.template!.name, 'positive')),
      ),
    );
    await bus.drained();
    expect(await questionState(ids, question.id)).toMatchObject({
      status: 'error',
      errorReason: 'The AI service did not answer in time.',
      responses: [],
    });
  });

  it.each([
    ['a confidence above 1', { confidence: 3 }],
    ['an unknown opinion', { opinion: 'delighted' }],
    [
      'a grounding attribute the persona does not have',
      { grounding: { personaAttributes: ['shoeSize'], profileFields: [] } },
    ],
  ])('refuses an answer with %s: error, nothing stored', async (_what, change) => {
    const { ids, personas, question } = await asked();
    const responses = personas.map((p) => ({
      ...responseOf(p.id, p.template!.name, 'positive'),
      ...change,
    }));
    await deliver(question.id, answered(question, responses));
    const found = await eventually(async () => {
      const state = await questionState(ids, question.id);
      return state.status === 'error' && state;
    });
    expect(found).toMatchObject({ errorReason: answerUnreadable, responses: [] });
  });

  it('refuses an answer whose percentages do not add up to 100', async () => {
    const { ids, personas, question } = await asked();
    await deliver(
      question.id,
      answered(
        question,
        personas.map((p) => responseOf(p.id, p.template!.name, 'positive')),
        { positive: 90, neutral: 0, negative: 0, keyInsight: 'Nearly all.' },
      ),
    );
    await eventually(async () => (await questionState(ids, question.id)).status === 'error');
  });
});

describe('deleting', () => {
  it('removes the question, announces it, and ignores its late answer', async () => {
    const { personas, ...ids } = await productWithPersonas(1);
    const { question } = await client.askQuestion({ ...ids, questionText: 'Worth a try for you?' });
    await client.deleteQuestion({ ...ids, questionId: question!.id });
    expect((await client.listQuestions(ids)).questions).toEqual([]);
    expect(await grpcError(client.deleteQuestion({ ...ids, questionId: question!.id }))).toEqual({
      code: status.NOT_FOUND,
      details: questionMessages.notFound,
    });
    await eventually(() => eventsOf('questionDeleted', question!.id).length === 1);
    expect(eventsOf('questionDeleted', question!.id)).toEqual([
      { questionId: question!.id, productId: ids.productId, userId: ids.userId },
    ]);
    await deliver(
      question!.id,
      answered({ id: question!.id, ...ids }, [responseOf(personas[0]!.id, 'Late', 'positive')], {
        positive: 100,
        neutral: 0,
        negative: 0,
        keyInsight: 'Late.',
      }),
    );
    await bus.drained();
    expect((await client.listQuestions(ids)).questions).toEqual([]);
  });

  it('deleting a product deletes its questions', async () => {
    const { personas: _p, ...ids } = await productWithPersonas(1);
    await client.askQuestion({ ...ids, questionText: 'Worth a try for you?' });
    await client.deleteProduct(ids);
    expect(await grpcError(client.listQuestions(ids))).toEqual({
      code: status.NOT_FOUND,
      details: productMessages.notFound,
    });
  });
});

describe('runs, progress and cost', () => {
  const run = (seed: number, costUsd: number) =>
    runDetailsToMessage({
      engine: 'openai',
      model: 'gpt-4o-mini',
      temperature: 0.7,
      seed,
      draws: 20,
      promptTemplateHash: 'abcdef012345',
      profileVersion: '0123456789ab',
      personaVersions: [],
      usage: { inputTokens: 2_000, outputTokens: 400, modelCalls: 2, cachedAnswers: 0 },
      costUsd,
      coverage: [],
      sensitivity: null,
    });

  async function completeRun(
    ids: { userId: string; productId: string },
    question: { id: string; productId: string; userId: string },
    responses: PersonaResponse[],
    seed: number,
    costUsd: number,
  ) {
    await deliver(question.id, {
      $case: 'questionAnswered',
      value: {
        ...(answered(question, responses).value as EventOf<'questionAnswered'>),
        seed,
        runDetails: run(seed, costUsd),
      },
    });
    return eventually(async () => {
      const found = await questionState(ids, question.id);
      return found.status === 'complete' && found.seed === seed && found;
    });
  }

  it('stores answers as they come, then the run, and runs again with the next seed', async () => {
    const { personas, ...ids } = await productWithPersonas();
    const { question: asked } = await client.askQuestion({
      ...ids,
      questionText: 'Would you buy it?',
      checkWording: true,
    });
    expect(asked).toMatchObject({ seed: 1, checkWording: true, progressTotal: 2 });
    const [sent] = await eventually(() => {
      const events = eventsOf('questionAsked', asked!.id);
      return events.length > 0 && events;
    });
    expect(sent).toMatchObject({ seed: 1, checkWording: true });
    const question = { id: asked!.id, productId: ids.productId, userId: ids.userId };
    const responses = [
      responseOf(personas[0]!.id, personas[0]!.template!.name, 'positive'),
      responseOf(personas[1]!.id, personas[1]!.template!.name, 'negative'),
    ];

    await deliver(question.id, {
      $case: 'questionProgress',
      value: { ...ids, questionId: question.id, seed: 1, responses: [responses[0]!], total: 2 },
    });
    const partway = await eventually(async () => {
      const found = await questionState(ids, question.id);
      return found.responses.length === 1 && found;
    });
    expect(partway).toMatchObject({ status: 'processing', progressTotal: 2 });
    // Progress of another run is not this run's.
    await deliver(question.id, {
      $case: 'questionProgress',
      value: { ...ids, questionId: question.id, seed: 5, responses: [responses[1]!], total: 2 },
    });

    const first = await completeRun(ids, question, responses, 1, 0.0006);
    expect(first.runDetails).toMatchObject({ seed: 1, costUsd: 0.0006 });

    const { question: rerun } = await client.rerunQuestion({ ...ids, questionId: question.id });
    expect(rerun).toMatchObject({ status: 'pending', seed: 2, responses: [] });
    expect(rerun!.previousRuns).toMatchObject([
      { run: { seed: 1 }, aggregatedResults: { positive: 50 }, estimate: { personas: 2 } },
    ]);
    await eventually(() => eventsOf('questionAsked', question.id).at(-1)?.seed === 2);
    // Running again while it is being answered is refused: a double click runs once.
    expect(
      await grpcError(client.rerunQuestion({ ...ids, questionId: question.id })),
    ).toMatchObject({
      code: status.ABORTED,
    });
    // A late answer of the first run is ignored.
    await deliver(question.id, answered(question, responses));
    const second = await completeRun(ids, question, responses, 2, 0.0004);
    expect(second.previousRuns).toHaveLength(1);

    // Both runs cost, once each, however often their answers arrive.
    await deliver(question.id, {
      $case: 'questionAnswered',
      value: {
        ...(answered(question, responses).value as EventOf<'questionAnswered'>),
        seed: 2,
        runDetails: run(2, 0.0004),
      },
    });
    const { budget } = await client.getQuestionBudget(ids);
    expect(budget).toMatchObject({ hasBudget: false, questionsThisMonth: 2 });
    expect(budget!.spentThisMonthUsd).toBeCloseTo(0.001, 9);
  });

  it('stores the analysis with the answers, and a re-run stores its own with its drift from the run before', async () => {
    const { personas, ...ids } = await productWithPersonas();
    const questionText = "Don't you agree our amazing new plan is the best value?";
    const { question: asked } = await client.askQuestion({ ...ids, questionText });
    const question = { id: asked!.id, productId: ids.productId, userId: ids.userId };
    const all = (opinion: string) =>
      personas.map((p) => responseOf(p.id, p.template!.name, opinion));
    expect(asked!.analysis).toBeUndefined();

    const first = await completeRun(ids, question, all('positive'), 1, 0.0002);
    // The same analysis the page used to compute on every read, now stored once.
    const expected = analyzeRun(
      first.responses.map((r) => ({ opinion: r.opinion as 'positive' })),
      runDetailsFromMessage(first.runDetails),
      questionText,
    );
    expect(first.analysis).toEqual(analysisToMessage(expected!));
    expect(first.analysis!.estimate!.shares).toMatchObject({ positive: 100, negative: 0 });
    expect(first.analysis!.alarms.map((a) => a.kind)).toContain('leading');
    expect(first.drift).toBeUndefined();

    await client.rerunQuestion({ ...ids, questionId: question.id });
    const pending = await questionState(ids, question.id);
    expect(pending).toMatchObject({ status: 'pending', seed: 2 });
    expect(pending.analysis).toBeUndefined();

    const second = await completeRun(ids, question, all('negative'), 2, 0.0002);
    expect(second.analysis!.estimate!.shares).toMatchObject({ positive: 0, negative: 100 });
    expect(second.previousRuns[0]!.estimate!.shares).toMatchObject({ positive: 100 });
    expect(second.drift).toMatchObject({ drift: true });
    expect(Math.abs(second.drift!.points)).toBe(100);
    expect(['positive', 'negative']).toContain(second.drift!.opinion);

    // A question answered before analyses were stored gets its own from the migration.
    const db = await openDatabase({ url: database.url, migrations, logger: testLogger() });
    try {
      await db('questions').where({ id: question.id }).update({ analysis: null, drift: null });
      expect((await questionState(ids, question.id)).analysis).toBeUndefined();
      await backfillAnalyses(db);
    } finally {
      await db.destroy();
    }
    const backfilled = await questionState(ids, question.id);
    expect(backfilled.analysis).toEqual(second.analysis);
    expect(backfilled.drift).toEqual(second.drift);
  });

  it('refuses new questions once the monthly budget is reached, and counts deleted questions', async () => {
    const { personas, ...ids } = await productWithPersonas();
    const { budget: set } = await client.setQuestionBudget({
      ...ids,
      hasBudget: true,
      monthlyBudgetUsd: 0.01,
    });
    expect(set).toMatchObject({ hasBudget: true, monthlyBudgetUsd: 0.01, spentThisMonthUsd: 0 });
    const { question: asked } = await client.askQuestion({
      ...ids,
      questionText: 'Would you buy it?',
    });
    const question = { id: asked!.id, productId: ids.productId, userId: ids.userId };
    const responses = [
      responseOf(personas[0]!.id, personas[0]!.template!.name, 'positive'),
      responseOf(personas[1]!.id, personas[1]!.template!.name, 'negative'),
    ];
    await completeRun(ids, question, responses, 1, 0.02);
    await client.deleteQuestion({ ...ids, questionId: question.id });

    const refused = await grpcError(
      client.askQuestion({ ...ids, questionText: 'Would you buy it again?' }),
    );
    expect(refused.code).toBe(status.RESOURCE_EXHAUSTED);
    expect(refused.details).toContain('reached its monthly budget');
    // A question that would cost more than what is left is refused too.
    await client.setQuestionBudget({ ...ids, hasBudget: true, monthlyBudgetUsd: 0.05 });
    expect(
      (
        await grpcError(
          client.askQuestion({
            ...ids,
            questionText: 'Would you buy two?',
            estimatedCostUsd: 0.04,
          }),
        )
      ).details,
    ).toContain('would cost about $0.04, more than the $0.03 left');
    await client.askQuestion({
      ...ids,
      questionText: 'Would you buy two?',
      estimatedCostUsd: 0.01,
    });
    // No budget: nothing to refuse.
    await client.setQuestionBudget({ ...ids, hasBudget: false, monthlyBudgetUsd: 0 });
    await client.askQuestion({ ...ids, questionText: 'Would you buy three?', estimatedCostUsd: 5 });
    expect(
      await grpcError(client.setQuestionBudget({ ...ids, hasBudget: true, monthlyBudgetUsd: -1 })),
    ).toMatchObject({ code: status.INVALID_ARGUMENT });
    // Another user's product: not found.
    expect(
      await grpcError(client.getQuestionBudget({ userId: randomUUID(), productId: ids.productId })),
    ).toMatchObject({ code: status.NOT_FOUND });
  });
});
