import { ActionKeys } from '../src/action-mutation';
import { ApiError, apiRequest, IDEMPOTENCY_HEADER } from '../src/api';

/** Runs one send of `keys` with `details`, answering as `answer` says; resolves to the key sent. */
async function send(
  keys: ActionKeys,
  details: unknown,
  answer: 'ok' | Error = 'ok',
): Promise<string> {
  let sent = '';
  await keys
    .run(details, async (key) => {
      sent = key;
      if (answer !== 'ok') throw answer;
      return key;
    })
    .catch(() => undefined);
  return sent;
}

describe('one Idempotency-Key per user action', () => {
  it('reuses the key while the action is in flight: a double click is one action', async () => {
    const keys = new ActionKeys();
    let release: () => void = () => undefined;
    const seen: string[] = [];
    const first = keys.run({ email: 'a@b.c' }, async (key) => {
      seen.push(key);
      await new Promise<void>((resolve) => (release = resolve));
    });
    const second = keys.run({ email: 'a@b.c' }, async (key) => {
      seen.push(key);
    });
    release();
    await Promise.all([first, second]);
    expect(seen[0]).toBe(seen[1]);
  });

  it('reuses the key after a lost answer, a 5xx, a 409 or a 429, so a retry is not done twice', async () => {
    const keys = new ActionKeys();
    const details = { questionText: 'Would you pay?' };
    const first = await send(keys, details, new TypeError('Failed to fetch'));
    expect(await send(keys, details, new ApiError(503, '{}'))).toBe(first);
    expect(await send(keys, details, new ApiError(409, '{}'))).toBe(first);
    expect(await send(keys, details, new ApiError(429, '{}'))).toBe(first);
    expect(await send(keys, details)).toBe(first);
  });

  it('makes a new key after an answer, or for other details', async () => {
    const keys = new ActionKeys();
    const done = await send(keys, { name: 'Plan' });
    const next = await send(keys, { name: 'Plan' }, new ApiError(400, '{}'));
    expect(next).not.toBe(done);
    // A refusal settles the action too: fixing the form and sending is a new one.
    const after = await send(keys, { name: 'Plan' }, new TypeError('Failed to fetch'));
    expect(after).not.toBe(next);
    expect(await send(keys, { name: 'Other' })).not.toBe(after);
  });
});

describe('the api client with a key', () => {
  it('sends the Idempotency-Key header only when given one', async () => {
    const headers: HeadersInit[] = [];
    Object.assign(globalThis, { window: { localStorage: { getItem: () => null } } });
    globalThis.fetch = async (_input, init) => {
      headers.push(init?.headers ?? {});
      return Response.json({ ok: true }, { status: 201 });
    };
    await apiRequest('POST', '/api/products', { name: 'Lantern' }, { idempotencyKey: 'k-1' });
    await apiRequest('POST', '/api/products', { name: 'Lantern' });
    expect(headers[0]).toEqual({ 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: 'k-1' });
    expect(headers[1]).toEqual({ 'Content-Type': 'application/json' });
  });
});
