import { type ShareResultsView } from '@chorus/contracts';
import { ChevronRight } from 'lucide-react';

/**
 * How far the people's answers and the personas' predictions agree, in
 * words, with the measure one click away.
 */
export function AgreementSummary({
  agreement,
}: {
  agreement: NonNullable<ShareResultsView['agreement']>;
}) {
  return (
    <div className="grid gap-1">
      <p data-testid="agreement" className="text-sm">
        <strong>{agreement.label}</strong>
        {agreement.value !== null ? (
          <span className="text-muted-foreground">
            {' '}
            ·{' '}
            {agreement.text ??
              (agreement.method === 'spearman'
                ? `How alike the two orders are: ${agreement.value.toFixed(2)}, where 1 is the same order and −1 the reverse.`
                : `How far people and personas differ: ${agreement.value.toFixed(2)} of 1.`)}
          </span>
        ) : null}
      </p>
      {agreement.value !== null || agreement.technical ? (
        <details className="group text-xs text-muted-foreground" data-testid="how-measured">
          <summary className="inline-flex cursor-pointer list-none items-center gap-1 font-medium text-primary hover:underline [&::-webkit-details-marker]:hidden">
            <ChevronRight
              className="size-3.5 transition-transform group-open:rotate-90"
              aria-hidden
            />
            How this is measured
          </summary>
          <p className="mt-1 pl-4">
            {agreement.technical ??
              (agreement.method === 'spearman'
                ? `Spearman rank correlation ${agreement.value?.toFixed(2) ?? ''} between the people's order and the personas' order.`
                : `Jensen–Shannon distance ${agreement.value?.toFixed(2) ?? ''} between the two distributions of answers.`)}
          </p>
        </details>
      ) : null}
    </div>
  );
}
