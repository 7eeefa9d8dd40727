import { authMessages, loginRequest, registerRequest } from '../src';

describe('registerRequest', () => {
  const complete = {
    email: 'owner@example.com',
    password: 'secret123',
    firstName: 'Olive',
    lastName: 'Owner',
    productName: 'Acme',
  };

  it('accepts the auth dialog payload', () => {
    expect(registerRequest.parse(complete)).toMatchObject({ productName: 'Acme' });
  });

  it('accepts the onboarding payload, mapping name and description', () => {
    const { productName: _omit, ...rest } = complete;
    const parsed = registerRequest.parse({ ...rest, name: 'Acme', description: 'Anvils' });
    expect(parsed).toMatchObject({ productName: 'Acme', productDescription: 'Anvils' });
  });

  it.each(['email', 'password', 'firstName', 'lastName', 'productName'])(
    'refuses a missing %s with the spec message',
    (field) => {
      const result = registerRequest.safeParse({ ...complete, [field]: '' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(authMessages.missingInformation);
    },
  );

  it.each(['email', 'password', 'firstName', 'lastName'])(
    'refuses an absent %s with the spec message',
    (field) => {
      const result = registerRequest.safeParse({ ...complete, [field]: undefined });
      expect(result.error?.issues[0]?.message).toBe(authMessages.missingInformation);
    },
  );

  it('refuses a malformed e-mail', () => {
    const result = registerRequest.safeParse({ ...complete, email: 'not-an-email' });
    expect(result.error?.issues[0]?.message).toBe(authMessages.invalidEmail);
  });
});

describe('loginRequest', () => {
  it('needs both fields', () => {
    expect(loginRequest.safeParse({ email: 'a@b.c' }).success).toBe(false);
    expect(loginRequest.safeParse({ email: 'a@b.c', password: 'x' }).success).toBe(true);
  });
});
