import { type QuestionView, questionTypeLabels } from '@chorus/contracts';
import { Button, Card } from '@chorus/platform/ui';
import { AlertTriangle, FileText, Loader2 } from 'lucide-react';
import { downloadStudyReport } from '../../questions-api';
import { QuestionStatusBadge } from '../questions/QuestionCard';
import { SegmentCuts } from '../questions/typed/SegmentCuts';
import { TypedResultView } from '../questions/typed/TypedResultView';
import { answeredText } from '../../panel-words';
import { askedOfText } from '../panels/PanelResults';

/**
 * One question of a study, in the study's order: what was asked, how far
 * the personas have got, then its figures and the cut by group; its report
 * to download once complete.
 */
export function StudyQuestion({
  question,
  position,
  total,
}: {
  question: QuestionView;
  position: number;
  total: number;
}) {
  const titleId = `study-question-${question.id}`;
  const complete = question.status === 'complete';
  return (
    <Card className="gap-4 px-4 py-4 sm:px-5" role="article" aria-labelledby={titleId}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <p className="text-xs font-medium text-muted-foreground">
            Question {position} of {total}: {questionTypeLabels[question.type]}
          </p>
          <h2 id={titleId} className="leading-snug font-semibold break-words">
            {question.questionText}
          </h2>
          <div>
            <QuestionStatusBadge status={question.status} />
          </div>
          {question.panel ? (
            <p className="text-xs break-words text-muted-foreground">
              {askedOfText(question.panel)}
            </p>
          ) : null}
        </div>
        {complete ? (
          <div className="flex flex-wrap gap-1 sm:justify-end">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void downloadStudyReport(question, 'pdf')}
            >
              <FileText aria-hidden /> Download report (PDF)
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void downloadStudyReport(question, 'md')}
            >
              Markdown
            </Button>
          </div>
        ) : null}
      </div>

      {question.status === 'pending' || question.status === 'processing' ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {question.panel
            ? answeredText(question.panel.answered, question.panel.size)
            : question.progress
              ? `${question.progress.answered} of ${question.progress.total} personas answered`
              : 'Your personas are answering. Results appear here as soon as they are ready.'}
        </p>
      ) : null}
      {question.status === 'error' ? (
        <p className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {question.errorReason ?? 'The personas could not answer this question.'}
        </p>
      ) : null}
      {complete && question.typedResult ? (
        <div className="grid gap-3">
          <TypedResultView result={question.typedResult} />
          <SegmentCuts cuts={question.segmentCuts ?? []} overall={question.typedResult} />
        </div>
      ) : null}
    </Card>
  );
}
