import type { PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { analyzeRun, isPanelOfCopies, panelDiversity, quotaSample } from '@chorus/research';
import { PANEL_DIVERSITY_SAMPLE, panelOf, personaTraits } from '../src/domain/panel-coverage';
import { panelPersonas } from '../src/domain/panel-personas';
import { testFrame } from './panel-fixtures';
import { templatePersonas } from './templates';

/** Six imported customers who are near-copies: same job, city, income and family. */
function nearCopies(): PersonaProfile[] {
  const base = templatePersonas[0]!;
  const lines = [
    'Cooks for the family on weeknights and shops at the big supermarket on Saturdays',
    'Does the weekly shop on Saturday and cooks quick dinners for the kids',
    'Shops for the family once a week, cooks simple meals after work',
    'Plans family dinners on Sunday and shops at the supermarket',
    'Cooks for her two children most nights, shops weekly',
    'Weekly supermarket shop, quick weeknight family cooking',
  ];
  return lines.map((lifestyle, index) => ({
    ...base,
    personaId: `copy-${index}`,
    name: `Customer ${index + 1}`,
    age: 36 + index,
    gender: 'Female',
    occupation: 'Electrician',
    location: 'Leeds, UK',
    income: `£${48 + index},000 per year`,
    lifestyle: `Married with two children. ${lifestyle}`,
    motivations: 'Keeping the food budget tight while feeding the family well',
    personality: 'Practical and careful with money',
  }));
}

describe("the panel's diversity, worked out when a question is answered", () => {
  it('reads income in US dollars and who the persona lives with', () => {
    const traits = personaTraits(nearCopies()[0]!);
    expect(traits.incomeUsd).toBeGreaterThan(50_000);
    expect(traits.household).toBe('children');
    expect(traits.place).toBe('Leeds, UK');
  });

  it('finds six near-copies to be a panel of copies, naming what they share', () => {
    const panel = panelOf(nearCopies());
    expect(isPanelOfCopies(panel)).toBe(true);
    expect(panel.gaps).toEqual(
      expect.arrayContaining(['everyone lives in Leeds', 'everyone has children at home']),
    );
  });

  it('raises no echo alarm on any panel of ten of the shipped templates', () => {
    for (let start = 0; start + 10 <= templatePersonas.length; start += 5) {
      const panel = panelOf(templatePersonas.slice(start, start + 10));
      expect({ start, copies: isPanelOfCopies(panel) }).toEqual({ start, copies: false });
      expect(panel.effective).toBeGreaterThan(5);
    }
  });

  it('the stored run raises the alarm for copies whatever they answer', () => {
    const personas = nearCopies();
    const answers = personas.map((_, i) => ({
      opinion: (['positive', 'neutral', 'negative'] as const)[i % 3]!,
    }));
    const analysis = analyzeRun(answers, {
      engine: 'local',
      model: 'local',
      temperature: 0.7,
      seed: 1,
      draws: 1,
      promptTemplateHash: 'x',
      profileVersion: 'y',
      personaVersions: [],
      usage: { inputTokens: 0, outputTokens: 0, modelCalls: 0, cachedAnswers: 0 },
      costUsd: 0,
      coverage: [],
      sensitivity: null,
      panel: panelOf(personas),
    });
    const echo = analysis!.alarms.find((a) => a.kind === 'echo-chamber');
    expect(echo?.text).toContain('everyone lives in Leeds');
  });
});

describe("the diversity of a market panel's part", () => {
  const members = quotaSample(testFrame, 500, 3);
  const part = panelPersonas(testFrame, members, 3);

  it('estimates a part of hundreds from a sample, close to comparing every pair', () => {
    const exact = panelDiversity(part.map(personaTraits));
    const estimated = panelOf(part);
    expect(estimated.personas).toBe(500);
    expect(estimated.effective).toBeGreaterThan(exact.effective * 0.85);
    expect(estimated.effective).toBeLessThan(exact.effective * 1.15);
    expect(Math.abs(estimated.meanDistance - exact.meanDistance)).toBeLessThanOrEqual(0.03);
    expect(estimated.gaps).toEqual(exact.gaps);
  });

  it('raises the alarm for a large part of copies as comparing every pair would', () => {
    const copies = Array.from({ length: 400 }, (_, i) => ({
      ...nearCopies()[i % 6]!,
      personaId: `copy-${i}`,
    }));
    const estimated = panelOf(copies);
    expect(isPanelOfCopies(estimated)).toBe(true);
    expect(estimated.nearCopies).toBe(400);
    expect(isPanelOfCopies(panelOf(part))).toBe(
      isPanelOfCopies(panelDiversity(part.map(personaTraits))),
    );
  });

  it('compares every pair of a panel up to the sample size', () => {
    const small = part.slice(0, PANEL_DIVERSITY_SAMPLE);
    expect(panelOf(small)).toEqual(panelDiversity(small.map(personaTraits)));
  });
});
