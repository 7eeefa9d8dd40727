import type { BusinessContext } from '@chorus/proto/inference/v1/answers';
import { audienceReason, industryReason } from '../src/domain/local-reasoning/business-profile';
import { communityReasons } from '../src/domain/local-reasoning/community';
import { convenienceReasons } from '../src/domain/local-reasoning/convenience';
import { environmentReasons } from '../src/domain/local-reasoning/environment';
import { generalReasons } from '../src/domain/local-reasoning/general';
import { healthReasons } from '../src/domain/local-reasoning/health';
import { priceReasons } from '../src/domain/local-reasoning/price';
import { privacyReasons } from '../src/domain/local-reasoning/privacy';
import { qualityReasons } from '../src/domain/local-reasoning/quality';
import type { Reason, ThemeReasons } from '../src/domain/local-reasoning/reason';
import { riskReasons } from '../src/domain/local-reasoning/risk';
import { safetyReasons } from '../src/domain/local-reasoning/safety';
import { technologyReasons } from '../src/domain/local-reasoning/technology';
import { workReasons } from '../src/domain/local-reasoning/work';
import { readPersona } from '../src/domain/persona-reading';
import { readQuestion } from '../src/domain/question-themes';
import { business, type PersonaKey, personas } from './fixtures';

type Lean = 'for' | 'against' | 'no view';

function leanOf(reasons: readonly Reason[]): Lean {
  const sum = reasons.reduce((total, r) => total + r.weight, 0);
  return sum > 0 ? 'for' : sum < 0 ? 'against' : 'no view';
}

/** Each row: the persona, which way their reasons on the theme lean, and one reason a reader would see. */
type Row = [PersonaKey, Lean, string | undefined];

function themeTable(
  themeName: string,
  reasonsOf: ThemeReasons,
  questionText: string,
  rows: readonly Row[],
): void {
  describe(`${themeName}: ${questionText}`, () => {
    it.each(rows)('%s leans %s (%s)', (key, lean, because) => {
      const reasons = reasonsOf({
        persona: readPersona(personas[key]),
        question: readQuestion(questionText),
        business,
      });
      expect(leanOf(reasons)).toBe(lean);
      if (because)
        expect(reasons.map((r) => r.because)).toContainEqual(expect.stringContaining(because));
      else expect(reasons).toEqual([]);
    });
  });
}

themeTable('price', priceReasons, 'We are raising the monthly price from $29 to $49.', [
  ['dorothy', 'against', 'a fixed pension income'],
  ['rosa', 'against', "about 6% of Rosa's income"],
  ['benjamin', 'against', 'a price rise on its own gives nothing back'],
]);

themeTable('price', priceReasons, 'We will cut the price by 10%.', [
  ['alex', 'for', 'makes any saving welcome'],
  ['benjamin', 'against', 'suspects a lower price means lower quality'],
]);

themeTable('technology', technologyReasons, 'Should we add an AI assistant?', [
  ['marcus', 'for', 'works in technology (software engineer)'],
  ['dorothy', 'against', 'at 70, learning new technology is a hurdle'],
  ['alex', 'against', 'low occupation safety (3/10) makes automation feel threatening'],
  ['rosa', 'no view', undefined],
]);

themeTable('risk', riskReasons, 'We plan to move payments to an unproven provider.', [
  ['dorothy', 'against', 'Dorothy is cautious and prefers what is proven'],
  ['rosa', 'against', 'low safety (local safety 1/10)'],
  ['noah', 'for', 'high world and local safety (9/10, 10/10)'],
  ['benjamin', 'no view', undefined],
]);

themeTable('safety', safetyReasons, 'We are adding fraud protection to keep you safe.', [
  ['rosa', 'for', 'low local safety (1/10) makes protection valuable'],
  ['elena', 'for', "Elena's work in healthcare makes safety a priority"],
  ['samuel', 'for', 'takes security seriously'],
  ['noah', 'for', 'make it a nice-to-have'],
  ['benjamin', 'no view', undefined],
]);

themeTable('convenience', convenienceReasons, 'Would you use same-day delivery?', [
  ['sarah', 'for', 'Sarah is short of time'],
  ['rosa', 'for', 'low local safety (1/10) makes fewer trips out attractive'],
  ['dorothy', 'against', 'Dorothy is retired and has time to spare'],
  ['noah', 'no view', undefined],
]);

