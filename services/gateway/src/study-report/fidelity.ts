import {
  type CalibrationView,
  customTraitFields,
  type CustomPersonaFacts,
  formatDate,
  type Opinion,
  opinions,
} from '@chorus/contracts';
import type { ReportSection } from './report';

// Where the panel's personas came from, and the panel against real
// customers' answers to the same question: the parts of a question's report
// that read the calibration.

const opinionLabel: Record<Opinion, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** Where a persona came from; a customer's persona says which traits are evidence. */
export function personaSource(
  persona: { custom?: CustomPersonaFacts | undefined } | undefined,
): string {
  if (!persona) return 'Removed since';
  const custom = persona.custom;
  if (!custom) return 'Template library';
  const given = customTraitFields.filter((field) => custom.provenance[field] === 'given');
  const from = custom.source === 'csv' ? `customer file ${custom.fileName}` : 'a description';
  return `Your customer, from ${from}; given: ${given.length > 0 ? given.join(', ') : 'none'}; the rest inferred`;
}

const countsWithShare = (counts: readonly number[], index: number) => {
  const total = counts.reduce((sum, n) => sum + n, 0);
  return total === 0 ? 'none' : `${counts[index]} of ${total}: ${percent(counts[index]! / total)}`;
};

/** The fidelity card: the panel against real customers' answers to the same question. */
export function fidelitySection(calibration: CalibrationView): ReportSection {
  const { fidelity } = calibration;
  const ratio = fidelity.spreadRatio;
  return {
    heading: 'Against real answers',
    blocks: [
      {
        paragraphs: [
          `${fidelity.n} real ${fidelity.n === 1 ? 'answer' : 'answers'} from ${calibration.fileName}, added ${formatDate(calibration.createdAt, 'dateTime', { fallback: calibration.createdAt })}. ${calibration.personaSource}.`,
        ],
      },
      {
        table: {
          columns: ['Opinion', 'Real customers', 'Personas'],
          rows: opinions.map((opinion, index) => [
            opinionLabel[opinion],
            countsWithShare(fidelity.human, index),
            countsWithShare(fidelity.persona, index),
          ]),
        },
      },
      {
        paragraphs: [
          fidelity.distanceText && fidelity.distanceTechnical
            ? `${fidelity.distanceText} (${fidelity.distanceTechnical}.)`
            : `Jensen–Shannon distance: ${fidelity.distance.toFixed(2)}, ${fidelity.distanceMeaning}.`,
          ...(fidelity.ks === null
            ? []
            : [
                fidelity.ksText && fidelity.ksTechnical
                  ? `${fidelity.ksText} (${fidelity.ksTechnical}.)`
                  : `Largest gap between the cumulative shares: ${fidelity.ks.toFixed(2)}.`,
              ]),
          fidelity.spreadText && fidelity.spreadTechnical
            ? `${fidelity.spreadText} (${fidelity.spreadTechnical}.)`
            : `Spread ratio, persona variance over real variance: ${ratio === null ? 'not defined' : ratio.toFixed(2)}, ${fidelity.spreadMeaning}.`,
        ],
        ...(fidelity.segments.length > 0
          ? {
              table: {
                columns: ['Segment', 'Real answers', 'Personas', 'Distance'],
                rows: fidelity.segments.map((row) => [
                  row.label,
                  String(row.human.reduce((sum, n) => sum + n, 0)),
                  String(row.persona.reduce((sum, n) => sum + n, 0)),
                  row.distance === null ? 'no personas in it' : row.distance.toFixed(2),
                ]),
              },
            }
          : {}),
      },
    ],
  };
}
