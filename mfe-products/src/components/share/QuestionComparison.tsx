import { type QuestionLinkQuestionResults, questionTypeLabels } from '@chorus/contracts';
import { Card } from '@chorus/platform/ui';
import { Info, Scale } from 'lucide-react';
import { HowMeasured } from '../questions/HowMeasured';
import { TypedResultView } from '../questions/typed/TypedResultView';
import { count } from '../questions/typed/words';
import { GroupedComparison } from './compare-bars';
import { LadderComparison, RangeComparison } from './compare-prices';

const two = (value: number) => value.toFixed(2);

/** The chart of both sides for the question's type. */
function Charts({ results }: { results: QuestionLinkQuestionResults }) {
  const { people, personas } = results;
  const ladder = (r: typeof people) => (r?.type === 'price_ladder' ? r : null);
  const range = (r: typeof people) => (r?.type === 'price_range' ? r : null);
  switch (results.type) {
    case 'price_ladder':
      return <LadderComparison people={ladder(people)} personas={ladder(personas)} />;
    case 'price_range':
      return <RangeComparison people={range(people)} personas={range(personas)} />;
    case 'opinion':
      return null;
    default:
      return <GroupedComparison people={people} personas={personas} />;
  }
}

/**
 * One question of a link: how close people came to the personas in plain
 * words first, both sides on the same chart, and the measures' names and
 * numbers behind "How this is measured". Before anyone has answered, it says
 * so and shows what the personas answered.
 */
export function QuestionComparison({
  results,
  position,
  total,
}: {
  results: QuestionLinkQuestionResults;
  position: number;
  total: number;
}) {
  const titleId = `compare-${results.questionId}`;
  const { agreement, personas } = results;
  const none = results.responses === 0;
  return (
    <Card className="gap-4 px-4 py-4 sm:px-5" role="article" aria-labelledby={titleId}>
      <div className="grid min-w-0 gap-1">
        {total > 1 ? (
          <p className="text-xs font-medium text-muted-foreground">
            Question {position} of {total}: {questionTypeLabels[results.type]}
          </p>
        ) : (
          <p className="text-xs font-medium text-muted-foreground">
            {questionTypeLabels[results.type]}
          </p>
        )}
        <h2 id={titleId} className="leading-snug font-semibold break-words">
          {results.questionText}
        </h2>
        <p className="text-xs text-muted-foreground">
          {none ? 'No people yet' : count(results.responses, 'person', 'people')}
          {personas ? `; ${count(personas.respondents, 'persona')}` : ''}
        </p>
      </div>

      {none ? (
        <div className="grid gap-3">
          <p
            className="flex gap-2 rounded-lg bg-muted/50 px-3 py-2 text-sm font-medium"
            role="note"
            data-testid="no-answers"
          >
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            No one has answered yet. Their answers appear here beside your personas’ as they come
            in.
          </p>
          {personas ? (
            <>
              <p className="text-sm text-muted-foreground">What your personas answered:</p>
              <TypedResultView result={personas} />
            </>
          ) : null}
        </div>
      ) : (
        <>
          <p
            className="flex gap-2 rounded-lg bg-muted/50 px-3 py-2 text-sm font-medium break-words"
            data-testid="agreement"
          >
            <Scale className="mt-0.5 size-4 shrink-0" aria-hidden />
            {agreement.text}
          </p>
          <div className="grid min-w-0 gap-3">
            <Charts results={results} />
          </div>
          <HowMeasured>
            <p>
              Agreement: {agreement.level}.{' '}
              {agreement.distance !== null ? (
                <>
                  Jensen–Shannon distance between the two sides’ answers:{' '}
                  <span className="font-medium text-foreground" data-testid="js-distance">
                    {two(agreement.distance)}
                  </span>{' '}
                  (0 means the same answers in the same shares, 1 nothing in common).
                </>
              ) : (
                'No distance yet: one side has no answers.'
              )}
            </p>
            {agreement.ks !== null ? (
              <p>
                Kolmogorov–Smirnov statistic:{' '}
                <span className="font-medium text-foreground" data-testid="ks-statistic">
                  {two(agreement.ks)}
                </span>
                , the largest gap between the shares of people and of personas answering at or below
                any value (for answers in order: ratings, scores, numbers, prices).
              </p>
            ) : null}
            <p>
              Each side’s ranges are 95% intervals from a bootstrap: the answers were resampled many
              times and each figure worked out again; the range holds the middle 95%. With few
              people, their ranges are wide.
            </p>
          </HowMeasured>
        </>
      )}
    </Card>
  );
}
