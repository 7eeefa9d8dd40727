import type { WordingCheck } from '@chorus/contracts';
import type { PersonaResponse } from '@chorus/proto/inference/v1/answers';
import { type EventOf, openDatabase } from '@chorus/service-kit';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import { analyzeRun } from '@chorus/research';
import { checkWording } from '@chorus/research/wording';
import {
  analysisToMessage,
  runDetailsFromMessage,
  runDetailsToMessage,
} from '@chorus/service-kit/wire';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { migrations } from '../migrations';
import { backfillAnalyses } from '../migrations/0014_question_analysis';
import {
  deliver,
  answered,
  questionState,
  productWithPersonas,
  client,
  eventsOf,
  responseOf,
  grpcError,
  database,
} from './questions-setup';

describe('runs, progress and cost', () => {
  const run = (seed: number, costUsd: number, wording?: WordingCheck) =>
    runDetailsToMessage({
      ...(wording ? { wording } : {}),
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
    wording?: WordingCheck,
  ) {
    await deliver(question.id, {
      $case: 'questionAnswered',
      value: {
        ...(answered(question, responses).value as EventOf<'questionAnswered'>),
        seed,
        runDetails: run(seed, costUsd, wording),
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

    // Inference sends the question's wording check with its run.
    const wording = checkWording(questionText);
    const first = await completeRun(ids, question, all('positive'), 1, 0.0002, wording);
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

    const second = await completeRun(ids, question, all('negative'), 2, 0.0002, wording);
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
