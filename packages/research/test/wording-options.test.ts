import type { TypedQuestionSpec } from '@chorus/contracts';
import { checkOptions, labelLean } from '../src/wording';

const scale = (
  pointLabels: string[],
  low = 'Very poor',
  high = 'Excellent',
): TypedQuestionSpec => ({
  type: 'scale',
  points: 5,
  lowLabel: low,
  highLabel: high,
  pointLabels,
  ratingMethod: 'direct',
});

describe('the wording check of a typed question’s answers', () => {
  it.each([
    ['Definitely would buy', 0],
    ['Definitely would not buy', -1],
    ['Very dissatisfied', -1],
    ['Excellent', 1],
  ])('reads "%s" as leaning %d', (label, sign) => {
    expect(Math.sign(labelLean(label))).toBe(sign);
  });

  it('finds a scale of four favourable points and one unfavourable', () => {
    const [finding] = checkOptions(scale(['Poor', 'Good', 'Very good', 'Great', 'Excellent']));
    expect(finding).toMatchObject({ where: 'scale' });
    expect(finding!.why).toContain('4 favourable points and 1 unfavourable one');
  });

  it('leaves a balanced scale and balanced ends alone', () => {
    expect(
      checkOptions(scale(['Very poor', 'Poor', 'Neither good nor poor', 'Good', 'Very good'])),
    ).toEqual([]);
    expect(checkOptions(scale([], 'Definitely would not buy', 'Definitely would buy'))).toEqual([]);
  });

  it('finds two ends that say the same', () => {
    const findings = checkOptions(scale([], 'Good', 'Excellent'));
    expect(findings[0]!.why).toMatch(/Both ends of the scale are favourable/);
  });

  it('finds an option praised among plain ones, naming the word', () => {
    const findings = checkOptions({
      type: 'single_choice',
      options: ['A paper diary', 'A spreadsheet', 'Our amazing planner'],
      noneOption: false,
    });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ where: 'option', phrase: 'Our amazing planner' });
    expect(findings[0]!.why).toContain('"amazing" praises this option');
  });

  it('finds an item run down among plain ones, and leaves plain lists alone', () => {
    const findings = checkOptions({
      type: 'ranking',
      items: ['Price', 'Delivery speed', 'Clunky old interface'],
    });
    expect(findings[0]).toMatchObject({ where: 'item', phrase: 'Clunky old interface' });
    expect(
      checkOptions({ type: 'ranking', items: ['Price', 'Delivery speed', 'Recipes'] }),
    ).toEqual([]);
  });
});
