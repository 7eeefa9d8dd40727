import { defaultMaxDiffSets } from '@chorus/contracts';
import { Input } from '@chorus/platform/ui';
import { Eye, GripVertical } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { periodLabels } from './TypedSettings';
import { lines, parsePrices, type SpecDraft } from './spec-draft';
import { periodWord, price, pricePer } from './words';

/** The Van Westendorp price questions, in their standard wording. */
export const vanWestendorpQuestions = [
  {
    key: 'tooCheap',
    text: 'At what price would you consider it so cheap that you would doubt its quality?',
  },
  {
    key: 'bargain',
    text: 'At what price would you consider it a bargain — a great buy for the money?',
  },
  {
    key: 'expensive',
    text: 'At what price would you consider it starting to get expensive, but still worth considering?',
  },
  {
    key: 'tooExpensive',
    text: 'At what price would you consider it so expensive that you would not consider buying it?',
  },
] as const;

/** The likelihood questions a price range adds when asked to (Newton–Miller–Smith). */
const likelihoodQuestions = [
  'How likely would you be to buy it at the bargain price you gave?',
  'How likely would you be to buy it at the getting-expensive price you gave?',
];

const likelihoodScale = ['Very unlikely', 'Unlikely', 'Not sure', 'Likely', 'Very likely'];

/** What a point of the scale is called on the respondent's screen ("" when it has no words). */
function scalePointWords(draft: SpecDraft, point: number): string {
  const own = draft.labelEveryPoint ? draft.pointLabels[point - 1]?.trim() : '';
  if (own) return own;
  if (point === 1) return draft.lowLabel.trim();
  if (point === draft.points) return draft.highLabel.trim();
  return '';
}

function Choice({
  name,
  kind = 'radio',
  children,
  className,
}: {
  name: string;
  kind?: 'radio' | 'checkbox';
  children: ReactNode;
  className?: string;
}) {
  return (
    <label className={className ?? 'flex items-start gap-2 text-sm'}>
      <input type={kind} name={name} className="mt-0.5 size-4 shrink-0 accent-primary" />
      {children}
    </label>
  );
}

function ScalePreview({ draft, name }: { draft: SpecDraft; name: string }) {
  const points = Array.from({ length: draft.points }, (_, i) => i + 1);
  return (
    <ol className="grid gap-2 sm:grid-flow-col sm:auto-cols-fr" aria-label="Scale">
      {points.map((point) => {
        const words = scalePointWords(draft, point);
        return (
          <li key={point}>
            <Choice
              name={name}
              className="flex h-full items-start gap-2 rounded-md border bg-background p-2 text-sm sm:flex-col sm:items-center sm:text-center"
            >
              <span>
                <span className="font-semibold tabular-nums">{point}</span>
                {words ? <span className="text-muted-foreground"> {words}</span> : null}
              </span>
            </Choice>
          </li>
        );
      })}
    </ol>
  );
}

function NpsPreview({ name }: { name: string }) {
  return (
    <div className="grid gap-1.5">
      <ol
        className="grid grid-cols-11 gap-0.5 sm:max-w-md sm:gap-1"
        aria-label="Score from 0 to 10"
      >
        {Array.from({ length: 11 }, (_, score) => (
          <li key={score}>
            <Choice
              name={name}
              className="flex min-w-0 flex-col items-center gap-1 rounded-md border bg-background py-1 text-xs tabular-nums"
            >
              {score}
            </Choice>
          </li>
        ))}
      </ol>
      <p className="flex justify-between gap-4 text-xs text-muted-foreground sm:max-w-md">
        <span>0: Not at all likely</span>
        <span>10: Extremely likely</span>
      </p>
    </div>
  );
}

