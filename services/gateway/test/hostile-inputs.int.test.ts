import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { arbitraryOf, hostileStrings } from './hostile/schemas';
import {
  operations,
  fillPath,
  idFor,
  alice,
  send,
  adminToken,
  messageOf,
  label,
  customer,
  pathParameters,
  chorus,
} from './hostile/setup';

describe('malformed and oversized bodies', () => {
  const withBody = () => operations.filter((op) => op.body || op.rawBody);

  it('malformed JSON answers 400 with a message on every route that takes a body', async () => {
    const failures: string[] = [];
    for (const op of withBody()) {
      const path = fillPath(op.path, (name) => idFor(op.path, name, alice) ?? randomUUID());
      for (const text of ['{"name": ', '{name: 1}', '[1,2', '\u0000', '{"a":1}}']) {
        const answer = await send(op.method, path, {
          token: op.access === 'admin' ? adminToken : alice.token,
          body: text,
        });
        // Routes that read raw bytes (a signed webhook, a form) refuse them their own way.
        const refused = op.rawBody
          ? answer.status >= 400 && answer.status < 500
          : answer.status === 400 && typeof messageOf(answer) === 'string';
        if (!refused) {
          failures.push(`${label(op)} ${JSON.stringify(text)}: ${answer.status} ${answer.text}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('a body over the limit answers 413 "Request body is too large"', async () => {
    // Larger than the largest limit any route has (the YAML import's 8mb).
    const huge = JSON.stringify({ text: 'x'.repeat(9 * 1024 * 1024) });
    const failures: string[] = [];
    for (const op of withBody()) {
      const path = fillPath(op.path, (name) => idFor(op.path, name, alice) ?? randomUUID());
      const answer = await send(op.method, path, { token: alice.token, body: huge });
      if (answer.status !== 413 || messageOf(answer) !== 'Request body is too large') {
        failures.push(`${label(op)}: ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a body that is not JSON at all is refused, never a 500', async () => {
    const failures: string[] = [];
    for (const op of withBody()) {
      const path = fillPath(op.path, (name) => idFor(op.path, name, alice) ?? randomUUID());
      for (const [contentType, text] of [
        ['text/plain', 'hello'],
        ['application/x-www-form-urlencoded', 'name=x&__proto__[admin]=1'],
        ['application/json; charset=utf-16', '{}'],
      ] as const) {
        const answer = await send(op.method, path, { token: alice.token, body: text, contentType });
        if (answer.status >= 500) failures.push(`${label(op)} ${contentType}: ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('generated payloads', () => {
  /**
   * A customer of its own whose data the payloads may change or delete,
   * and the ids it has, mixed with hostile text in every path parameter.
   */
  it('never answer 500 on any route', async () => {
    const mallory = await customer('mallory');
    const seen = new Map<number, number>();
    let tried = 0;
    const failures: string[] = [];
    for (const op of operations) {
      const parameters = pathParameters(op.path);
      const parameterValue = fc.oneof(
        fc.constant(undefined),
        fc.constantFrom(...hostileStrings.filter(Boolean)),
        fc.string({ minLength: 1, maxLength: 40 }),
      );
      const payload = fc.record({
        parameters: fc.tuple(...parameters.map(() => parameterValue)),
        query: fc.record(
          Object.fromEntries(op.query.map((q) => [q.name, fc.constantFrom(...hostileStrings)])),
          { requiredKeys: [] },
        ),
        body: op.body ? arbitraryOf(op.body) : fc.constant(undefined),
      });
      const token =
        op.access === 'admin' ? adminToken : op.access === 'user' ? mallory.token : undefined;
      await fc.assert(
        fc.asyncProperty(payload, async ({ parameters: values, query, body }) => {
          const path = fillPath(op.path, (name) => {
            const value = values[parameters.indexOf(name)];
            return value ?? idFor(op.path, name, mallory) ?? randomUUID();
          });
          const search = new URLSearchParams(query as Record<string, string>).toString();
          const answer = await send(op.method, search ? `${path}?${search}` : path, {
            token,
            body: op.body || op.rawBody ? JSON.stringify(body ?? null) : undefined,
          });
          tried++;
          seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
          if (answer.status >= 500) {
            failures.push(
              `${label(op)} ${path} ${JSON.stringify(body)?.slice(0, 200)}: ${answer.status} ${answer.text.slice(0, 160)}`,
            );
          }
          return true;
        }),
        // A fixed seed: the same payloads on every run.
        { seed: 20_261_121, numRuns: 25 },
      );
    }
    expect(failures).toEqual([]);
    expect(tried).toBe(operations.length * 25);
    // The payloads reach past validation too, not only into 400s.
    expect([...seen.keys()].some((status) => status < 300)).toBe(true);
  }, 300_000);
});

describe('YAML import', () => {
  const laughs = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ...Array.from({ length: 8 }, (_, i) => {
      const name = String.fromCharCode(98 + i);
      const previous = String.fromCharCode(97 + i);
      return `${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`;
    }),
    'roadmap_items: *i',
  ].join('\n');
  const bombs: [string, string][] = [
    ['billion laughs', laughs],
    ['many aliases', `a: &a [x]\nroadmap_items: [${Array(20_000).fill('*a').join(',')}]`],
    ['deep flow nesting', `roadmap_items: ${'['.repeat(50_000)}${']'.repeat(50_000)}`],
    [
      'deep block nesting',
      `roadmap_items:\n${Array.from({ length: 2_000 }, (_, i) => `${'  '.repeat(i + 1)}- x:`).join('\n')}`,
    ],
    ['deep mapping nesting', `roadmap_items: ${'{a: '.repeat(20_000)}1${'}'.repeat(20_000)}`],
    ['a custom tag', 'roadmap_items: !!js/function "function(){ return process.exit(1) }"'],
    ['a merge key loop', 'a: &a\n  <<: *a\nroadmap_items: []'],
    ['a huge key', `${'k'.repeat(4 * 1024 * 1024)}: 1\nroadmap_items: []`],
    ['over 5MB', `roadmap_items: []\n#${'x'.repeat(5 * 1024 * 1024)}`],
  ];

  it.each(bombs)('refuses %s with 400 and imports nothing', async (_what, yaml) => {
    const answer = await send('post', `/api/roadmaps/${alice.roadmapId}/import-yaml`, {
      token: alice.token,
      body: JSON.stringify({ yamlContent: yaml }),
    });
    expect(answer.status).toBe(400);
    expect(messageOf(answer)).toEqual(expect.any(String));
    const roadmap = await chorus.api<{ items: { title: string }[] }>(
      `/api/roadmaps/${alice.roadmapId}`,
      { token: alice.token },
    );
    expect(roadmap.body.items.map((item) => item.title)).toEqual(['First step']);
  });
});

describe('script in text fields', () => {
  const xss = '<img src=x onerror=alert(1)><script>alert(2)</script>';

  it('is stored and answered as the same plain text, in JSON only', async () => {
    const product = await chorus.api<{ id: string; name: string; description: string }>(
      '/api/products',
      {
        method: 'POST',
        token: alice.token,
        body: { name: xss, description: xss, industry: 'technology' },
      },
    );
    expect(product.status).toBe(201);
    expect(product.body).toMatchObject({ name: xss, description: xss });
    expect(product.headers.get('content-type')).toMatch(/^application\/json/);
    const profile = await chorus.api<Record<string, unknown>>(
      `/api/products/${product.body.id}/business-profile`,
      {
        method: 'POST',
        token: alice.token,
        body: { companyName: xss, businessModel: xss, locations: xss, primaryProducts: xss },
      },
    );
    expect({ status: profile.status, body: profile.body }).toMatchObject({
      status: 201,
      body: { companyName: xss, businessModel: xss, locations: xss, primaryProducts: xss },
    });
  });
});
