import {
  billingMonthlyRate,
  checkoutReturnUrls,
  invoiceBadge,
  invoiceBreakdown,
  nextBillingSummary,
  paidByOwnerSentence,
  personaSummary,
  seatLines,
  seatSummary,
  subscriptionBadge,
} from '../src/billing-page';

describe('subscriptionBadge: the billing page shows active, past_due, cancelled, else unknown', () => {
  it.each([
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['cancelled', 'cancelled'],
    ['canceled', 'cancelled'],
    ['Canceled', 'cancelled'],
    ['inactive', 'unknown'],
    ['paused', 'unknown'],
    ['trialing', 'unknown'],
    ['', 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown'],
  ])('%p -> %s', (status, badge) => {
    expect(subscriptionBadge(status)).toBe(badge);
  });
});

describe('invoiceBadge', () => {
  it.each([
    ['paid', 'paid'],
    ['pending', 'pending'],
    ['failed', 'failed'],
    ['void', 'unknown'],
    [null, 'unknown'],
  ])('%p -> %s', (status, badge) => {
    expect(invoiceBadge(status)).toBe(badge);
  });
});

describe('billingMonthlyRate: the subscription, else the product, else 25', () => {
  it.each([
    [{ monthlyRate: 29 }, { billing: { monthlyRate: 27 } }, 29],
    [undefined, { billing: { monthlyRate: 27 } }, 27],
    [{ monthlyRate: null }, { billing: null }, 25],
    [undefined, undefined, 25],
    [{ monthlyRate: 0 }, { billing: { monthlyRate: 27 } }, 0],
  ])('%j, %j -> %d', (details, product, rate) => {
    expect(billingMonthlyRate(details, product)).toBe(rate);
  });
});

describe('nextBillingSummary: the real date, else 30 days from today', () => {
  const today = new Date(2026, 0, 15, 9, 30);

  it('uses the earliest real next billing date', () => {
    expect(nextBillingSummary('2026-02-01T00:00:00.000Z', today).toISOString()).toBe(
      '2026-02-01T00:00:00.000Z',
    );
  });

  it.each([null, undefined, '', 'not a date'])('%p -> 30 days from today', (value) => {
    const fallback = nextBillingSummary(value, today);
    expect([fallback.getFullYear(), fallback.getMonth(), fallback.getDate()]).toEqual([
      2026, 1, 14,
    ]);
  });
});

describe('personaSummary', () => {
  it.each([
    [0, 0, '0 personas'],
    [1, 0, '1 persona'],
    [10, 0, '10 personas'],
    [12, 2, '12 personas (2 extra)'],
  ])('%d personas, %d extra -> %s', (count, extra, text) => {
    expect(personaSummary(count, extra)).toBe(text);
  });
});

describe('checkoutReturnUrls', () => {
  it('returns to the success page with the session id, or to the cancelled page', () => {
    expect(checkoutReturnUrls('https://app.example')).toEqual({
      successUrl: 'https://app.example/subscription-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://app.example/subscription-cancel',
    });
  });
});

describe("seatSummary: a product card's team seats beside its personas", () => {
  it.each([
    [{ seats: 3, seatUnitPrice: 25, billingCycle: 'monthly' }, '3 users × $25'],
    [{ seats: 1, seatUnitPrice: 25, billingCycle: 'monthly' }, '1 user × $25'],
    [{ seats: 2, seatUnitPrice: 270, billingCycle: 'annual' }, '2 users × $270/yr'],
  ])('%j -> %s', (details, summary) => {
    expect(seatSummary(details)).toBe(summary);
  });

  it('shows nothing without billable seats: the owner and viewers are not billed', () => {
    expect(seatSummary({ seats: 0, seatUnitPrice: 25, billingCycle: 'monthly' })).toBeNull();
    expect(seatSummary(undefined)).toBeNull();
  });
});

describe('seatLines: the team-seat lines of an invoice', () => {
  it('keeps the seats and their prorations, leaves the plan and personas out', () => {
    const lines = [
      { description: '1 × Monthly Plan', quantity: 1, amount: 25 },
      { description: '2 × Extra persona', quantity: 2, amount: 4 },
      { description: 'Team seats × 2', quantity: 2, amount: 50 },
      {
        description:
          'Team seat proration: unused time on 1 removed seat, Nov 25, 2026 – Dec 1, 2026',
        quantity: 1,
        amount: -5,
      },
    ];
    expect(seatLines(lines).map((line) => line.amount)).toEqual([50, -5]);
    // Stripe's own wording of the same lines.
    const stripe = [
      { description: '1 × Chorus Product Plan (at $25.00 / month)', quantity: 1, amount: 25 },
      { description: '2 × Team seat (at $25.00 / month)', quantity: 2, amount: 50 },
      {
        description: 'Remaining time on 1 × Team seat after 16 Jan 2026',
        quantity: 1,
        amount: 12.5,
      },
    ];
    expect(seatLines(stripe).map((line) => line.amount)).toEqual([50, 12.5]);
    expect(seatLines([])).toEqual([]);
  });
});

describe('invoiceBreakdown: what the history lists under an invoice', () => {
  it('lists every line of an invoice with seats, so that they add up to its amount', () => {
    const lines = [
      { description: '1 × Monthly Plan', quantity: 1, amount: 25 },
      { description: 'Team seats × 1', quantity: 1, amount: 25 },
      { description: 'Discount (10% off)', quantity: 1, amount: -5 },
    ];
    expect(invoiceBreakdown(lines).map((line) => line.description)).toEqual([
      '1 × Monthly Plan',
      'Team seats × 1',
      'Discount (10% off)',
    ]);
    expect(invoiceBreakdown(lines).reduce((sum, line) => sum + line.amount, 0)).toBe(45);
  });

  it('lists nothing under an invoice of the plan and personas alone', () => {
    expect(
      invoiceBreakdown([
        { description: '1 × Monthly Plan', quantity: 1, amount: 25 },
        { description: '2 × Extra persona', quantity: 2, amount: 4 },
      ]),
    ).toEqual([]);
  });
});

describe('who pays for a shared product', () => {
  it('names the owner', () => {
    expect(paidByOwnerSentence('Atlas', 'Olive Owner')).toBe(
      'Atlas is paid for by its owner, Olive Owner.',
    );
    expect(paidByOwnerSentence('Atlas', ' ')).toBe('Atlas is paid for by its owner.');
  });
});
