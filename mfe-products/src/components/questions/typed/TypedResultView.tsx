import { questionTypeLabels, type TypedResult } from '@chorus/contracts';
import { Info } from 'lucide-react';
import { count } from './words';
import { ScaleResult } from './results/ScaleResult';
import { NpsResult } from './results/NpsResult';
import { ChoiceResult } from './results/ChoiceResult';
import { NumberResult } from './results/NumberResult';
import { RankingResult } from './results/RankingResult';
import { MaxDiffResult } from './results/MaxDiffResult';
import { PriceLadderResult } from './results/PriceLadderResult';
import { PriceRangeResult } from './results/PriceRangeResult';

/** What a type is called in a heading: its plain name, without the method in brackets. */
function plainTypeName(type: TypedResult['type']): string {
  return questionTypeLabels[type].replace(/\s*\(.*\)$/, '');
}

/**
 * A typed question's figures, plain words first and a chart for each type,
 * every figure with the range it would likely fall in; the methods' names
 * one click away.
 */
export function TypedResultView({ result }: { result: TypedResult }) {
  const body = (() => {
    switch (result.type) {
      case 'scale':
        return <ScaleResult result={result} />;
      case 'nps':
        return <NpsResult result={result} />;
      case 'single_choice':
      case 'multiple_choice':
        return <ChoiceResult result={result} />;
      case 'number':
        return <NumberResult result={result} />;
      case 'ranking':
        return <RankingResult result={result} />;
      case 'maxdiff':
        return <MaxDiffResult result={result} />;
      case 'price_ladder':
        return <PriceLadderResult result={result} />;
      case 'price_range':
        return <PriceRangeResult result={result} />;
    }
  })();
  return (
    <section
      className="grid min-w-0 gap-3 rounded-lg bg-muted/50 p-4"
      aria-label={`${plainTypeName(result.type)} results`}
      data-testid="typed-result"
    >
      <div className="grid gap-0.5">
        <h4 className="font-semibold">{plainTypeName(result.type)} results</h4>
        <p className="text-xs text-muted-foreground">
          From {count(result.respondents, 'persona')}
          {result.noAnswer > 0
            ? `; ${count(result.noAnswer, 'answer')} could not be used and ${result.noAnswer === 1 ? 'was' : 'were'} left out`
            : ''}
          .
        </p>
      </div>
      {result.respondents === 0 ? (
        <p className="flex gap-2 text-sm text-muted-foreground" role="note">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          No usable answers yet, so there are no figures to show.
        </p>
      ) : (
        body
      )}
    </section>
  );
}
