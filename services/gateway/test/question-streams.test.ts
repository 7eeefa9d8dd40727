import type { Question } from '@chorus/proto/catalog/v1/questions';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import express from 'express';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { QuestionStreams } from '../src/question-streams';
import { openEventStream } from './event-stream';

const question: Question = {
  id: 'q1',
  productId: 'p1',
  userId: 'u1',
  questionText: 'Would you buy it?',
  status: 'processing',
  responses: [],
  aggregatedResults: undefined,
  errorReason: '',
  createdAt: new Date('2030-01-01T00:00:00Z'),
  updatedAt: new Date('2030-01-01T00:00:01Z'),
  followUps: [],
  previousRuns: [],
  segmentCuts: [],
};

/** The hub behind a bare HTTP server: /watch/:productId/:userId opens a stream. */
async function serve(expiresInMs = 60_000) {
  const streams = new QuestionStreams({
    catalog: { getQuestion: async () => ({ question }) },
    logger: testLogger(),
    heartbeatMs: 60_000,
  });
  const app = express();
  app.get('/watch/:productId/:userId', (req, res) => {
    streams.open(res, {
      productId: req.params.productId,
      userId: req.params.userId,
      // ?as=member-id: a member of the owner's product watching it.
      ...(typeof req.query.as === 'string' ? { viewerId: req.query.as } : {}),
      sessionId: `session-${req.params.userId}`,
      expiresAt: new Date(Date.now() + expiresInMs),
    });
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    streams,
    url,
    stop: async () => {
      streams.closeAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('QuestionStreams', () => {
  it('forgets a stream as soon as the page goes away', async () => {
    const hub = await serve();
    try {
      const stream = await openEventStream(`${hub.url}/watch/p1/u1`);
      await stream.next((e) => e.event === 'ready');
      expect(hub.streams.size).toBe(1);
      stream.close();
      await eventually(() => hub.streams.size === 0, { what: 'the stream to be forgotten' });
    } finally {
      await hub.stop();
    }
  });

  it("pushes a question only to its owner's pages on that product", async () => {
    const hub = await serve();
    try {
      const owner = await openEventStream(`${hub.url}/watch/p1/u1`);
      const otherProduct = await openEventStream(`${hub.url}/watch/p2/u1`);
      const otherUser = await openEventStream(`${hub.url}/watch/p1/u2`);
      for (const s of [owner, otherProduct, otherUser]) await s.next((e) => e.event === 'ready');
      hub.streams.questionUpdated({
        questionId: 'q1',
        productId: 'p1',
        userId: 'u1',
        status: 'processing',
      });
      const pushed = await owner.next((e) => e.event === 'question');
      expect(JSON.parse(pushed.data!)).toMatchObject({ id: 'q1', status: 'processing' });
      expect(pushed.id).toBe('q1:2030-01-01T00:00:01.000Z');
      // The same stored state again (a second event read the same row) is not pushed twice.
      hub.streams.questionUpdated({
        questionId: 'q1',
        productId: 'p1',
        userId: 'u1',
        status: 'processing',
      });
      hub.streams.questionDeleted({ questionId: 'q1', productId: 'p1', userId: 'u1' });
      await owner.next((e) => e.event === 'question-deleted');
      expect(owner.events.filter((e) => e.event === 'question')).toHaveLength(1);
      for (const s of [otherProduct, otherUser]) {
        expect(s.events.map((e) => e.event)).toEqual(['ready']);
      }
    } finally {
      await hub.stop();
    }
  });

  it('ends the stream when the token expires, or its session is revoked', async () => {
    const hub = await serve(200);
    try {
      const expiring = await openEventStream(`${hub.url}/watch/p1/u1`);
      await eventually(() => expiring.endedCleanly(), { what: 'the expired stream to end' });
    } finally {
      await hub.stop();
    }
    const revoking = await serve();
    try {
      const stream = await openEventStream(`${revoking.url}/watch/p1/u7`);
      await stream.next((e) => e.event === 'ready');
      revoking.streams.sessionRevoked('session-u7');
      await eventually(() => stream.endedCleanly(), { what: 'the revoked stream to end' });
    } finally {
      await revoking.stop();
    }
  });

  it("ends a removed member's stream of that product, and only theirs", async () => {
    const hub = await serve();
    try {
      const member = await openEventStream(`${hub.url}/watch/p1/owner?as=member`);
      const owner = await openEventStream(`${hub.url}/watch/p1/owner`);
      await member.next((e) => e.event === 'ready');
      await owner.next((e) => e.event === 'ready');
      hub.streams.memberLeft('p2', 'member');
      expect(hub.streams.size).toBe(2);
      hub.streams.memberLeft('p1', 'member');
      await eventually(() => member.endedCleanly(), { what: "the member's stream to end" });
      expect(hub.streams.size).toBe(1);
    } finally {
      await hub.stop();
    }
  });
});
