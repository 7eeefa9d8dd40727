import {
  DASHBOARD_RECENT_QUESTIONS,
  formatBillingDate,
  QUESTION_POLL_INTERVAL_MS,
  type QuestionStatus,
} from '@chorus/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@chorus/platform/ui';
import { ChevronRight, MessageSquare } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useProductQuestions } from '../api';
import { shouldPollQuestions } from '../question-history';

const statusLook: Record<QuestionStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-slate-100 text-slate-700' },
  processing: { label: 'Processing', className: 'bg-sky-100 text-sky-800' },
  complete: { label: 'Complete', className: 'bg-emerald-100 text-emerald-800' },
  error: { label: 'Error', className: 'bg-red-100 text-red-800' },
};

/** The product's most recent questions, each linking to its answers. */
export function RecentQuestions({ productId }: { productId: string }) {
  // While a question is being answered its status changes on its own: read the list again until it settles.
  const questions = useProductQuestions(productId, {
    refetchInterval: (list) =>
      list && shouldPollQuestions(list) ? QUESTION_POLL_INTERVAL_MS : false,
  });
  const recent = (questions.data ?? []).slice(0, DASHBOARD_RECENT_QUESTIONS);
  const id = encodeURIComponent(productId);

  return (
    <Card role="region" aria-labelledby="recent-questions-title" className="gap-4">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id="recent-questions-title">Recent Questions</CardTitle>
          <CardDescription>What you last asked your personas.</CardDescription>
        </div>
        <Button asChild size="sm" variant="outline">
          <Link to={`/products/${id}/questions`}>Ask a Question</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {questions.isPending ? (
          <p className="text-sm text-muted-foreground">Loading questions...</p>
        ) : questions.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Unable to load questions.
          </p>
        ) : recent.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <MessageSquare className="size-6 text-muted-foreground" aria-hidden />
            <p className="text-sm text-muted-foreground">
              No questions yet. Ask your personas what they think.
            </p>
          </div>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Recent questions">
            {recent.map((question) => {
              const look = statusLook[question.status];
              return (
                <li key={question.id}>
                  <Link
                    to={`/companies/${id}/questions/${encodeURIComponent(question.id)}`}
                    className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted/40"
                  >
                    <div className="grid min-w-0 flex-1 gap-1">
                      <span className="line-clamp-2 text-sm font-medium">
                        {question.questionText}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {formatBillingDate(question.createdAt)}
                      </span>
                    </div>
                    <Badge className={`border-transparent ${look.className}`}>{look.label}</Badge>
                    <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
