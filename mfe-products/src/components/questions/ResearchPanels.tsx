import {
  type Alarm,
  type AnalysisNote,
  formatCost,
  formatDate,
  type Opinion,
  type OpinionDistribution,
  opinions,
  type PanelEstimate,
  type QuestionView,
  type RunDetails,
  type Sensitivity,
} from '@chorus/contracts';
import { Button, cn, opinionColor, opinionLabel } from '@chorus/platform/ui';
import {
  AlertTriangle,
  CheckCircle2,
  ChevronDown,
  GitCompare,
  Info,
  Loader2,
  RefreshCw,
} from 'lucide-react';
import { useState } from 'react';
import { HowMeasured } from './HowMeasured';

// What a researcher reads beside a question's results: each persona's
// distribution, the panel's intervals, the alarms, the run's details, and
// the runs side by side with their drift.

const pct = (value: number) => `${Math.round(value * 100)}%`;

/** A persona's probabilities as one stacked bar, each part labelled for screen readers. */
export function DistributionBar({ distribution }: { distribution: OpinionDistribution }) {
  const label = opinions.map((o) => `${opinionLabel[o]} ${pct(distribution[o])}`).join(', ');
  return (
    <div className="grid gap-1" data-testid="distribution">
      <div
        className="flex h-2 w-full overflow-hidden rounded-full bg-muted"
        role="img"
        aria-label={`Distribution: ${label}`}
      >
        {opinions.map((o) => (
          <span
            key={o}
            className={opinionColor[o]}
            style={{ width: `${distribution[o] * 100}%` }}
          />
        ))}
      </div>
      <p className="text-[11px] text-muted-foreground tabular-nums">{label}</p>
    </div>
  );
}

/**
 * The panel's shares with the range each would likely fall in if the panel
 * were asked again, in plain words; the interval's technical name and method
 * one click away.
 */
export function IntervalList({ estimate }: { estimate: PanelEstimate }) {
  return (
    <div className="grid gap-2 text-sm" aria-label="Shares with likely ranges">
      <p className="text-xs text-muted-foreground">
        Share of all answers, and the range it would likely fall in if the same personas were asked
        again:
      </p>
      <ul className="grid gap-1">
        {opinions.map((o) => (
          <li key={o} className="flex items-center gap-2" data-testid={`interval-${o}`}>
            <span className={cn('size-2.5 rounded-full', opinionColor[o])} aria-hidden />
            <span className="w-16 font-medium">{opinionLabel[o]}</span>
            <span className="tabular-nums">
              {estimate.shares[o]}% (likely {estimate.intervals[o].low}–{estimate.intervals[o].high}
              %)
            </span>
          </li>
        ))}
      </ul>
      {estimate.indicative ? (
        <p className="flex gap-1.5 text-xs text-amber-800" role="note">
          <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          Indicative only: with fewer than 10 personas the shares are not firm.
        </p>
      ) : null}
      <HowMeasured>
        <p>
          Each of the {estimate.personas} {estimate.personas === 1 ? 'persona' : 'personas'}{' '}
          answered {estimate.drawsPerPersona} times; the shares count every answer. The range is a
          95% interval.
        </p>
        <p>Method: {estimate.method}.</p>
      </HowMeasured>
    </div>
  );
}

const alarmLook = 'border-amber-300 bg-amber-50 text-amber-900';
const noteLook = 'border-sky-200 bg-sky-50 text-sky-950';

function AlarmItem({ alarm }: { alarm: Alarm }) {
  return (
    <li
      className={cn('grid gap-1.5 rounded-lg border px-3 py-2 text-sm', alarmLook)}
      role="note"
      data-alarm={alarm.kind}
    >
      <p className="flex gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <span className="font-semibold">{alarm.title}: </span>
          {alarm.text}
        </span>
      </p>
      {alarm.words && alarm.words.length > 0 ? (
        <p className="pl-6" data-testid="alarm-words">
          Words that steer the answer:{' '}
          {alarm.words.map((word, index) => (
            <span key={`${word}-${index}`}>
              {index > 0 ? ', ' : ''}
              <mark className="rounded bg-amber-200/70 px-1 text-amber-950">{word}</mark>
            </span>
          ))}
        </p>
      ) : null}
      {alarm.rewording && !alarm.text.includes(alarm.rewording) ? (
        <p className="pl-6" data-testid="alarm-rewording">
          Ask instead: “{alarm.rewording}”
        </p>
      ) : null}
      {alarm.technical ? (
        <HowMeasured className="pl-6 text-amber-900/80">
          <p>{alarm.technical}</p>
        </HowMeasured>
      ) : null}
    </li>
  );
}

