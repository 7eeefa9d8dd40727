import { formatCost, formatDate, type QuestionStatus, type QuestionView } from '@chorus/contracts';
import { Badge, Button, Card, cn, ConfirmDialog } from '@chorus/platform/ui';
import {
  AlertTriangle,
  ChevronDown,
  Clock,
  Download,
  FileText,
  Lightbulb,
  Loader2,
  RotateCcw,
  Trash2,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFollowUps } from '../../follow-ups-api';
import { downloadStudyReport } from '../../questions-api';
import { CalibrationPanel } from './calibration/CalibrationPanel';
import { FollowUpForm } from './FollowUps';
import { PersonaResponseCard } from './PersonaResponseCard';
import { Alarms } from './research/Alarms';
import { IntervalList } from './research/IntervalList';
import { ProgressNote } from './research/ProgressNote';
import { RerunButton } from './research/RerunButton';
import { RunDetailsPanel } from './research/RunDetailsPanel';
import { RunsComparison } from './research/RunsComparison';
import { SensitivityOutcome } from './research/SensitivityOutcome';
import { questionCardId } from './AskProgress';
import { ResultsChart } from './ResultsChart';
import { SegmentCuts } from './typed/SegmentCuts';
import { TypedResultView } from './typed/TypedResultView';
import { ShareWithPeople } from '../share/ShareWithPeople';
import { PanelResults } from '../panels/PanelResults';

const statusLook: Record<QuestionStatus, { label: string; className: string }> = {
  complete: { label: 'Complete', className: 'border-transparent bg-emerald-100 text-emerald-800' },
  processing: { label: 'Processing', className: 'border-transparent bg-blue-100 text-blue-800' },
  pending: { label: 'Pending', className: 'border-transparent bg-amber-100 text-amber-800' },
  error: { label: 'Error', className: 'border-transparent bg-red-100 text-red-800' },
};

export function QuestionStatusBadge({ status }: { status: QuestionStatus }) {
  const look = statusLook[status];
  return (
    <Badge variant="outline" className={look.className}>
      {status === 'processing' || status === 'pending' ? (
        <Loader2 className="animate-spin" aria-hidden />
      ) : null}
      {look.label}
    </Badge>
  );
}

