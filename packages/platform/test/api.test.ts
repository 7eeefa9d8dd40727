import { QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, getQueryFn, serverMessage, TOKEN_KEY } from '../src/api';

/** The browser pieces the client touches: localStorage and fetch. */
const stored = new Map<string, string>();
const calls: { url: string; init: RequestInit }[] = [];
let answer: () => Response;

/** What react-query hands a query function for `path`. */
const readOf = (path: string) => ({
  client: new QueryClient(),
  queryKey: [path],
  signal: new AbortController().signal,
  meta: undefined,
});

beforeAll(() => {
  Object.assign(globalThis, {
    window: {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
        removeItem: (key: string) => stored.delete(key),
      },
    },
  });
  globalThis.fetch = async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return answer();
  };
});

beforeEach(() => {
  stored.clear();
  calls.length = 0;
  answer = () => Response.json({ ok: true });
});

describe('the api client', () => {
  it('sends cookies and the stored token, and a JSON body only with a payload', async () => {
    stored.set(TOKEN_KEY, 'abc');
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.c', password: 'x' });
    await apiRequest('POST', '/api/auth/logout');
    const [withBody, withoutBody] = calls;
    expect(withBody!.init.credentials).toBe('include');
    expect(withBody!.init.headers).toEqual({
      'Content-Type': 'application/json',
      Authorization: 'Bearer abc',
    });
    expect(withBody!.init.body).toBe('{"email":"a@b.c","password":"x"}');
    expect(withoutBody!.init.headers).toEqual({ Authorization: 'Bearer abc' });
    expect(withoutBody!.init.body).toBeUndefined();
  });

  it('turns a failure into "{status}: {body text}", or the status text for an empty body', async () => {
    answer = () => Response.json({ message: 'Invalid email or password' }, { status: 401 });
    const error = await apiRequest('POST', '/api/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid email or password"}');
    expect(serverMessage(error)).toBe('Invalid email or password');
    expect(serverMessage(new ApiError(413, '{"error":"The file can be at most 1 MB."}'))).toBe(
      'The file can be at most 1 MB.',
    );

    answer = () => new Response('', { status: 503, statusText: 'Service Unavailable' });
    const empty = await apiRequest('GET', '/api/products').catch((e: unknown) => e);
    expect((empty as ApiError).message).toBe('503: Service Unavailable');
  });

  it('reads with GET on the path of the query key and parses JSON', async () => {
    answer = () => Response.json([{ id: 'p1' }]);
    const read = getQueryFn<{ id: string }[]>({ on401: 'throw' });
    const data = await read(readOf('/api/products'));
    expect(data).toEqual([{ id: 'p1' }]);
    expect(calls[0]!.url).toBe('/api/products');
    expect(calls[0]!.init.method).toBeUndefined();
  });

  it('clears the stored token on a 401 read; "no user" answers null', async () => {
    stored.set(TOKEN_KEY, 'expired');
    answer = () => Response.json({ message: 'Unauthorized' }, { status: 401 });
    const context = readOf('/api/auth/user');
    await expect(getQueryFn({ on401: 'returnNull' })(context)).resolves.toBeNull();
    expect(stored.has(TOKEN_KEY)).toBe(false);

    stored.set(TOKEN_KEY, 'expired');
    await expect(getQueryFn({ on401: 'throw' })(context)).rejects.toThrow('401: ');
    expect(stored.has(TOKEN_KEY)).toBe(false);
  });
});
