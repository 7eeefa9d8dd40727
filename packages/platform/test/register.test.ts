import { ApiError, serverMessage } from '../src/api';
import { register, type RegisterBody } from '../src/session';

const calls: { url: string; init: RequestInit }[] = [];
let answer: () => Response;

beforeAll(() => {
  Object.assign(globalThis, {
    window: { localStorage: { getItem: () => null, setItem() {}, removeItem() {} } },
  });
  globalThis.fetch = async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return answer();
  };
});

beforeEach(() => {
  calls.length = 0;
});

const body: RegisterBody = {
  email: 'ada@example.com',
  password: 'secret123',
  firstName: 'Ada',
  lastName: 'Lovelace',
  productName: 'Engine',
  billingCycle: 'monthly',
  stripeToken: 'pm_card_visa',
};

describe('register', () => {
  it('posts the sign-up as it is and answers the token, message, status and product', async () => {
    answer = () =>
      Response.json({
        token: 't1',
        message: 'Welcome aboard',
        subscriptionStatus: 'active',
        product: { id: 'p1', name: 'Engine' },
      });
    await expect(register(body)).resolves.toEqual({
      token: 't1',
      message: 'Welcome aboard',
      subscriptionStatus: 'active',
      product: { id: 'p1' },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/auth/register');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual(body);
  });

  it('answers a token alone when the server says nothing more', async () => {
    answer = () => Response.json({ token: 't2' });
    await expect(register(body)).resolves.toEqual({
      token: 't2',
      message: undefined,
      subscriptionStatus: undefined,
      product: null,
    });
  });

  it.each([
    ['no token', () => Response.json({ message: 'ok' })],
    ['a token that is not text', () => Response.json({ token: 42 })],
    ['no JSON at all', () => new Response('<html>', { status: 200 })],
  ])('answers undefined for %s', async (_, reply) => {
    answer = reply;
    await expect(register(body)).resolves.toBeUndefined();
  });

  it("throws the server's refusal", async () => {
    answer = () => Response.json({ message: 'Email already registered' }, { status: 400 });
    const error = await register(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(serverMessage(error)).toBe('Email already registered');
  });
});
