import {
  type CalibrationView,
  customTraitFields,
  type CustomPersonaFacts,
  formatCost,
  formatDate,
  neutraliseCell,
  type Opinion,
  opinions,
  personaAttributeLabel,
  profileFieldLabel,
  type QuestionView,
} from '@chorus/contracts';

/**
 * A study report of one question: the document a product manager forwards —
 * the question and its wording check, the panel, the shares with their
 * intervals, the key insight, the alarms, every persona's answer and
 * follow-ups, the runs and the run's details. One model, rendered as
 * Markdown here and as a PDF by the gateway, so both say the same.
 */

export const studyReportMessages = {
  notReady: 'The report is ready once the question is answered.',
} as const;

export interface ReportTable {
  columns: string[];
  rows: string[][];
}

export interface ReportBlock {
  /** A sub-heading (a persona's name), paragraphs, a quote, a table: any of them. */
  heading?: string;
  paragraphs?: string[];
  quote?: string;
  table?: ReportTable;
}

export interface ReportSection {
  heading: string;
  blocks: ReportBlock[];
}

export interface ReportShare {
  opinion: Opinion;
  label: string;
  /** Percent of the personas' opinions (the results chart). */
  personas: number;
  /** Percent of every draw, with its 95 % interval; absent for answers stored before draws. */
  draws?: { share: number; low: number; high: number };
}

export interface StudyReport {
  title: string;
  subtitle: string;
  questionText: string;
  /** For the PDF's bars: each opinion's share. */
  shares: ReportShare[];
  sections: ReportSection[];
}

const opinionLabel: Record<Opinion, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};

const percent = (value: number) => `${Math.round(value * 100)}%`;

function distributionText(distribution: Record<Opinion, number> | undefined): string {
  if (!distribution) return 'not recorded';
  return opinions.map((o) => `${opinionLabel[o]} ${percent(distribution[o])}`).join(', ');
}

