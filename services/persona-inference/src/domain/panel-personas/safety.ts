import type { SafetyScores } from '@chorus/proto/inference/v1/answers';
import type { PersonaFacts } from '@chorus/research';
import type { Random } from './random';
import type { Standing } from './standing';

const clampScore = (value: number) => Math.max(1, Math.min(10, Math.round(value)));
const jitter = (random: Random, spread: number) => Math.round((random() * 2 - 1) * spread);

/**
 * Safety scores (1 to 10, 10 feeling completely secure) that fit the facts:
 * economic by where the income stands and the work; occupation by how
 * secure the work is (a retiree's pension is secure, a job search is not);
 * the wider world a little lower with age; the local area by income. Each
 * varies by a point or so between people.
 */
export function panelSafetyScores(standing: Standing, random: Random): SafetyScores {
  const { facts, income, schooling } = standing;
  const group = facts.occupationGroup;
  const economicBase = { low: 3, middle: 5, high: 7.5 }[income];
  const economicWork =
    group === 'unemployed'
      ? -2
      : group === 'student'
        ? -1
        : group === 'managerial' || group === 'professional'
          ? 1
          : 0;
  const occupationBase: Record<PersonaFacts['occupationGroup'], number> = {
    student: 5,
    manual: 5,
    service: 4,
    professional: 7,
    managerial: 7,
    retired: 9,
    homemaker: 6,
    unemployed: 2,
  };
  const schooled = schooling === 'tertiary' && group !== 'retired' ? 1 : 0;
  return {
    economic: clampScore(economicBase + economicWork + jitter(random, 1)),
    world: clampScore(5.5 - (facts.age >= 60 ? 1 : 0) + jitter(random, 2)),
    local: clampScore(6 + (income === 'high' ? 1 : income === 'low' ? -1 : 0) + jitter(random, 1)),
    occupation: clampScore(occupationBase[group] + schooled + jitter(random, 1)),
  };
}
