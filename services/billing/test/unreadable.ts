/**
 * Fails when a stored card value shows any of `values` whole, in the clear
 * or merely base64-encoded. Whole values only: a short fragment such as
 * 'Mia' turns up in random base64 now and then, so it proves nothing.
 */
export function expectNoCardValues(stored: string, values: string[]): void {
  const parts = stored.split('.').slice(1);
  const bytes = Buffer.concat(parts.map((part) => Buffer.from(part, 'base64url')));
  for (const value of values) {
    expect(bytes.includes(value)).toBe(false);
    expect(stored).not.toContain(value);
    expect(stored).not.toContain(Buffer.from(value).toString('base64url'));
  }
}
