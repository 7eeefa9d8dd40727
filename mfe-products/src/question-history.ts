import {
  toCsv,
  type ProfileFieldName,
  personaAttributeLabel,
  profileFieldLabel,
  type PersonaAttributeName,
  QUESTION_FORM_PERSONAS_SHOWN,
  type QuestionStatus,
  type questionStatuses,
  type QuestionView,
} from '@chorus/contracts';

/** The question list polls while any question is still being answered. */
export function shouldPollQuestions(questions: readonly { status: QuestionStatus }[]): boolean {
  return questions.some((q) => q.status === 'pending' || q.status === 'processing');
}

/**
 * The question form's persona line: the first three selected personas, then
 * "+1 more persona" or "+N more personas" (null when none are left out).
 */
export function selectedPersonasSummary(names: readonly string[]): {
  shown: string[];
  more: string | null;
} {
  const shown = names.slice(0, QUESTION_FORM_PERSONAS_SHOWN);
  const rest = names.length - shown.length;
  if (rest <= 0) return { shown, more: null };
  return { shown, more: `+${rest} more ${rest === 1 ? 'persona' : 'personas'}` };
}

// The questions page's rules: the form's persona line, the history's filter,
// and the CSV export of results.

/** The history's status filter, in the spec's order: every status, or one. */
export const questionStatusFilters = [
  'all',
  'complete',
  'processing',
  'pending',
  'error',
] as const satisfies readonly ('all' | (typeof questionStatuses)[number])[];
export type QuestionStatusFilter = (typeof questionStatusFilters)[number];

/** The questions whose text holds `text` (any case) and whose status matches, in order. */
export function filterQuestions<T extends Pick<QuestionView, 'questionText' | 'status'>>(
  questions: readonly T[],
  filter: { text?: string; status?: QuestionStatusFilter },
): T[] {
  const needle = (filter.text ?? '').trim().toLocaleLowerCase();
  const status = filter.status ?? 'all';
  return questions.filter(
    (question) =>
      (status === 'all' || question.status === status) &&
      (!needle || question.questionText.toLocaleLowerCase().includes(needle)),
  );
}

/*
 * The CSV export: one row per persona response, so a spreadsheet can sort
 * and count answers. Quoting follows RFC 4180, and a cell that a spreadsheet
 * would run as a formula is kept as text.
 */

const questionCsvColumns = [
  'Question',
  'Asked At',
  'Status',
  'Persona',
  'Opinion',
  'Confidence',
  'Safety Influence',
  'Response',
  'Reasoning',
  'Persona Attributes',
  'Business Profile Fields',
  'Distribution',
  'Follow-ups',
] as const;

/** "0.856" -> "86%": confidence as the page shows it. */
export function confidencePercent(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

type ExportedQuestion = Pick<QuestionView, 'questionText' | 'createdAt' | 'status' | 'responses'> &
  Partial<Pick<QuestionView, 'followUps'>>;

/** "positive 20%; neutral 30%; negative 50%", or empty for answers stored before distributions. */
function distributionCell(distribution: QuestionView['responses'][number]['distribution']): string {
  if (!distribution) return '';
  return (['positive', 'neutral', 'negative'] as const)
    .map((opinion) => `${opinion} ${Math.round(distribution[opinion] * 100)}%`)
    .join('; ');
}

/** One persona's follow-up conversation: "You: …" and "<persona>: …" turns, one per line. */
function followUpCell(question: ExportedQuestion, personaId: string): string {
  return (question.followUps ?? [])
    .filter((turn) => turn.personaId === personaId && turn.text)
    .map(
      (turn) =>
        `${turn.role === 'asker' ? 'You' : turn.personaName}: ${turn.text}${turn.status === 'partial' ? ' [cut off]' : ''}`,
    )
    .join('\n');
}

/** Every persona response of these questions, one row each, under a header row. */
export function questionResultsCsv(questions: readonly ExportedQuestion[]): string {
  const rows: (string | number)[][] = [[...questionCsvColumns]];
  for (const question of questions) {
    for (const response of question.responses) {
      rows.push([
        question.questionText,
        question.createdAt,
        question.status,
        response.personaName,
        response.opinion,
        confidencePercent(response.confidence),
        response.safetyInfluence,
        response.response,
        response.reasoning,
        response.grounding.personaAttributes
          .map((name: PersonaAttributeName) => personaAttributeLabel(name))
          .join('; '),
        response.grounding.profileFields
          .map((name: ProfileFieldName) => profileFieldLabel(name))
          .join('; '),
        distributionCell(response.distribution),
        followUpCell(question, response.personaId),
      ]);
    }
  }
  return toCsv(rows);
}

/** A file name for the export: "questions-acme-analytics.csv". */
export function questionCsvFileName(productName: string): string {
  const slug = productName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `questions${slug ? `-${slug}` : ''}.csv`;
}
