import { avatarInitials, displayName } from '../src/chrome/user-names';

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
