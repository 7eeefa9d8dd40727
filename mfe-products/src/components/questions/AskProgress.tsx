import type { QuestionView } from '@chorus/contracts';
import { Button } from '@chorus/platform/ui';
import { AlertTriangle, ArrowDown, CheckCircle2, Loader2 } from 'lucide-react';

/** The id of a question's card in the history, for links that jump to it. */
export const questionCardId = (questionId: string) => `question-card-${questionId}`;

/** Brings a question's card into view and moves keyboard focus to it. */
export function showQuestionCard(questionId: string): boolean {
  const card = document.getElementById(questionCardId(questionId));
  if (!card) return false;
  card.scrollIntoView({ behavior: 'smooth', block: 'start' });
  card.focus({ preventScroll: true });
  return true;
}

const personas = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'persona' : 'personas'}`;

/** How far the question has got: a market panel's count, else the personas'. */
function progressOf(question: QuestionView): { answered: number; total: number } | null {
  if (question.panel?.panelId) {
    return { answered: question.panel.answered, total: question.panel.size };
  }
  return question.progress;
}

/** What the form says about the question just asked, in words. */
function askProgressText(question: QuestionView): string {
  const { status } = question;
  const progress = progressOf(question);
  if (status === 'error') return 'Your personas could not answer this question.';
  if (status === 'complete') {
    const total = progress?.total ?? question.responses.length;
    return total === 1 ? 'Your persona has answered.' : `All ${personas(total)} answered.`;
  }
  if (progress) {
    return `${progress.answered.toLocaleString('en-US')} of ${personas(progress.total)} answered`;
  }
  return 'Your personas are starting to answer…';
}

/**
 * Under the form, right after Ask: how many personas have answered so far
 * (live, from the question event stream) and a link down to the question's
 * results, so the answers never arrive below the fold unannounced.
 */
export function AskProgress({
  question,
  onShow,
  onDismiss,
}: {
  question: QuestionView;
  /** Jumps to the question's card (clearing filters that would hide it). */
  onShow(): void;
  onDismiss(): void;
}) {
  const running = question.status === 'pending' || question.status === 'processing';
  const Icon = running ? Loader2 : question.status === 'error' ? AlertTriangle : CheckCircle2;
  const progress = progressOf(question);
  return (
    <div
      className="grid gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm"
      data-testid="ask-progress"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex min-w-0 items-center gap-2" role="status" aria-live="polite">
          <Icon
            className={
              running
                ? 'size-4 shrink-0 animate-spin text-primary'
                : question.status === 'error'
                  ? 'size-4 shrink-0 text-destructive'
                  : 'size-4 shrink-0 text-emerald-600'
            }
            aria-hidden
          />
          <span>{askProgressText(question)}</span>
        </p>
        <div className="flex gap-1">
          <Button type="button" variant="outline" size="sm" onClick={onShow}>
            <ArrowDown aria-hidden />
            {running ? 'See the answers as they come' : 'See the answers'}
          </Button>
          {running ? null : (
            <Button type="button" variant="ghost" size="sm" onClick={onDismiss}>
              Dismiss
            </Button>
          )}
        </div>
      </div>
      {running && progress && progress.total > 0 ? (
        <div
          className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Personas answered"
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.answered}
        >
          <span
            className="block h-full bg-primary transition-[width]"
            style={{ width: `${(progress.answered / progress.total) * 100}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}
