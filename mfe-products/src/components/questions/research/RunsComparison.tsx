import {
  formatCost,
  formatDate,
  type Opinion,
  opinions,
  type PanelEstimate,
  type QuestionView,
} from '@chorus/contracts';
import { cn } from '@chorus/platform/ui';
import { GitCompare } from 'lucide-react';

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
