import { authMessages, avatarInitials, displayName, loginRequest, registerRequest } from '../src';

describe('avatarInitials', () => {
  it.each([
    [{ email: 'walk-owner-mwz4t0ib@example.com', firstName: 'Jane', lastName: 'Doe' }, 'JD'],
    [{ email: 'jane.doe@example.com', firstName: 'Jane', lastName: '' }, 'JA'],
    [{ email: 'x@example.com' }, 'X'],
    [{ email: '', firstName: 'Jane', lastName: 'Doe' }, 'JD'],
    [{ email: null, firstName: 'ada', lastName: 'lovelace' }, 'AL'],
    [{ email: '', firstName: 'Jane', lastName: '' }, 'U'],
    [{}, 'U'],
  ])('%j -> %s', (user, expected) => {
    expect(avatarInitials(user)).toBe(expected);
  });
});

describe('displayName', () => {
  it.each([
    [{ email: 'walk-owner-mwz4t0ib@example.com', firstName: 'Jane', lastName: 'Doe' }, 'Jane Doe'],
    [{ email: 'jane@example.com', firstName: ' Jane ', lastName: '' }, 'Jane'],
    [{ email: 'jane@example.com' }, 'jane'],
    [{}, 'You'],
  ])('%j -> %s', (user, expected) => {
    expect(displayName(user)).toBe(expected);
  });
});

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
