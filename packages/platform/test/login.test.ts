import { login, loginMessages } from '../src/login';
import { getToken } from '../src/api';

const stored = new Map<string, string>();
const calls: { url: string; init: RequestInit }[] = [];
let answers: Record<string, () => Response>;
const pushed: Record<string, unknown>[] = [];

beforeAll(() => {
  Object.assign(globalThis, {
    window: {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
        removeItem: (key: string) => stored.delete(key),
      },
      get dataLayer() {
        return pushed;
      },
      set dataLayer(_value: unknown) {},
    },
  });
  globalThis.fetch = async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    const answer = answers[String(input)];
    if (!answer) throw new TypeError('Failed to fetch');
    return answer();
  };
});

beforeEach(() => {
  stored.clear();
  calls.length = 0;
  pushed.length = 0;
  answers = {};
});

const credentials = { email: 'ada@example.com', password: 'secret123' };

describe('login', () => {
  it('signs in: the token is kept, the user is read and the login is recorded', async () => {
    answers['/api/auth/login'] = () => Response.json({ token: 't1' });
    answers['/api/auth/user'] = () => Response.json({ id: 'u1', email: credentials.email });
    await expect(login(credentials)).resolves.toEqual({ ok: true });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual(credentials);
    expect(getToken()).toBe('t1');
    expect(calls.map((c) => c.url)).toContain('/api/auth/user');
    expect(pushed).toContainEqual(expect.objectContaining({ event: 'login' }));
  });

  it("answers the server's refusal in its own words and keeps no token", async () => {
    answers['/api/auth/login'] = () =>
      Response.json({ message: 'Invalid email or password' }, { status: 401 });
    await expect(login(credentials)).resolves.toEqual({
      ok: false,
      message: 'Invalid email or password',
    });
    expect(getToken()).toBeNull();
    expect(pushed).toEqual([]);
  });

  it('says the login failed when the network does, and when the answer holds no token', async () => {
    await expect(login(credentials)).resolves.toEqual({ ok: false, message: loginMessages.failed });
    answers['/api/auth/login'] = () => new Response('not json', { status: 200 });
    await expect(login(credentials)).resolves.toEqual({
      ok: false,
      message: loginMessages.unreadable,
    });
    expect(getToken()).toBeNull();
  });
});
