import { csvCell, neutraliseCell, toCsv } from '../src';

describe('csvCell (papaparse, RFC 4180, formulas kept as text)', () => {
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
    expect(csvCell(value)).toBe(expected);
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

describe('neutraliseCell', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('keeps %j as text', (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });
  it('leaves other text alone', () => {
    expect(neutraliseCell('Teacher = 1')).toBe('Teacher = 1');
  });
});
