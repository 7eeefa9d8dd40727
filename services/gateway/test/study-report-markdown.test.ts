import { neutraliseCell } from '../src/study-report/markdown';

describe('neutraliseCell', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('keeps %j as text', (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });
  it('leaves other text alone', () => {
    expect(neutraliseCell('Teacher = 1')).toBe('Teacher = 1');
  });
});
