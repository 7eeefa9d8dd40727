import { hashResetToken, newResetToken, resetLink } from '../src/domain/reset-tokens';

describe('reset tokens', () => {
  it('are long, random and stored only as a hash', () => {
    const a = newResetToken();
    const b = newResetToken();
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(43);
    expect(hashResetToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashResetToken(a)).not.toContain(a);
    expect(hashResetToken(a)).toBe(hashResetToken(a));
  });

  it('build the link to the reset page', () => {
    expect(resetLink('http://localhost:8080/reset-password', 'abc_-1')).toBe(
      'http://localhost:8080/reset-password?token=abc_-1',
    );
  });
});
