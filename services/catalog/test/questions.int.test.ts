import { productMessages, questionMessages } from '@chorus/contracts';
import { eventually } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { answerUnreadable } from '../src/question-events';
import {
  productWithPersonas,
  client,
  eventsOf,
  grpcError,
  questionState,
  deliver,
  responseOf,
  answered,
  bus,
} from './questions-setup';

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