function ChoicePreview({ draft, name }: { draft: SpecDraft; name: string }) {
  const multiple = draft.type === 'multiple_choice';
  const kind = multiple ? 'checkbox' : 'radio';
  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted-foreground">
        {multiple ? 'Pick all that apply.' : 'Pick one.'}
      </p>
      <ul className="grid gap-1.5">
        {draft.options.map((option, index) => (
          <li key={index}>
            <Choice name={name} kind={kind}>
              {option.trim() || (
                <span className="text-muted-foreground italic">
                  Option {index + 1}, not written yet
                </span>
              )}
            </Choice>
          </li>
        ))}
        {draft.noneOption ? (
          <li>
            <Choice name={name} kind={kind}>
              None of these
            </Choice>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

function NumberPreview({ draft, id }: { draft: SpecDraft; id: string }) {
  const unit = draft.unit.trim();
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={`${id}-number`}
          type="number"
          aria-label={unit ? `Answer in ${unit}` : 'Answer'}
          className="w-32"
          min={draft.min}
          max={draft.max}
        />
        {unit ? <span className="text-sm">{unit}</span> : null}
      </div>
      {draft.min.trim() && draft.max.trim() ? (
        <p className="text-xs text-muted-foreground">
          A number from {draft.min.trim()} to {draft.max.trim()}.
        </p>
      ) : null}
    </div>
  );
}

function RankingPreview({ draft }: { draft: SpecDraft }) {
  const items = lines(draft.rankingItems);
  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted-foreground">Put these in order, the best first.</p>
      {items.length > 0 ? (
        <ol className="grid gap-1.5" aria-label="Items to rank">
          {items.map((item, index) => (
            <li
              key={`${item}-${index}`}
              className="flex items-center gap-2 rounded-md border bg-background px-2 py-1.5 text-sm"
            >
              <GripVertical className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="w-5 shrink-0 font-semibold tabular-nums">{index + 1}</span>
              <span className="min-w-0 break-words">{item}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground italic">
          Add the items above to see them here.
        </p>
      )}
    </div>
  );
}

function MaxDiffPreview({ draft, name }: { draft: SpecDraft; name: string }) {
  const items = lines(draft.maxdiffItems);
  const shown = items.slice(0, draft.perSet);
  const sets = items.length > draft.perSet ? defaultMaxDiffSets(items.length, draft.perSet) : 0;
  if (shown.length === 0) {
    return (
      <p className="text-sm text-muted-foreground italic">Add the items above to see a set here.</p>
    );
  }
  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted-foreground">
        Of these, pick the best and the worst.
        {sets > 0 ? ` One example set; each respondent sees ${sets} sets like it.` : ''}
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">An example set</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="w-14 py-1 font-medium">
              Best
            </th>
            <th scope="col" className="py-1 font-medium">
              Item
            </th>
            <th scope="col" className="w-14 py-1 text-right font-medium">
              Worst
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((item, index) => (
            <tr key={`${item}-${index}`} className="border-t">
              <td className="py-1.5">
                <input
                  type="radio"
                  name={`${name}-best`}
                  aria-label={`Best: ${item}`}
                  className="size-4 accent-primary"
                />
              </td>
              <td className="py-1.5 break-words">{item}</td>
              <td className="py-1.5 text-right">
                <input
                  type="radio"
                  name={`${name}-worst`}
                  aria-label={`Worst: ${item}`}
                  className="size-4 accent-primary"
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Offer({ draft }: { draft: SpecDraft }) {
  const offer = draft.offer.trim();
  return (
    <p className="rounded-md border bg-background px-3 py-2 text-sm">
      <span className="font-medium">The offer: </span>
      {offer || <span className="text-muted-foreground italic">describe the offer above</span>}
    </p>
  );
}

function PriceLadderPreview({ draft, name }: { draft: SpecDraft; name: string }) {
  const prices = parsePrices(draft.prices).filter((value): value is number => value !== null);
  const currency = draft.currency.trim().toUpperCase();
  return (
    <div className="grid gap-2">
      <Offer draft={draft} />
      {prices.length > 0 ? (
        <>
          <p className="text-xs text-muted-foreground">Asked one price at a time:</p>
          <ul className="grid gap-1.5" aria-label="Prices asked">
            {prices.map((value, index) => (
              <li
                key={`${value}-${index}`}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-md border bg-background px-3 py-1.5 text-sm"
              >
                <span>Would you buy it at {pricePer(value, currency, draft.period)}?</span>
                <span className="flex gap-3">
                  <Choice name={`${name}-${index}`} className="flex items-center gap-1.5 text-sm">
                    Yes
                  </Choice>
                  <Choice name={`${name}-${index}`} className="flex items-center gap-1.5 text-sm">
                    No
                  </Choice>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-muted-foreground italic">
          Add the prices above to see them here.
        </p>
      )}
    </div>
  );
}

function PriceRangePreview({ draft, id }: { draft: SpecDraft; id: string }) {
  const currency = draft.currency.trim().toUpperCase();
  const sign = price(0, currency).replace(/[\d.,\s]/g, '') || currency;
  const per = periodWord(draft.period).trim();
  return (
    <div className="grid gap-2">
      <Offer draft={draft} />
      <p className="text-xs text-muted-foreground">
        Prices in {currency || 'the currency'}
        {per ? `, ${periodLabels[draft.period].toLowerCase()}` : ', paid once'}.
      </p>
      <ol className="grid gap-2" aria-label="Price questions">
        {vanWestendorpQuestions.map((question, index) => (
          <li key={question.key} className="grid gap-1">
            <label htmlFor={`${id}-vw-${index}`} className="text-sm">
              {question.text}
            </label>
            <span className="flex items-center gap-1.5 text-sm">
              <span aria-hidden>{sign}</span>
              <Input id={`${id}-vw-${index}`} type="number" inputMode="decimal" className="w-32" />
              {per ? <span className="text-muted-foreground">{per}</span> : null}
            </span>
          </li>
        ))}
        {draft.likelihood
          ? likelihoodQuestions.map((question, index) => (
              <li key={question} className="grid gap-1">
                <fieldset className="grid gap-1">
                  <legend className="text-sm">{question}</legend>
                  <span className="flex flex-wrap gap-x-3 gap-y-1">
                    {likelihoodScale.map((step) => (
                      <Choice
                        key={step}
                        name={`${id}-likely-${index}`}
                        className="flex items-center gap-1.5 text-xs"
                      >
                        {step}
                      </Choice>
                    ))}
                  </span>
                </fieldset>
              </li>
            ))
          : null}
      </ol>
    </div>
  );
}

/**
 * What a respondent (a persona, or a person answering a shared link) sees
 * for the question as it is being set up: the question, then the answer the
 * type asks for.
 */
export function TypedPreview({ draft, questionText }: { draft: SpecDraft; questionText: string }) {
  const id = useId();
  const name = `${id}-answer`;
  if (draft.type === 'opinion') return null;
  const body = (() => {
    switch (draft.type) {
      case 'scale':
        return <ScalePreview draft={draft} name={name} />;
      case 'nps':
        return <NpsPreview name={name} />;
      case 'single_choice':
      case 'multiple_choice':
        return <ChoicePreview draft={draft} name={name} />;
      case 'number':
        return <NumberPreview draft={draft} id={id} />;
      case 'ranking':
        return <RankingPreview draft={draft} />;
      case 'maxdiff':
        return <MaxDiffPreview draft={draft} name={name} />;
      case 'price_ladder':
        return <PriceLadderPreview draft={draft} name={name} />;
      case 'price_range':
        return <PriceRangePreview draft={draft} id={id} />;
    }
  })();
  const text = questionText.trim();
  return (
    <section
      className="grid min-w-0 gap-3 rounded-lg border border-dashed p-3"
      aria-label="Preview of what respondents see"
      data-testid="typed-preview"
    >
      <h3 className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        <Eye className="size-3.5" aria-hidden /> What respondents see
      </h3>
      <p className="font-medium break-words">
        {text || (
          <span className="text-muted-foreground italic">The question you write appears here</span>
        )}
      </p>
      {body}
    </section>
  );
}
