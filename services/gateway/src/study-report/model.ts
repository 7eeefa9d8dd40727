import {
  type CalibrationView,
  type CustomPersonaFacts,
  formatCost,
  formatDate,
  type Opinion,
  opinions,
  personaAttributeLabel,
  profileFieldLabel,
  type QuestionView,
} from '@chorus/contracts';
import { typedAnswerWords } from './answer-words';
import type { ReportSection, ReportShare, StudyReport } from './report';
import { fidelitySection, personaSource } from './fidelity';
import {
  asksLikelihood,
  cutsOf,
  ratesBySimilarity,
  segmentSection,
  settingsWords,
  typedMethodParagraphs,
  typedResultSection,
  unitOf,
} from './typed-sections';

/**
 * A study report of one question: the document a product manager forwards —
 * the question and its wording check, the panel, the shares with their
 * intervals, the key insight, the alarms, every persona's answer and
 * follow-ups, the runs and the run's details. One model, built here and
 * rendered as Markdown (markdown.ts) and as a PDF (study-report-pdf.ts), so
 * both say the same.
 */

export const studyReportMessages = {
  notReady: 'The report is ready once the question is answered.',
} as const;

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
  const typed = question.typedResult;

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
          ...(typed ? [settingsWords(question.spec) ?? ''].filter(Boolean) : []),
        ],
      },
    ],
  });

  if (typed) {
    sections.push(typedResultSection(typed));
    const bySegment = segmentSection(typed.type, cutsOf(question), unitOf(question));
    if (bySegment) sections.push(bySegment);
  }

  sections.push({
    // A typed question's personas also answered in their own words: their leaning is shown apart from the figures.
    heading: typed ? 'Leaning of the open answers' : 'Results',
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
      const answer = response.typed && typedAnswerWords(response.typed, question.spec);
      const leaning = `${opinionLabel[response.opinion]}, ${percent(response.confidence)} likely`;
      return {
        heading: `${response.personaName}: ${answer ?? leaning}`,
        quote: response.response,
        paragraphs: [
          ...(answer ? [`Leaning of the open answer: ${leaning}.`] : []),
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
    ...typedMethodParagraphs({
      types: typed ? [typed.type] : [],
      likelihood: asksLikelihood(question),
      semanticScale: ratesBySimilarity(question),
      segments: cutsOf(question).length > 0,
      draws: run?.draws,
    }),
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
    // A typed question's headline is its own figures, drawn in its section.
    shares: typed ? [] : shares,
    sections,
  };
}

function sharesText(shares: Record<Opinion, number>): string {
  return opinions.map((o) => `${shares[o]}% ${o}`).join(', ');
}