function DeleteQuestion({
  deleting,
  refusal,
  onConfirm,
}: {
  deleting: boolean;
  refusal?: string;
  onConfirm(): void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-muted-foreground hover:text-destructive"
        disabled={deleting || refusal !== undefined}
        title={refusal}
        onClick={() => setOpen(true)}
      >
        {deleting ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this question?"
        description="The question and every persona's answer to it will be deleted. This cannot be undone."
        confirmLabel="Delete Question"
        destructive
        onConfirm={onConfirm}
      />
    </>
  );
}

/**
 * One question of the history: status, when it was asked, the aggregated
 * results with the key insight, and every persona's answer (shown on demand).
 * A question asked of a market panel shows the panel's weighted results and
 * its persona answers a page at a time instead.
 */
export function QuestionCard({
  question,
  highlighted,
  defaultExpanded,
  deleting,
  onDelete,
  onExport,
  retrying,
  onRetry,
  rerunning = false,
  onRerun,
  canFollowUp = false,
  editRefusal,
}: {
  question: QuestionView;
  /** The question named in the address (/companies/{id}/questions/{questionId}). */
  highlighted: boolean;
  defaultExpanded: boolean;
  deleting: boolean;
  onDelete(): void;
  onExport(): void;
  /** A question in error can be asked again (same text, same personas). */
  retrying: boolean;
  onRetry(): void;
  /** A complete question can be run again with a new seed. */
  rerunning?: boolean;
  onRerun?: () => void;
  /** Follow-ups are paid work: the product must be paid for. */
  canFollowUp?: boolean;
  /** Why the user's role does not allow deleting (a viewer): Delete is disabled. */
  editRefusal?: string;
}) {
  const followUps = useFollowUps(question.productId, question.id);
  const conversation =
    question.status === 'complete'
      ? { turns: question.followUps, controller: followUps, disabled: !canFollowUp }
      : undefined;
  const [expanded, setExpanded] = useState(defaultExpanded || highlighted);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (highlighted) card.current?.scrollIntoView({ block: 'start' });
  }, [highlighted]);

  const panelRun = question.panel;
  // A market panel's shares are the weighted ones, and its answers are read a page at a time;
  // the chosen personas weighted to a population keep their own results beside the weighted ones.
  const marketPanel = panelRun !== null && panelRun.panelId !== '';
  const results = marketPanel ? null : question.aggregatedResults;
  const answered = marketPanel ? 0 : question.responses.length;
  const titleId = `question-${question.id}`;

  return (
    <Card
      ref={card}
      id={questionCardId(question.id)}
      // Focusable from "See the answers" so keyboard users land on it too.
      tabIndex={-1}
      role="article"
      aria-labelledby={titleId}
      className={cn('scroll-mt-4 gap-4 py-5 outline-none', highlighted && 'ring-2 ring-primary/40')}
    >
      <div className="flex flex-col gap-3 px-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <h3 id={titleId} className="leading-snug font-semibold">
            {question.questionText}
          </h3>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <QuestionStatusBadge status={question.status} />
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden />
              <time dateTime={question.createdAt}>
                {formatDate(question.createdAt, 'dateTime', { fallback: question.createdAt })}
              </time>
            </span>
            {question.run ? (
              <span data-testid="question-cost">
                Cost {formatCost(question.run.costUsd)}
                {question.run.usage.cachedAnswers > 0
                  ? ` (${question.run.usage.cachedAnswers} ${question.run.usage.cachedAnswers === 1 ? 'answer' : 'answers'} reused, free)`
                  : ''}
              </span>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-1 sm:max-w-[55%] sm:shrink-0 sm:justify-end">
          {question.status === 'complete' && onRerun ? (
            <RerunButton running={rerunning} onRerun={onRerun} />
          ) : null}
          {question.status === 'complete' ? (
            <>
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
            </>
          ) : null}
          {question.type !== 'opinion' && question.status !== 'error' ? (
            <ShareWithPeople
              productId={question.productId}
              target={{ questionId: question.id }}
              what="this question"
              refusal={editRefusal}
            />
          ) : null}
          {answered > 0 ? (
            <Button variant="ghost" size="sm" onClick={onExport}>
              <Download aria-hidden /> Export CSV
            </Button>
          ) : null}
          <DeleteQuestion deleting={deleting} refusal={editRefusal} onConfirm={onDelete} />
        </div>
      </div>

      {question.status === 'error' ? (
        <div className="mx-5 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="flex items-start gap-2">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {question.errorReason ?? 'The personas could not answer this question.'}
          </p>
          <Button variant="outline" size="sm" disabled={retrying} onClick={onRetry}>
            {retrying ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <RotateCcw aria-hidden />
            )}
            Retry
          </Button>
        </div>
      ) : null}

      {!marketPanel && (question.status === 'pending' || question.status === 'processing') ? (
        <ProgressNote question={question} />
      ) : null}

      <div className="mx-5 grid gap-3 empty:hidden">
        <Alarms question={question} />
        <SensitivityOutcome question={question} />
      </div>

      {panelRun ? <PanelResults question={question} run={panelRun} /> : null}

      {question.status === 'complete' && question.typedResult ? (
        <div className="mx-5 grid gap-3">
          <TypedResultView result={question.typedResult} />
          {question.typedDrift ? (
            <p
              data-testid="typed-drift"
              className={
                question.typedDrift.drifted
                  ? 'rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900'
                  : 'text-sm text-muted-foreground'
              }
            >
              Against the run before: {question.typedDrift.text}
            </p>
          ) : null}
          <SegmentCuts cuts={question.segmentCuts ?? []} overall={question.typedResult} />
        </div>
      ) : null}

      {results ? (
        <div className="mx-5 grid grid-cols-1 gap-4 rounded-lg bg-muted/50 p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <ResultsChart
            results={question.analysis?.estimate.shares ?? results}
            intervals={question.analysis?.estimate.intervals}
            drawsPerPersona={question.analysis?.estimate.drawsPerPersona}
          />
          <div className="grid content-start gap-3">
            <div className="flex gap-2 text-sm">
              <Lightbulb className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden />
              <p>
                <span className="font-medium">Key insight: </span>
                {results.keyInsight}
              </p>
            </div>
            {question.analysis ? <IntervalList estimate={question.analysis.estimate} /> : null}
          </div>
        </div>
      ) : null}

      {question.status === 'complete' && (question.run || question.previousRuns.length > 0) ? (
        <div className="mx-5 grid gap-3">
          <RunsComparison question={question} />
          {question.run ? <RunDetailsPanel run={question.run} /> : null}
        </div>
      ) : null}

      {question.status === 'complete' ? (
        <CalibrationPanel
          productId={question.productId}
          questionId={question.id}
          refusal={editRefusal}
        />
      ) : null}

      {answered > 0 ? (
        <div className="grid gap-3 px-5">
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            aria-expanded={expanded}
            onClick={() => setExpanded((open) => !open)}
          >
            <ChevronDown
              className={cn('transition-transform', expanded && 'rotate-180')}
              aria-hidden
            />
            {expanded ? 'Hide' : 'Show'} {answered} persona{' '}
            {answered === 1 ? 'response' : 'responses'}
          </Button>
          {expanded ? (
            <div className="grid gap-3 md:grid-cols-2">
              {question.responses.map((response) => (
                <PersonaResponseCard
                  key={response.personaId}
                  response={response}
                  spec={question.spec}
                  conversation={conversation}
                />
              ))}
            </div>
          ) : null}
          {expanded && conversation && question.responses.length > 1 ? (
            <div className="rounded-lg border border-dashed p-3">
              <FollowUpForm
                controller={followUps}
                label="Ask every persona a follow-up (each remembers its own answer)"
                disabled={conversation.disabled}
              />
            </div>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