function NoteItem({ note }: { note: AnalysisNote }) {
  return (
    <li
      className={cn('grid gap-1.5 rounded-lg border px-3 py-2 text-sm', noteLook)}
      role="note"
      data-note={note.kind}
    >
      <p className="flex gap-2">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <span className="font-semibold">{note.title}: </span>
          {note.text}
        </span>
      </p>
      {note.technical ? (
        <HowMeasured className="pl-6">
          <p>{note.technical}</p>
        </HowMeasured>
      ) : null}
    </li>
  );
}

/**
 * The question's alarms (warnings, each with what to do about it) and its
 * notes (calm information), from the stored analysis.
 */
export function Alarms({ question }: { question: QuestionView }) {
  const alarms = question.analysis?.alarms ?? [];
  const notes = question.analysis?.notes ?? [];
  if (alarms.length + notes.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label="Alarms and notes">
      {alarms.map((alarm) => (
        <AlarmItem key={alarm.kind} alarm={alarm} />
      ))}
      {notes.map((note) => (
        <NoteItem key={note.kind} note={note} />
      ))}
    </ul>
  );
}

function SharesLine({ shares }: { shares: Sensitivity['asked'] }) {
  return (
    <span className="tabular-nums">
      {opinions.map((o) => `${Math.round(shares[o])}% ${opinionLabel[o].toLowerCase()}`).join(', ')}
    </span>
  );
}

/**
 * The outcome of a ticked wording-sensitivity check, whatever it was: the
 * three wordings the personas were asked and how each was answered, under
 * the alarm when the answers moved or the note when they did not.
 */
export function SensitivityOutcome({ question }: { question: QuestionView }) {
  const sensitivity = question.run?.sensitivity;
  if (!sensitivity) return null;
  const moved = (question.analysis?.alarms ?? []).some(
    (a) => a.kind === 'wording-sensitive' || a.kind === 'flattery',
  );
  const framings: { label: string; text: string; shares: Sensitivity['asked'] }[] = [
    { label: 'As you asked it', text: question.questionText, shares: sensitivity.asked },
    { label: 'Neutral wording', text: sensitivity.neutralText, shares: sensitivity.neutral },
    { label: 'Reversed wording', text: sensitivity.reversedText, shares: sensitivity.reversed },
  ];
  return (
    <section
      className="grid gap-2 rounded-lg border p-3 text-sm"
      aria-label="Wording sensitivity check"
      data-testid="sensitivity-outcome"
      data-moved={moved ? 'true' : 'false'}
    >
      <h4 className="flex items-center gap-2 font-semibold">
        {moved ? (
          <AlertTriangle className="size-4 text-amber-600" aria-hidden />
        ) : (
          <CheckCircle2 className="size-4 text-sky-700" aria-hidden />
        )}
        Wording sensitivity check:{' '}
        {moved ? 'the wording moved the answers' : 'the answers held across wordings'}
      </h4>
      <ul className="grid gap-2">
        {framings.map((framing) => (
          <li key={framing.label} className="grid gap-0.5" data-testid="sensitivity-framing">
            <span className="text-xs font-medium text-muted-foreground">{framing.label}</span>
            <q>{framing.text}</q>
            <SharesLine shares={framing.shares} />
          </li>
        ))}
      </ul>
    </section>
  );
}

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

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_minmax(0,1fr)] gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-mono text-xs break-all">{children}</dd>
    </div>
  );
}

