import { authMessages, shareMessages } from '@chorus/contracts';
import { knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { type Answer, send, messageOf, chorus, encodeSegment, alice, bob } from './hostile/setup';

describe('credential rate limits', () => {
  const attempts = async (path: string, body: () => unknown, count: number) => {
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < count; i++) {
      last = await send('post', path, { body: JSON.stringify(body()) });
      statuses.push(last.status);
    }
    return { statuses, last: last! };
  };

  it.each([
    ['/api/auth/login', 10, 401],
    ['/api/admin/login', 5, 401],
    ['/api/auth/forgot-password', 5, 200],
  ])('%s answers 429 with a message after %i attempts', async (path, limit, usual) => {
    const email = `guess-${randomUUID()}@example.com`;
    const { statuses, last } = await attempts(
      path,
      () => ({ email, password: 'wrong-password' }),
      limit + 1,
    );
    expect(statuses).toEqual([...Array<number>(limit).fill(usual), 429]);
    expect(messageOf(last)).toBe(authMessages.tooManyAttempts);
  });

  it('the reset-password endpoint is limited too', async () => {
    const { statuses, last } = await attempts(
      '/api/auth/reset-password',
      () => ({ token: randomUUID(), password: 'new-password', confirmPassword: 'new-password' }),
      21,
    );
    // Counted per address, and this suite's other requests count too: some
    // 400s (bad token), then 429s.
    const firstLimited = statuses.indexOf(429);
    expect(firstLimited).toBeGreaterThanOrEqual(0);
    expect(statuses.slice(0, firstLimited).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(firstLimited).every((status) => status === 429)).toBe(true);
    expect(messageOf(last)).toBe(authMessages.tooManyAttempts);
  });
});

describe('security headers', () => {
  it.each(['/api/openapi.json', '/api/products', '/api/nothing-here', '/healthz'])(
    '%s carries them',
    async (path) => {
      const response = await fetch(chorus.url + path);
      const headers = response.headers;
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(headers.get('x-powered-by')).toBeNull();
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    },
  );
});
describe('share links, signed out', () => {
  let from = '192.0.2.1';
  const open = (token: string) =>
    send('get', `/api/public/share-links/${encodeSegment(token)}`, {
      headers: { 'x-forwarded-for': from },
    });
  const respond = (token: string, body: string) =>
    send('post', `/api/public/share-links/${encodeSegment(token)}/responses`, {
      body,
      headers: { 'x-forwarded-for': from },
    });
  const newLink = async () => {
    const link = await chorus.api<{ id: string; token: string }>(
      `/api/roadmap-items/${alice.itemId}/share-links`,
      { method: 'POST', token: alice.token, body: {} },
    );
    expect(link.status).toBe(201);
    return link.body;
  };

  it('an unknown token and an expired one answer alike, to reading and answering', async () => {
    from = '192.0.2.2';
    const link = { body: await newLink() };
    const db = knex({ client: 'pg', connection: chorus.databaseUrl('roadmap') });
    try {
      await db('feature_shares')
        .where({ id: link.body.id })
        .update({ expires_at: new Date(Date.now() - 1000) });
    } finally {
      await db.destroy();
    }
    const body = JSON.stringify({ answer: { type: 'rating', rating: 3 } });
    const answers = [];
    for (const token of [link.body.token, 'B'.repeat(43), randomUUID(), "' or 1=1 --"]) {
      const page = await open(token);
      const post = await respond(token, body);
      answers.push([page.status, page.text, post.status, post.text]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([
      404,
      JSON.stringify({ message: shareMessages.unavailable }),
      404,
      JSON.stringify({ message: shareMessages.unavailable }),
    ]);
  });

  it('oversized and malformed responses answer 413 and 400, markup comes back as text', async () => {
    from = '192.0.2.3';
    const link = await newLink();
    const token = link.token;
    const big = await respond(
      token,
      JSON.stringify({ answer: { type: 'rating', rating: 3 }, comment: 'x'.repeat(64 * 1024) }),
    );
    expect({ status: big.status, message: messageOf(big) }).toEqual({
      status: 413,
      message: 'Request body is too large',
    });
    const long = await respond(
      token,
      JSON.stringify({ answer: { type: 'rating', rating: 3 }, comment: 'x'.repeat(2001) }),
    );
    expect({ status: long.status, message: messageOf(long) }).toEqual({
      status: 400,
      message: shareMessages.commentTooLong,
    });
    for (const text of ['{"answer": ', '[]', '{"answer": {"type": "rating", "rating": "5"}}']) {
      const answer = await respond(token, text);
      expect(answer.status).toBe(400);
      expect(messageOf(answer)).toEqual(expect.any(String));
    }
    const markup = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const stored = await respond(
      token,
      JSON.stringify({ answer: { type: 'rating', rating: 5 }, comment: markup, name: markup }),
    );
    expect(stored.status).toBe(201);
    const results = await chorus.api<{ comments: { name: string; text: string }[] }>(
      `/api/share-links/${link.id}/results`,
      { token: alice.token },
    );
    expect(results.headers.get('content-type')).toMatch(/^application\/json/);
    expect(results.body.comments).toContainEqual(
      expect.objectContaining({ name: markup, text: markup }),
    );
  });

  it("responses are read only with the owner's token", async () => {
    from = '192.0.2.5';
    for (const path of [
      `/api/share-links/${bob.shareLinkId}/results`,
      `/api/share-links/${bob.shareLinkId}/responses/csv`,
    ]) {
      for (const token of [undefined, alice.token]) {
        const answer = await send('get', path, { token });
        expect(answer.status).toBe(token ? 404 : 401);
        expect(answer.text).not.toContain("bob's private comment");
      }
      const own = await send('get', path, { token: bob.token });
      expect(own.status).toBe(200);
      expect(own.text).toContain("bob's private comment");
    }
    const page = await open(bob.shareToken);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("bob's private comment");
  });

  it('answering too often from one address answers 429 with a message', async () => {
    from = '192.0.2.4';
    const link = await newLink();
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < 12; i++) {
      last = await respond(link.token, JSON.stringify({ answer: { type: 'rating', rating: 3 } }));
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429, 429]);
    expect(messageOf(last!)).toBe(shareMessages.tooMany);
  });
});
