import type { Estimate, TypedResult } from '@chorus/contracts';
import { GroupedRangeBarChart, type GroupedRangeRow } from '@chorus/platform/charts';
import { scaled, segmentHeadline } from '../questions/typed/segment-headline';
import { amount, figure } from '../questions/typed/words';

// People and personas on the same bars: per answer (a point of a scale, an
// option, an item), one bar for each side with its likely range.

export const sideColors = { people: 'var(--color-primary)', personas: '#f59e0b' } as const;
const sides = [
  { label: 'People', color: sideColors.people },
  { label: 'Personas', color: sideColors.personas },
];

type Of<T extends TypedResult['type']> = Extract<TypedResult, { type: T }>;

/** Both sides as the same type, or null for a side without that result. */
function pair<T extends TypedResult['type']>(
  types: readonly T[],
  people: TypedResult | null,
  personas: TypedResult | null,
): [Of<T> | null, Of<T> | null] {
  const is = (result: TypedResult | null): result is Of<T> =>
    result !== null && (types as readonly string[]).includes(result.type);
  return [is(people) ? people : null, is(personas) ? personas : null];
}

const toPct = (estimate: Estimate) => scaled(estimate, 100);
const pct = (value: number) => `${Math.round(value)}%`;

/** Every label of both sides, the personas' order first. */
function labelsOf<T extends { label: string }>(
  a: readonly T[] | undefined,
  b: readonly T[] | undefined,
): string[] {
  return [...new Set([...(b ?? []), ...(a ?? [])].map((item) => item.label))];
}

/** A side's estimate of the item with a label, in the chart's units. */
function byLabel<T extends { label: string }>(
  items: readonly T[] | undefined,
  label: string,
  pick: (item: T) => Estimate,
  scale = 1,
) {
  const item = items?.find((i) => i.label === label);
  return item ? scaled(pick(item), scale) : null;
}

interface BarComparison {
  title: string;
  categoryLabel: string;
  rows: GroupedRangeRow[];
  format: (value: number) => string;
  domain?: [number, number];
}

/** The grouped bars of a scale, NPS, choice, number, ranking or best–worst question. */
function barComparison(
  people: TypedResult | null,
  personas: TypedResult | null,
): BarComparison | null {
  const type = (personas ?? people)?.type;
  switch (type) {
    case 'scale': {
      const [p, a] = pair(['scale'], people, personas);
      const points = (a ?? p)?.points ?? [];
      return {
        title: 'Share at each point of the scale, people and personas',
        categoryLabel: 'Point',
        rows: points.map((point, index) => ({
          label:
            point.label && point.label !== String(point.point)
              ? `${point.point} ${point.label}`
              : String(point.point),
          values: [p?.points[index], a?.points[index]].map((side) =>
            side ? toPct(side.share) : null,
          ),
        })),
        format: pct,
        domain: [0, 100],
      };
    }
    case 'nps': {
      const [p, a] = pair(['nps'], people, personas);
      const parts = [
        { label: 'Detractors (0–6)', of: (r: Of<'nps'>) => r.detractors },
        { label: 'Passives (7–8)', of: (r: Of<'nps'>) => r.passives },
        { label: 'Promoters (9–10)', of: (r: Of<'nps'>) => r.promoters },
      ];
      return {
        title: 'Promoters, passives and detractors, people and personas',
        categoryLabel: 'Group',
        rows: parts.map((part) => ({
          label: part.label,
          values: [p ? toPct(part.of(p)) : null, a ? toPct(part.of(a)) : null],
        })),
        format: pct,
        domain: [0, 100],
      };
    }
    case 'single_choice':
    case 'multiple_choice': {
      const [p, a] = pair(['single_choice', 'multiple_choice'], people, personas);
      return {
        title: 'Share who chose each option, people and personas',
        categoryLabel: 'Option',
        rows: labelsOf(p?.options, a?.options).map((label) => ({
          label,
          values: [
            byLabel(p?.options, label, (o) => o.share, 100),
            byLabel(a?.options, label, (o) => o.share, 100),
          ],
        })),
        format: pct,
        domain: [0, 100],
      };
    }
    case 'number': {
      const [p, a] = pair(['number'], people, personas);
      const parts = [
        { label: 'Lower quartile', of: (r: Of<'number'>) => r.lowerQuartile },
        { label: 'Median', of: (r: Of<'number'>) => r.median },
        { label: 'Upper quartile', of: (r: Of<'number'>) => r.upperQuartile },
      ];
      return {
        title: `Middle of the answers, in ${(a ?? p)?.unit ?? ''}, people and personas`,
        categoryLabel: 'Figure',
        rows: parts.map((part) => ({
          label: part.label,
          values: [p ? part.of(p) : null, a ? part.of(a) : null],
        })),
        format: (v) => amount(v, 1),
      };
    }
    case 'ranking': {
      const [p, a] = pair(['ranking'], people, personas);
      const labels = labelsOf(p?.items, a?.items);
      return {
        title: 'Average place of each item (1 is first), people and personas',
        categoryLabel: 'Item',
        rows: labels.map((label) => ({
          label,
          values: [
            byLabel(p?.items, label, (i) => i.meanRank),
            byLabel(a?.items, label, (i) => i.meanRank),
          ],
        })),
        format: (v) => amount(v, 1),
        domain: [0, Math.max(labels.length, 1)],
      };
    }
    case 'maxdiff': {
      const [p, a] = pair(['maxdiff'], people, personas);
      return {
        title: 'Best–worst score of each item, people and personas',
        categoryLabel: 'Item',
        rows: labelsOf(p?.items, a?.items).map((label) => ({
          label,
          values: [
            byLabel(p?.items, label, (i) => i.score, 100),
            byLabel(a?.items, label, (i) => i.score, 100),
          ],
        })),
        format: (v) => {
          const rounded = Math.round(v);
          return rounded > 0 ? `+${rounded}` : String(rounded);
        },
        domain: [-100, 100],
      };
    }
    default:
      return null;
  }
}

/** "Average rating (1–5): people 3.9 (likely …), personas 3.4 (likely …)". */
function headlineWords(people: TypedResult | null, personas: TypedResult | null): string {
  const side = (name: string, result: TypedResult | null) => {
    if (!result) return `${name}: no answers`;
    const headline = segmentHeadline(result, personas ?? people);
    return headline.estimate
      ? `${name} ${figure(scaled(headline.estimate, headline.scale), headline.format)}`
      : `${name}: no figure`;
  };
  const any = personas ?? people;
  if (!any) return '';
  const title = segmentHeadline(any, any).title;
  return `${title}: ${side('people', people)}; ${side('personas', personas)}.`;
}

/** Scale, NPS, choice, number, ranking and best–worst: the headline for both sides, then the bars. */
export function GroupedComparison({
  people,
  personas,
}: {
  people: TypedResult | null;
  personas: TypedResult | null;
}) {
  const bars = barComparison(people, personas);
  if (!bars) return null;
  return (
    <>
      <p className="text-sm break-words" data-testid="compare-headline">
        {headlineWords(people, personas)}
      </p>
      <GroupedRangeBarChart
        title={bars.title}
        rows={bars.rows}
        groups={sides}
        categoryLabel={bars.categoryLabel}
        format={bars.format}
        domain={bars.domain}
      />
    </>
  );
}