function RunFacts({ run }: { run: RunDetails }) {
  return (
    <dl className="grid gap-1.5 text-sm">
      <Row label="Engine">{run.engine}</Row>
      <Row label="Model">{run.model}</Row>
      <Row label="Temperature">{run.temperature}</Row>
      <Row label="Seed (to repeat the run)">{run.seed}</Row>
      <Row label="Answers per persona">{run.draws}</Row>
      <Row label="Prompt template">{run.promptTemplateHash}</Row>
      <Row label="Business profile">{run.profileVersion}</Row>
      <Row label="Personas">
        {run.personaVersions.map((p) => `${p.personaName} ${p.version}`).join(', ')}
      </Row>
      <Row label="Model calls">
        {run.usage.modelCalls} ({run.usage.cachedAnswers} answers given before, not paid again)
      </Row>
      <Row label="Tokens">
        {run.usage.inputTokens.toLocaleString('en-US')} in,{' '}
        {run.usage.outputTokens.toLocaleString('en-US')} out
      </Row>
      <Row label="Cost">{formatCost(run.costUsd)}</Row>
    </dl>
  );
}

/** What the run was: engine, model, temperature, seed, versions, tokens and cost. */
export function RunDetailsPanel({ run }: { run: RunDetails }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-2">
      <Button
        variant="ghost"
        size="sm"
        className="w-fit"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden />
        Run details and how this is measured
      </Button>
      {open ? (
        <div className="rounded-lg border p-3" aria-label="Run details">
          <RunFacts run={run} />
        </div>
      ) : null}
    </div>
  );
}

function shares(estimate: PanelEstimate | null | undefined, fallback: Record<Opinion, number>) {
  return opinions.map((o) => `${estimate?.shares[o] ?? fallback[o]}%`).join(' / ');
}

/** Every run of the question side by side, with whether the latest drifted. */
export function RunsComparison({ question }: { question: QuestionView }) {
  if (question.previousRuns.length === 0) return null;
  const current = question.run;
  return (
    <div className="grid gap-2" aria-label="Runs">
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        <GitCompare className="size-4" aria-hidden /> Runs of this question
      </h4>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th className="py-1 pr-3 font-medium">Run</th>
              <th className="py-1 pr-3 font-medium">Finished</th>
              <th className="py-1 pr-3 font-medium">Model</th>
              <th className="py-1 pr-3 font-medium">Positive / neutral / negative</th>
              <th className="py-1 font-medium">Cost</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {question.previousRuns.map((past, index) => (
              <tr key={past.run.seed} className="border-t">
                <td className="py-1 pr-3">Run {index + 1}</td>
                <td className="py-1 pr-3">{formatDate(past.completedAt, 'dateTime')}</td>
                <td className="py-1 pr-3">{past.run.model}</td>
                <td className="py-1 pr-3">{shares(past.estimate, past.aggregatedResults)}</td>
                <td className="py-1">{formatCost(past.run.costUsd)}</td>
              </tr>
            ))}
            {current && question.aggregatedResults ? (
              <tr className="border-t font-medium">
                <td className="py-1 pr-3">Run {question.previousRuns.length + 1} (latest)</td>
                <td className="py-1 pr-3">{formatDate(question.updatedAt, 'dateTime')}</td>
                <td className="py-1 pr-3">{current.model}</td>
                <td className="py-1 pr-3">
                  {shares(question.analysis?.estimate, question.aggregatedResults)}
                </td>
                <td className="py-1">{formatCost(current.costUsd)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {question.drift ? (
        <p
          className={cn(
            'rounded-lg px-3 py-2 text-sm',
            question.drift.drift ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-900',
          )}
          role="note"
          data-testid="drift"
        >
          {question.drift.text}
        </p>
      ) : null}
    </div>
  );
}

/** Runs a complete question again with a new seed. */
export function RerunButton({ running, onRerun }: { running: boolean; onRerun(): void }) {
  return (
    <Button variant="ghost" size="sm" disabled={running} onClick={onRerun}>
      {running ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
      Re-run
    </Button>
  );
}
