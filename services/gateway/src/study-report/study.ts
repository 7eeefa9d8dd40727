import { formatDate, type QuestionView } from '@chorus/contracts';
import { buildStudyReport } from './model';
import type { ReportSection, StudyReport } from './report';
import {
  asksLikelihood,
  cutsOf,
  ratesBySimilarity,
  segmentSection,
  settingsWords,
  typedAnswerRows,
  typedMethodParagraphs,
  typedResultSection,
  unitOf,
} from './typed-sections';
import { count, plainTypeName } from './words';

// A study's report: one document with the study's name and offer, then each
// of its questions in the order they were asked (the question, its figures,
// its segments, each persona's answer), and the methods once at the end.

export const studyDocumentMessages = {
  notReady: 'The report is ready once every question of the study is answered.',
} as const;

interface StudyDocumentInput {
  productName: string;
  study: { name: string; offer: string; createdAt: string; questions: QuestionView[] };
  generatedAt: Date | string;
}

/** An open opinion question in a study: its shares and each persona's leaning, as its own report has them. */
function opinionSections(productName: string, question: QuestionView): ReportSection[] {
  const own = buildStudyReport({ productName, question, generatedAt: question.updatedAt });
  return own.sections.filter((s) => s.heading === 'Results' || s.heading === 'The panel');
}

function questionSections(
  productName: string,
  question: QuestionView,
  index: number,
  total: number,
): ReportSection[] {
  const part = `Question ${index + 1} of ${total}: ${plainTypeName(question.type)}`;
  const result = question.typedResult;
  const settings = settingsWords(question.spec);
  const sections: ReportSection[] = [
    {
      heading: 'The question',
      blocks: [
        {
          quote: question.questionText,
          paragraphs: [
            ...(settings ? [settings] : []),
            `Answered by ${count(question.responses.length, 'persona')}${question.run ? `, ${count(question.run.draws, 'draw')} each` : ''}.`,
          ],
        },
      ],
    },
  ];
  if (result) {
    sections.push(typedResultSection(result));
    const bySegment = segmentSection(result.type, cutsOf(question), unitOf(question));
    if (bySegment) sections.push(bySegment);
    sections.push({
      heading: "Each persona's answer",
      blocks: [{ table: { columns: ['Persona', 'Answer'], rows: typedAnswerRows(question) } }],
    });
  } else {
    sections.push(...opinionSections(productName, question));
  }
  return sections.map((section) => ({ ...section, part }));
}

/** The report of a study whose questions are all answered. */
export function buildStudyDocument(input: StudyDocumentInput): StudyReport {
  const { study, productName } = input;
  const questions = study.questions;
  const sections: ReportSection[] = [
    {
      heading: 'The study',
      blocks: [
        {
          paragraphs: [
            ...(study.offer ? [`Offer: ${study.offer}`] : []),
            `${count(questions.length, 'question')} about ${productName || 'the product'}, asked together ${formatDate(study.createdAt, 'dateTime', { fallback: study.createdAt })}.`,
          ],
          table: {
            columns: ['#', 'Question', 'Type', 'Personas'],
            rows: questions.map((q, i) => [
              String(i + 1),
              q.questionText,
              plainTypeName(q.type),
              String(q.typedResult?.respondents ?? q.responses.length),
            ]),
          },
        },
      ],
    },
    ...questions.flatMap((q, i) => questionSections(productName, q, i, questions.length)),
  ];

  const typedQuestions = questions.filter((q) => q.typedResult);
  const measured = typedMethodParagraphs({
    types: typedQuestions.map((q) => q.type),
    likelihood: questions.some(asksLikelihood),
    semanticScale: questions.some(ratesBySimilarity),
    segments: questions.some((q) => cutsOf(q).length > 0),
    draws: questions.find((q) => q.run)?.run?.draws,
  });
  const opinionMethod = questions.find((q) => !q.typedResult && q.analysis)?.analysis?.estimate;
  if (opinionMethod) {
    measured.push(`Open opinion questions: a 95% interval per share. ${opinionMethod.method}.`);
  }
  if (measured.length > 0) {
    sections.push({ heading: 'How this is measured', blocks: [{ paragraphs: measured }] });
  }

  return {
    title: `Study report: ${study.name}`,
    subtitle: `${productName ? `${productName}. ` : ''}Generated ${formatDate(input.generatedAt, 'dateTime')} by Chorus`,
    questionText: study.offer ? `Offer: ${study.offer}` : study.name,
    shares: [],
    sections,
  };
}
