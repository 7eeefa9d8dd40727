import { opinions } from '@chorus/contracts';
import { opinionColor, opinionLabel } from '../src/ui/opinions';

describe('opinion names and colours', () => {
  it('name and colour every opinion, each colour its own', () => {
    expect(opinions.map((o) => opinionLabel[o])).toEqual(['Positive', 'Neutral', 'Negative']);
    const colours = opinions.map((o) => opinionColor[o]);
    expect(colours.every((c) => c.startsWith('bg-'))).toBe(true);
    expect(new Set(colours).size).toBe(opinions.length);
  });
});