/** The report of a complete question. */
export function buildStudyReport(input: {
  productName: string;
  question: QuestionView;
  generatedAt: Date | string;
  /** The question's real answers, when it was calibrated. */
  calibration?: CalibrationView | null | undefined;
  /** The product's personas: where each came from (library or the business's own customers). */
  personas?: readonly { id: string; custom?: CustomPersonaFacts | undefined }[] | undefined;
}): StudyReport {
  const { question, productName } = input;
  const results = question.aggregatedResults;
  const estimate = question.analysis?.estimate;
  // The wording check as the stored analysis holds it: the report says what the page says.
  const leading = question.analysis?.alarms.find((alarm) => alarm.kind === 'leading');
  const run = question.run;

  const shares: ReportShare[] = opinions.map((opinion) => ({
    opinion,
    label: opinionLabel[opinion],
    personas: results?.[opinion] ?? 0,
    ...(estimate
      ? {
          draws: {
            share: estimate.shares[opinion],
            low: estimate.intervals[opinion].low,
            high: estimate.intervals[opinion].high,
          },
        }
      : {}),
  }));

  const sections: ReportSection[] = [];

  sections.push({
    heading: 'The question',
    blocks: [
      {
        quote: question.questionText,
        paragraphs: [
          `Asked ${formatDate(question.createdAt, 'dateTime', { fallback: question.createdAt })} of ${question.responses.length} ${question.responses.length === 1 ? 'persona' : 'personas'}.`,
          leading
            ? `Wording check: leading.${leading.words && leading.words.length > 0 ? ` Words that steer the answer: ${leading.words.map((w) => `"${w}"`).join(', ')}.` : ''}${leading.rewording ? ` Ask instead: "${leading.rewording}".` : ''} See the alarm below.`
            : 'Wording check: no leading or loaded wording found.',
          ...(run?.sensitivity
            ? [
                `Wording sensitivity: asked neutrally ("${run.sensitivity.neutralText}") ${sharesText(run.sensitivity.neutral)}; reversed ("${run.sensitivity.reversedText}") ${sharesText(run.sensitivity.reversed)}.`,
              ]
            : []),
        ],
      },
    ],
  });

  sections.push({
    heading: 'Results',
    blocks: [
      {
        table: {
          columns: estimate
            ? ['Opinion', 'Share of all answers', 'Likely range if asked again']
            : ['Opinion', 'Share of personas'],
          rows: shares.map((share) =>
            share.draws
              ? [
                  share.label,
                  `${share.draws.share}%`,
                  `${share.draws.low}% to ${share.draws.high}%`,
                ]
              : [share.label, `${share.personas}%`],
          ),
        },
        paragraphs: [
          ...(estimate
            ? [
                `Each of the ${estimate.personas} ${estimate.personas === 1 ? 'persona' : 'personas'} answered ${estimate.drawsPerPersona} times; the shares count every answer. How the likely range is measured is under "How this is measured" at the end.`,
              ]
            : []),
          ...(estimate?.indicative
            ? ['Indicative only: with fewer than 10 personas the shares are not firm.']
            : []),
          ...(results ? [`Key insight: ${results.keyInsight}`] : []),
        ],
      },
    ],
  });

  const alarms = question.analysis?.alarms ?? [];
  const notes = question.analysis?.notes ?? [];
  sections.push({
    heading: 'Alarms',
    blocks: [
      {
        paragraphs: [
          ...(alarms.length > 0
            ? alarms.map(
                (alarm) =>
                  `${alarm.title}: ${alarm.text}${alarm.words && alarm.words.length > 0 ? ` Words that steer the answer: ${alarm.words.map((w) => `"${w}"`).join(', ')}.` : ''}`,
              )
            : ['None: the wording is neutral and the personas differ from one another.']),
          ...notes.map((note) => `${note.title}: ${note.text}`),
        ],
      },
    ],
  });

  sections.push({
    heading: 'The panel',
    blocks: [
      {
        table: {
          columns: [
            'Persona',
            'Opinion',
            'Likelihood',
            'Distribution',
            ...(input.personas ? ['Source'] : []),
          ],
          rows: question.responses.map((response) => [
            response.personaName,
            opinionLabel[response.opinion],
            percent(response.confidence),
            distributionText(response.distribution),
            ...(input.personas
              ? [personaSource(input.personas.find((p) => p.id === response.personaId))]
              : []),
          ]),
        },
      },
    ],
  });

  sections.push({
    heading: "Each persona's answer",
    blocks: question.responses.map((response) => {
      const turns = question.followUps.filter(
        (turn) => turn.personaId === response.personaId && turn.text,
      );
      const grounds = [
        ...response.grounding.personaAttributes.map(personaAttributeLabel),
        ...response.grounding.profileFields.map(profileFieldLabel),
      ];
      return {
        heading: `${response.personaName}: ${opinionLabel[response.opinion]}, ${percent(response.confidence)} likely`,
        quote: response.response,
        paragraphs: [
          `Reasoning: ${response.reasoning}`,
          ...(grounds.length > 0 ? [`Grounds: ${grounds.join(', ')}.`] : []),
          ...turns.map(
            (turn) =>
              `${turn.role === 'asker' ? 'Follow-up' : `${turn.personaName} replied`}: ${turn.text}${turn.status === 'partial' ? ' (cut off)' : ''}`,
          ),
        ],
      };
    }),
  });

  if (input.calibration) sections.push(fidelitySection(input.calibration));

  if (question.previousRuns.length > 0) {
    sections.push({
      heading: 'Runs of this question',
      blocks: [
        {
          table: {
            columns: ['Run', 'Model', 'Positive / neutral / negative', 'Cost'],
            rows: [
              ...question.previousRuns.map((past, index) => [
                `Run ${index + 1}`,
                past.run.model,
                opinions
                  .map((o) => `${past.estimate?.shares[o] ?? past.aggregatedResults[o]}%`)
                  .join(' / '),
                formatCost(past.run.costUsd),
              ]),
              ...(run && results
                ? [
                    [
                      `Run ${question.previousRuns.length + 1} (latest)`,
                      run.model,
                      opinions.map((o) => `${estimate?.shares[o] ?? results[o]}%`).join(' / '),
                      formatCost(run.costUsd),
                    ],
                  ]
                : []),
            ],
          },
          paragraphs: question.drift ? [question.drift.text] : [],
        },
      ],
    });
  }

  if (run) {
    sections.push({
      heading: 'Run details',
      blocks: [
        {
          table: {
            columns: ['Detail', 'Value'],
            rows: [
              ['Engine', run.engine],
              ['Model', run.model],
              ['Temperature', String(run.temperature)],
              ['Seed (to repeat the run)', String(run.seed)],
              ['Answers per persona', String(run.draws)],
              ['Prompt template', run.promptTemplateHash],
              ['Business profile version', run.profileVersion],
              [
                'Model calls',
                `${run.usage.modelCalls} (${run.usage.cachedAnswers} answers given before, not paid again)`,
              ],
              [
                'Tokens',
                `${run.usage.inputTokens.toLocaleString('en-US')} in, ${run.usage.outputTokens.toLocaleString('en-US')} out`,
              ],
              ['Cost', formatCost(run.costUsd)],
            ],
          },
        },
      ],
    });
  }

  const measured = [
    ...(estimate
      ? [
          `Likely range: a 95% interval over ${estimate.personas} ${estimate.personas === 1 ? 'persona' : 'personas'} × ${estimate.drawsPerPersona} answers. Method: ${estimate.method}.`,
        ]
      : []),
    ...[...alarms, ...notes].flatMap((item) =>
      item.technical ? [`${item.title}: ${item.technical}.`] : [],
    ),
  ];
  if (measured.length > 0) {
    sections.push({ heading: 'How this is measured', blocks: [{ paragraphs: measured }] });
  }

  return {
    title: `Study report: ${productName}`,
    subtitle: `Generated ${formatDate(input.generatedAt, 'dateTime')} by Chorus`,
    questionText: question.questionText,
    shares,
    sections,
  };
}

