import { gaveUpReason, nextStep, retryAfterMs } from '../src/domain/question-attempts';

describe('how long a question may wait for its answer', () => {
  it.each([
    // timeout, retries, concurrency, personas -> bound
    [30_000, 2, 16, 10, 3 * 30_000 * 2 + 30_000], // the defaults: 210 s
    [30_000, 0, 16, 10, 30_000 * 2 + 30_000],
    [10_000, 2, 4, 10, 3 * 10_000 * (3 + 1) + 30_000], // ten personas, four at a time
    [1_000, 1, 1, 1, 2 * 1_000 * 2 + 30_000],
  ])(
    'timeout %i ms, %i retries, %i at once, %i personas: %i ms',
    (timeoutMs, retries, concurrency, personas, bound) => {
      expect(retryAfterMs({ timeoutMs, retries, concurrency, personas })).toBe(bound);
    },
  );
});

describe('a question that waited too long', () => {
  it.each([
    [1, 3, 'ask-again'],
    [2, 3, 'ask-again'],
    [3, 3, 'give-up'],
    [4, 3, 'give-up'],
    [1, 1, 'give-up'],
  ] as const)('asked %i of %i times: %s', (attempts, max, step) => {
    expect(nextStep(attempts, max)).toBe(step);
  });

  it('is given up with a reason the customer can act on', () => {
    expect(gaveUpReason(3)).toBe(
      'This question could not be answered after 3 attempts. Please retry.',
    );
    expect(gaveUpReason(1)).toBe(
      'This question could not be answered after 1 attempt. Please retry.',
    );
  });
});
