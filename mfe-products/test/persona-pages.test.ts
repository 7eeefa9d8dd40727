import { filterPersonaTemplates, safetyScoreTone } from '../src/persona-pages';

describe('filterPersonaTemplates', () => {
  const templates = [
    {
      name: 'Maria Lopez',
      age: 34,
      gender: 'Female',
      occupation: 'Nurse',
      location: 'Madrid, Spain',
    },
    {
      name: 'Tom Baker',
      age: 67,
      gender: 'Male',
      occupation: 'Retired Farmer',
      location: 'Iowa, USA',
    },
    {
      name: 'Sam Reed',
      age: 24,
      gender: 'Non-binary',
      occupation: 'UX Designer',
      location: 'Berlin, Germany',
    },
    { name: 'Priya Nair', age: 52, gender: 'Female', occupation: 'CFO', location: 'Mumbai, India' },
  ];
  const names = (filters: Parameters<typeof filterPersonaTemplates>[1]) =>
    filterPersonaTemplates(templates, filters).map((t) => t.name);

  it.each([
    [{}, ['Maria Lopez', 'Tom Baker', 'Sam Reed', 'Priya Nair']],
    [
      { category: 'all' as const, ageBand: 'all' as const, gender: 'all' as const },
      ['Maria Lopez', 'Tom Baker', 'Sam Reed', 'Priya Nair'],
    ],
    [{ category: 'Healthcare' as const }, ['Maria Lopez']],
    [{ category: 'Other' as const }, ['Tom Baker']],
    [{ ageBand: '60+' as const }, ['Tom Baker']],
    [{ ageBand: '18-30' as const }, ['Sam Reed']],
    [{ gender: 'Female' as const }, ['Maria Lopez', 'Priya Nair']],
    [{ gender: 'Non-binary' as const }, ['Sam Reed']],
    [{ search: 'germany' }, ['Sam Reed']],
    [{ search: 'NURSE' }, ['Maria Lopez']],
    [{ search: 'priya' }, ['Priya Nair']],
    [{ search: '  ' }, ['Maria Lopez', 'Tom Baker', 'Sam Reed', 'Priya Nair']],
    [{ gender: 'Female' as const, ageBand: '46-60' as const }, ['Priya Nair']],
    [{ category: 'Finance' as const, search: 'spain' }, []],
  ])('%j -> %j', (filters, expected) => {
    expect(names(filters)).toEqual(expected);
  });
});

describe('safetyScoreTone', () => {
  it.each([
    [9, 'green'],
    [8, 'green'],
    [7.9, 'yellow'],
    [6, 'yellow'],
    [5.9, 'red'],
    [1, 'red'],
  ])('score %j is %s', (score, tone) => {
    expect(safetyScoreTone(score)).toBe(tone);
  });
});
