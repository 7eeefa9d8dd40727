import { formatDate, type QuestionView, questionTypeLabels } from '@chorus/contracts';
import { Button } from '@chorus/platform/ui';
import { ChevronRight, FlaskConical, Loader2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { liveStudyQuestions, useStudies } from '../../studies-api';
import { QuestionStatusBadge } from '../questions/QuestionCard';
import { studyPath } from './paths';

/**
 * The product's studies, newest first: name, offer, when it was started, and
 * each question's type and status (kept live by the question list), each
 * opening the study's results.
 */
export function StudiesList({
  productId,
  questions,
}: {
  productId: string;
  /** The product's question list, live: a study's questions are shown in their latest state. */
  questions: readonly QuestionView[] | undefined;
}) {
  const studies = useStudies(productId);
  if (studies.isLoading) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading studies...
      </p>
    );
  }
  if (studies.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        The studies could not be loaded.{' '}
        <button type="button" className="underline" onClick={() => void studies.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const list = studies.data ?? [];
  if (list.length === 0) {
    return (
      <p className="flex gap-2 text-sm text-muted-foreground">
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden />
        No studies yet. A pricing study asks a price ladder, a price range and more about one offer,
        together: start one with “New pricing study” above.
      </p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Studies">
      {list.map((study) => {
        const titleId = `study-${study.id}`;
        return (
          <li
            key={study.id}
            className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
            aria-labelledby={titleId}
            data-testid="study"
          >
            <div className="grid min-w-0 gap-1">
              <h3 id={titleId} className="font-semibold break-words">
                {study.name}
              </h3>
              {study.offer ? (
                <p className="text-sm break-words text-muted-foreground">{study.offer}</p>
              ) : null}
              <p className="text-xs text-muted-foreground">
                Started{' '}
                <time dateTime={study.createdAt}>
                  {formatDate(study.createdAt, 'dateTime', { fallback: study.createdAt })}
                </time>
              </p>
              <ul className="mt-1 grid gap-1 text-sm" aria-label={`Questions of ${study.name}`}>
                {liveStudyQuestions(study, questions).map((question) => (
                  <li key={question.id} className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 break-words">{questionTypeLabels[question.type]}</span>
                    <QuestionStatusBadge status={question.status} />
                  </li>
                ))}
              </ul>
            </div>
            <Button variant="outline" size="sm" className="w-fit" asChild>
              <Link to={studyPath(productId, study.id)}>
                Open results <ChevronRight aria-hidden />
              </Link>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
