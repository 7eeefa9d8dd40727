import type { QuestionView } from '@chorus/contracts';
import { Loader2 } from 'lucide-react';

/** "7 of 10 answered" while the personas are answering. */
export function ProgressNote({ question }: { question: QuestionView }) {
  const progress = question.progress;
  return (
    <p className="mx-5 flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <Loader2 className="size-4 animate-spin" aria-hidden />
      {progress
        ? `${progress.answered} of ${progress.total} answered`
        : 'Your personas are answering. Results appear here as soon as they are ready.'}
    </p>
  );
}