/** Where a persona came from; a customer's persona says which traits are evidence. */
function personaSource(persona: { custom?: CustomPersonaFacts | undefined } | undefined): string {
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
function fidelitySection(calibration: CalibrationView): ReportSection {
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

function sharesText(shares: Record<Opinion, number>): string {
  return opinions.map((o) => `${shares[o]}% ${o}`).join(', ');
}

// ---------------------------------------------------------------------------
// Markdown.

/** Characters Markdown reads as formatting anywhere in a line, escaped. */
function escapeInline(text: string): string {
  return text.replace(/([\\`*_{}[\]()#+!|<>~])/g, '\\$1');
}

/** Text in Markdown, shown as written: formatting characters and list markers at a line's start escaped. */
export function markdownText(text: string): string {
  return escapeInline(text.replace(/\r\n?/g, '\n'))
    .replace(/^(\s*)-/gm, '$1\\-')
    .replace(/^(\s*\d+)\./gm, '$1\\.');
}

/** A table cell: escaped, on one line, and never read as a formula by a spreadsheet it is pasted into. */
function markdownCell(text: string): string {
  const oneLine = text.replace(/\s*\n\s*/g, ' ');
  return escapeInline(neutraliseCell(oneLine));
}

function markdownTable(table: ReportTable): string[] {
  return [
    `| ${table.columns.map(markdownCell).join(' | ')} |`,
    `| ${table.columns.map(() => '---').join(' | ')} |`,
    ...table.rows.map((row) => `| ${row.map(markdownCell).join(' | ')} |`),
  ];
}

/** The report as Markdown. */
export function studyReportMarkdown(report: StudyReport): string {
  const lines: string[] = [
    `# ${markdownText(report.title)}`,
    '',
    `_${markdownText(report.subtitle)}_`,
  ];
  for (const section of report.sections) {
    lines.push('', `## ${markdownText(section.heading)}`);
    for (const block of section.blocks) {
      if (block.heading) lines.push('', `### ${markdownText(block.heading)}`);
      if (block.quote) {
        lines.push(
          '',
          ...markdownText(block.quote)
            .split('\n')
            .map((line) => `> ${line}`),
        );
      }
      if (block.table) lines.push('', ...markdownTable(block.table));
      for (const paragraph of block.paragraphs ?? []) lines.push('', markdownText(paragraph));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** "study-report-acme-would-you-pay.md" */
export function studyReportFileName(
  productName: string,
  questionText: string,
  extension: 'md' | 'pdf',
): string {
  const slug = `${productName} ${questionText}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `study-report${slug ? `-${slug}` : ''}.${extension}`;
}
