import { toCsv } from '../src';

describe('one cell of toCsv (papaparse, RFC 4180, formulas kept as text)', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [42, '42'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line one\nline two', '"line one\nline two"'],
    ['carriage\r\nreturn', '"carriage\r\nreturn"'],
    ['=SUM(A1:A2)', `"'=SUM(A1:A2)"`],
    ['+1 555', `"'+1 555"`],
    ['-risky', `"'-risky"`],
    ['@handle', `"'@handle"`],
    ['\tcmd', `"'\tcmd"`],
    [-3, '-3'],
    ['=HYPERLINK("x","y")', '"\'=HYPERLINK(""x"",""y"")"'],
    ['100% sure', '100% sure'],
  ])('%j -> %j', (value, expected) => {
    expect(toCsv([[value]])).toBe(`${expected}\r\n`);
  });
});

describe('toCsv', () => {
  it('joins cells with commas and rows with CRLF, ending with a line break', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c, d', 'e'],
      ]),
    ).toBe('a,b\r\n"c, d",e\r\n');
  });
});
