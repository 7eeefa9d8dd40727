import { randomBytes } from 'node:crypto';
import { CardDataCipher, parseCardDataKey } from '../src/card-data';
import { expectNoCardValues } from './unreadable';

const card = {
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2029,
  cardholderName: 'Mia Stone',
};

describe('card data at rest', () => {
  const key = randomBytes(32);
  const cipher = new CardDataCipher(key);

  it('reads back what it wrote, and nothing readable is stored', () => {
    const stored = cipher.encrypt(card, 'user-1');
    expect(stored).toMatch(/^v1\./);
    expectNoCardValues(stored, ['Mia Stone', '"last4":"4242"', '"brand":"visa"']);
    expect(cipher.decrypt(stored, 'user-1')).toEqual(card);
  });

  it('never writes the same value twice (fresh IV)', () => {
    expect(cipher.encrypt(card, 'user-1')).not.toBe(cipher.encrypt(card, 'user-1'));
  });

  it('refuses a value moved to another user, altered, or made with another key', () => {
    const stored = cipher.encrypt(card, 'user-1');
    expect(() => cipher.decrypt(stored, 'user-2')).toThrow();
    const [v, iv, data, tag] = stored.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      cipher.decrypt([v, iv, flipped.toString('base64url'), tag].join('.'), 'user-1'),
    ).toThrow();
    expect(() => new CardDataCipher(randomBytes(32)).decrypt(stored, 'user-1')).toThrow();
  });

  it('refuses anything but brand, last4, expiry and name', () => {
    expect(() => cipher.encrypt({ ...card, last4: '4242424242424242' }, 'u')).toThrow();
    const withNumber = { ...card, number: '4242424242424242' };
    const stored = cipher.encrypt(withNumber, 'u');
    expect(cipher.decrypt(stored, 'u')).not.toHaveProperty('number');
  });

  it.each([
    ['', false],
    [randomBytes(16).toString('base64'), false],
    [randomBytes(32).toString('base64'), true],
  ])('a key of %j is accepted: %s', (value, ok) => {
    if (ok) expect(parseCardDataKey(value)).toHaveLength(32);
    else expect(() => parseCardDataKey(value)).toThrow('must be 32 bytes');
  });
});
