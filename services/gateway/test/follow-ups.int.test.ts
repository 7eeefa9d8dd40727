import {
  type FollowUpTurnView,
  type PersonaTemplateView,
  type QuestionView,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { type FakeOpenAI, startFakeOpenAI, validAnswer } from '@chorus/persona-inference/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { openEventStream, type StreamEvent } from './event-stream';

// Follow-up interviews: a conversation with a persona about its answer,
// streamed as server-sent events from a POST, stored with the question.

async function customerWithAnsweredQuestion(chorus: TestChorus, personas = 2) {
  const registered = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `interviewer-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Ida',
        lastName: 'Moss',
        productName: 'Larder',
        industry: 'Food',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      },
    },
  );
  expect(registered.status).toBe(201);
  const { token } = registered.body;
  const productId = registered.body.product.id;
  const templates = (await chorus.api<PersonaTemplateView[]>('/api/persona-templates', { token }))
    .body;
  for (const template of templates.slice(0, personas)) {
    await chorus.api(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template.id },
    });
  }
  const asked = await chorus.api<QuestionView>(`/api/products/${productId}/questions`, {
    method: 'POST',
    token,
    body: { questionText: 'Would you pay $12 a month for a meal planner?' },
  });
  const question = await eventually(
    async () => {
      const found = await chorus.api<QuestionView>(
        `/api/products/${productId}/questions/${asked.body.id}`,
        { token },
      );
      return found.body.status === 'complete' && found.body;
    },
    { timeoutMs: 20_000 },
  );
  return { token, productId, question };
}

async function followUp(
  chorus: TestChorus,
  who: { token: string; productId: string; question: QuestionView },
  body: Record<string, unknown>,
) {
  const stream = await openEventStream(
    `${chorus.url}/api/products/${who.productId}/questions/${who.question.id}/follow-ups`,
    { authorization: `Bearer ${who.token}` },
    { method: 'POST', json: body },
  );
  if (stream.status === 200) await eventually(() => stream.ended(), { timeoutMs: 20_000 });
  return stream;
}

const data = <T>(event: StreamEvent) => JSON.parse(event.data ?? '{}') as T;
const ofKind = (events: StreamEvent[], kind: string) => events.filter((e) => e.event === kind);

async function turnsOf(
  chorus: TestChorus,
  who: { token: string; productId: string; question: QuestionView },
): Promise<FollowUpTurnView[]> {
  const found = await chorus.api<QuestionView>(
    `/api/products/${who.productId}/questions/${who.question.id}`,
    { token: who.token },
  );
  return found.body.followUps;
}

describe('follow-ups with the local engine', () => {
  let chorus: TestChorus;
  beforeAll(async () => {
    chorus = await startTestChorus();
  });
  afterAll(() => chorus.stop());

  it('streams a reply from one persona and stores the conversation with the question', async () => {
    const who = await customerWithAnsweredQuestion(chorus);
    const persona = who.question.responses[0]!;
    const stream = await followUp(chorus, who, {
      personaId: persona.personaId,
      message: 'Why do you feel that way?',
    });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    expect(stream.endedCleanly()).toBe(true);
    const [start] = ofKind(stream.events, 'start');
    expect(data<{ replies: { personaName: string }[] }>(start!).replies).toEqual([
      expect.objectContaining({ personaId: persona.personaId, personaName: persona.personaName }),
    ]);
    // The reply arrives in pieces, then is stored whole.
    const deltas = ofKind(stream.events, 'delta').map((e) => data<{ text: string }>(e).text);
    expect(deltas.length).toBeGreaterThan(1);
    const [done] = ofKind(stream.events, 'done');
    expect(data<{ status: string; text: string }>(done!)).toMatchObject({
      status: 'complete',
      text: deltas.join(''),
    });
    expect(deltas.join('')).toMatch(new RegExp(`So my view stays ${persona.opinion}\\.$`));
    expect(ofKind(stream.events, 'end')).toHaveLength(1);

    const turns = await turnsOf(chorus, who);
    expect(turns.map((t) => [t.role, t.status, t.personaId])).toEqual([
      ['asker', 'complete', persona.personaId],
      ['persona', 'complete', persona.personaId],
    ]);
    expect(turns[0]!.text).toBe('Why do you feel that way?');
    expect(turns[1]!.text).toBe(deltas.join(''));

    // Every persona at once: one reply each.
    const all = await followUp(chorus, who, { message: 'What would change your mind?' });
    expect(ofKind(all.events, 'done')).toHaveLength(2);
    expect((await turnsOf(chorus, who)).filter((t) => t.role === 'persona')).toHaveLength(3);
  });

  it('refuses in plain words, and answers 404 for what is not the asker’s', async () => {
    const who = await customerWithAnsweredQuestion(chorus, 1);
    const empty = await followUp(chorus, who, { message: '   ' });
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body!)).toEqual({ message: 'Write a follow-up question first' });
    const long = await followUp(chorus, who, { message: 'x'.repeat(1_001) });
    expect(JSON.parse(long.body!).message).toBe('A follow-up must be at most 1,000 characters');
    const stranger = await followUp(chorus, who, { personaId: randomUUID(), message: 'Why?' });
    expect(stranger.status).toBe(404);
    const other = await customerWithAnsweredQuestion(chorus, 1);
    const theirs = await followUp(
      chorus,
      { ...other, question: who.question },
      { message: 'Why?' },
    );
    expect(theirs.status).toBe(404);
    // A deleted question: not found, and its conversations went with it.
    await followUp(chorus, who, { message: 'Why?' });
    await chorus.api(`/api/products/${who.productId}/questions/${who.question.id}`, {
      method: 'DELETE',
      token: who.token,
    });
    const gone = await followUp(chorus, who, { message: 'Still there?' });
    expect(gone.status).toBe(404);
  });
});

describe('follow-ups with a model that streams', () => {
  let chorus: TestChorus;
  let model: FakeOpenAI;
  beforeAll(async () => {
    model = await startFakeOpenAI((request) => {
      if (!request.body.stream) return { content: validAnswer() };
      const last = request.body.messages.at(-1)?.content ?? '';
      // "cut" in the message: the connection drops after two pieces, the first time
      // (this request is counted once it has been answered).
      const cut =
        last.includes('cut') &&
        model.requests.filter((r) => r.body.stream && r.body.messages.at(-1)?.content === last)
          .length === 0;
      return {
        chunks: ['On my pension, ', 'twelve a month ', 'is a lot, ', 'so I would say no.'],
        chunkDelayMs: 20,
        ...(cut ? { cutAfterChunks: 2 } : {}),
        // "at length": a long reply, 100,000 tokens in and 10,000 out ($0.021 on gpt-4o-mini).
        ...(last.includes('at length')
          ? { usage: { prompt_tokens: 100_000, completion_tokens: 10_000 } }
          : {}),
      };
    });
    chorus = await startTestChorus({
      env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: model.url, INFERENCE_RETRIES: '0' },
    });
  });
  afterAll(async () => {
    await chorus.stop();
    await model.close();
  });

  it('carries the earlier answer and the conversation into each turn', async () => {
    const who = await customerWithAnsweredQuestion(chorus, 1);
    const persona = who.question.responses[0]!;
    await followUp(chorus, who, { personaId: persona.personaId, message: 'Why?' });
    await followUp(chorus, who, { personaId: persona.personaId, message: 'And at $8?' });
    const turns = model.requests.filter((r) => r.body.stream).slice(-2);
    const second = turns[1]!.body.messages;
    expect(second[0]).toMatchObject({ role: 'system' });
    expect(second[0]!.content).toContain(`You are ${persona.personaName}.`);
    expect(second[1]!.content).toContain(
      'The question: "Would you pay $12 a month for a meal planner?"',
    );
    expect(second[2]).toMatchObject({ role: 'assistant' });
    expect(second[2]!.content).toContain(persona.response);
    expect(second.slice(3).map((m) => [m.role, m.content])).toEqual([
      ['user', 'Why?'],
      ['assistant', 'On my pension, twelve a month is a lot, so I would say no.'],
      ['user', 'And at $8?'],
    ]);
  });

  it('keeps a reply cut half-way as partial, with a retry that completes it', async () => {
    const who = await customerWithAnsweredQuestion(chorus, 1);
    const persona = who.question.responses[0]!;
    const cut = await followUp(chorus, who, {
      personaId: persona.personaId,
      message: 'Would a cut price help?',
    });
    expect(cut.endedCleanly()).toBe(true);
    const [done] = ofKind(cut.events, 'done');
    const ended = data<{ replyId: string; status: string; text: string; error: string }>(done!);
    expect(ended).toMatchObject({ status: 'partial', text: 'On my pension, twelve a month ' });
    expect(ended.error).toContain('cut off');
    const stored = (await turnsOf(chorus, who)).at(-1)!;
    expect(stored).toMatchObject({ status: 'partial', text: 'On my pension, twelve a month ' });

    const retried = await followUp(chorus, who, { retryOf: ended.replyId });
    expect(
      data<{ status: string; text: string }>(ofKind(retried.events, 'done')[0]!),
    ).toMatchObject({
      status: 'complete',
      text: 'On my pension, twelve a month is a lot, so I would say no.',
    });
    const turns = await turnsOf(chorus, who);
    expect(turns.map((t) => [t.role, t.status])).toEqual([
      ['asker', 'complete'],
      ['persona', 'complete'],
    ]);
    // Only a reply that was cut off can be retried.
    const again = await followUp(chorus, who, { retryOf: turns[1]!.id });
    expect(again.status).toBe(400);
  });

  it("counts a reply's tokens in the month's spend, and a spent budget takes no more", async () => {
    const who = await customerWithAnsweredQuestion(chorus, 1);
    const persona = who.question.responses[0]!;
    type Budget = { spentThisMonthUsd: number; questionsThisMonth: number };
    const budget = async () =>
      (
        await chorus.api<Budget>(`/api/products/${who.productId}/question-budget`, {
          token: who.token,
        })
      ).body;
    const before = await budget();
    expect(before.questionsThisMonth).toBe(1);

    const long = await followUp(chorus, who, {
      personaId: persona.personaId,
      message: 'Tell me about it at length.',
    });
    expect(data<{ status: string }>(ofKind(long.events, 'done')[0]!).status).toBe('complete');
    const after = await budget();
    // 100,000 input tokens at $0.15 and 10,000 output at $0.60 per million.
    expect(after.spentThisMonthUsd - before.spentThisMonthUsd).toBeCloseTo(0.021, 6);
    expect(after.questionsThisMonth).toBe(1);

    await chorus.api(`/api/products/${who.productId}/question-budget`, {
      method: 'PUT',
      token: who.token,
      body: { monthlyBudgetUsd: 0.01 },
    });
    const refused = await followUp(chorus, who, {
      personaId: persona.personaId,
      message: 'One more thing?',
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('monthly budget');
    expect((await turnsOf(chorus, who)).filter((t) => t.role === 'asker')).toHaveLength(1);
  });
});