themeTable('health', healthReasons, 'Would a recipe with less sugar appeal to you?', [
  ['dorothy', 'for', 'at 70, health weighs more every year'],
  ['elena', 'for', 'makes health matter, with an eye on evidence'],
  ['rosa', 'against', 'makes healthier options hard to afford'],
  ['benjamin', 'no view', undefined],
]);

themeTable('environment', environmentReasons, 'We are switching to recycled packaging.', [
  ['aisha', 'for', 'Aisha cares about sustainability'],
  ['rosa', 'against', 'leaves nothing spare for a green premium'],
  ['samuel', 'against', 'Samuel suspects greenwashing'],
  ['benjamin', 'no view', undefined],
]);

themeTable('quality', qualityReasons, 'Would you pay more for a better-made product?', [
  ['benjamin', 'for', 'Benjamin values things that are well made'],
  ['dorothy', 'against', 'puts price before quality'],
  ['chloe', 'against', 'Chloe cares about image'],
  ['elena', 'no view', undefined],
]);

themeTable('privacy', privacyReasons, 'Would you share your location data?', [
  ['samuel', 'against', 'Samuel guards their privacy'],
  ['rosa', 'against', 'makes sharing personal details risky'],
  ['chloe', 'for', 'used to trading data for convenience'],
  ['benjamin', 'no view', undefined],
]);

themeTable('community', communityReasons, 'Would you join a community forum?', [
  ['dorothy', 'for', 'Dorothy is community-minded'],
  ['rosa', 'for', 'makes a local network valuable'],
  ['sarah', 'for', 'has little time for more social life'],
  ['marcus', 'no view', undefined],
]);

themeTable('work', workReasons, 'Would a tool that runs your meetings help your team?', [
  ['sarah', 'for', 'values what makes work run smoother'],
  ['samuel', 'for', 'Samuel is driven by career goals'],
  ['dorothy', 'against', 'Dorothy is retired, so it is far from daily life'],
  ['chloe', 'against', 'Chloe is a student'],
  ['noah', 'no view', undefined],
]);

themeTable('general stance on change', generalReasons, 'What do you think of our new logo?', [
  ['noah', 'for', 'Noah is open to new things'],
  ['rosa', 'against', 'low safety scores (average 4.0/10) make Rosa slow to change'],
  ['elena', 'against', 'Elena sticks with what works'],
  ['sarah', 'no view', undefined],
]);

describe('the business profile', () => {
  const targeting = (value: string): BusinessContext => ({
    ...business,
    facts: [
      ...business.facts,
      { field: 'customerDemographics', label: 'Customer Demographics', value },
    ],
  });

  it.each<[string, PersonaKey, Lean | 'not named', string | undefined]>([
    ['Adults aged 60-85', 'dorothy', 'for', 'inside the target customers (60-85)'],
    ['Adults aged 60-85', 'chloe', 'against', 'outside the target customers (60-85)'],
    ['Students and young adults', 'aisha', 'for', 'matches the customers the product targets'],
    ['Small business owners and freelancers', 'alex', 'not named', undefined],
    ['Affluent professionals', 'benjamin', 'for', 'matches the customers the product targets'],
    ['Busy parents', 'sarah', 'for', 'matches the customers the product targets'],
  ])('target customers "%s": %s %s', (audience, key, lean, because) => {
    const reason = audienceReason(readPersona(personas[key]), targeting(audience));
    if (lean === 'not named') return expect(reason).toBeUndefined();
    expect(leanOf([reason!])).toBe(lean);
    expect(reason!.because).toContain(because);
    expect(reason!.profileFields).toEqual(['customerDemographics']);
  });

  it.each<[string, PersonaKey, boolean]>([
    ['technology', 'marcus', true],
    ['technology', 'dorothy', false],
    ['Healthcare and wellness', 'elena', true],
    ['Financial services', 'elena', false],
  ])(
    'industry %s: %s knows it from work (%s), which informs without leaning',
    (industry, key, knows) => {
      const reason = industryReason(readPersona(personas[key]), {
        ...business,
        industry,
        facts: [],
      });
      if (!knows) return expect(reason).toBeUndefined();
      expect(reason!.weight).toBe(0);
      expect(reason!.because).toContain(`close to the product's industry (${industry})`);
    },
  );
});
