import { accessLevel, accessLevelLabel, mayDo, paymentPath, statusWord } from '../src/entitlements';

const now = new Date('2026-11-25T12:00:00Z');
const later = '2026-12-25T12:00:00.000Z';
const earlier = '2026-11-01T12:00:00.000Z';

describe('what a product may do, by its subscription', () => {
  it.each([
    ['active', null, 'full'],
    ['past_due', null, 'full'],
    ['ACTIVE ', null, 'full'],
    ['inactive', null, 'read_only'],
    ['unpaid', null, 'read_only'],
    ['canceled', earlier, 'read_only'],
    ['cancelled', null, 'read_only'],
    // A provider that marks it cancelled before the paid period is over.
    ['canceled', later, 'full'],
    ['paused', later, 'read_only'],
    ['', null, 'read_only'],
    [undefined, null, 'read_only'],
  ] as const)('%s (paid until %s) is %s', (status, end, level) => {
    expect(accessLevel({ subscriptionStatus: status, subscriptionEndDate: end }, now)).toBe(level);
    for (const action of [
      'askQuestions',
      'addPersonas',
      'requestPersonaFeedback',
      'importRoadmaps',
    ] as const) {
      expect(mayDo({ subscriptionStatus: status, subscriptionEndDate: end }, action, now)).toBe(
        level === 'full',
      );
    }
  });

  it('a cancelled subscription turns read only the moment its period ends', () => {
    const product = { subscriptionStatus: 'canceled', subscriptionEndDate: new Date(later) };
    expect(accessLevel(product, new Date(Date.parse(later) - 1))).toBe('full');
    expect(accessLevel(product, new Date(later))).toBe('read_only');
  });

  it('names the level and where to pay', () => {
    expect(accessLevelLabel('full')).toBe('Full access');
    expect(accessLevelLabel('read_only')).toBe('Read only');
    expect(paymentPath('a b')).toBe('/subscribe?productId=a%20b');
  });
});

describe('one word per status on every page', () => {
  it.each([
    ['active', 'Active'],
    ['past_due', 'Past Due'],
    ['canceled', 'Cancelled'],
    ['cancelled', 'Cancelled'],
    ['inactive', 'Inactive'],
    ['unpaid', 'Unpaid'],
    ['paused', 'Unknown'],
    [null, 'Unknown'],
  ] as const)('%s is %s', (status, word) => {
    expect(statusWord(status)).toBe(word);
  });
});
