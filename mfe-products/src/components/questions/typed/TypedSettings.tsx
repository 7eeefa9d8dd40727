import {
  defaultMaxDiffSets,
  MAX_MAXDIFF_ITEMS,
  MAX_RANKING_ITEMS,
  MAX_OPTIONS,
  MIN_OPTIONS,
  pricePeriods,
  type PricePeriod,
} from '@chorus/contracts';
import { Button, FieldError, Input, Label, NativeSelect, Textarea } from '@chorus/platform/ui';
import { Plus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { RoadmapItemPicker } from './RoadmapItemPicker';
import { fillPointLabels, lines, type SpecDraft, type SpecErrors } from './spec-draft';

export const periodLabels: Record<PricePeriod, string> = {
  'one-off': 'One-off payment',
  week: 'Per week',
  month: 'Per month',
  year: 'Per year',
};

type Control = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** A labelled setting with the schema's message (or a hint) underneath, which the control points at. */
function Setting({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: Control) => ReactNode;
}) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className ?? 'grid content-start gap-1.5'}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <FieldError id={`${id}-error`}>{error}</FieldError>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Checkbox({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
}) {
  return (
    <label className="flex w-fit items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}

type Props = {
  id: string;
  draft: SpecDraft;
  errors: SpecErrors;
  onChange(change: Partial<SpecDraft>): void;
  /** The product whose roadmap items can be ranked or compared. */
  productId?: string | undefined;
};

function ScaleSettings({ id, draft, errors, onChange }: Props) {
  return (
    <>
      <Setting id={`${id}-points`} label="Points on the scale" error={errors.points}>
        {(control) => (
          <NativeSelect
            {...control}
            className="sm:w-40"
            value={draft.points}
            onChange={(event) => onChange({ points: event.target.value === '7' ? 7 : 5 })}
          >
            <option value={5}>5 points</option>
            <option value={7}>7 points</option>
          </NativeSelect>
        )}
      </Setting>
      <div className="grid gap-3 sm:grid-cols-2">
        <Setting id={`${id}-low`} label="Label of the lowest point (1)" error={errors.lowLabel}>
          {(control) => (
            <Input
              {...control}
              value={draft.lowLabel}
              onChange={(event) => onChange({ lowLabel: event.target.value })}
            />
          )}
        </Setting>
        <Setting
          id={`${id}-high`}
          label={`Label of the highest point (${draft.points})`}
          error={errors.highLabel}
        >
          {(control) => (
            <Input
              {...control}
              value={draft.highLabel}
              onChange={(event) => onChange({ highLabel: event.target.value })}
            />
          )}
        </Setting>
      </div>
      <Checkbox
        checked={draft.labelEveryPoint}
        onChange={(checked) =>
          onChange(
            checked
              ? { labelEveryPoint: true, pointLabels: fillPointLabels(draft) }
              : { labelEveryPoint: false },
          )
        }
      >
        Label every point <span className="text-xs text-muted-foreground">(optional)</span>
      </Checkbox>
      {draft.labelEveryPoint ? (
        <fieldset
          className="grid gap-2"
          aria-describedby={errors.pointLabels ? `${id}-point-labels-error` : undefined}
        >
          <legend className="sr-only">Label of each point</legend>
          {draft.pointLabels.slice(0, draft.points).map((label, index) => (
            <div key={index} className="flex items-center gap-2">
              <Label htmlFor={`${id}-point-${index}`} className="w-16 shrink-0">
                Point {index + 1}
              </Label>
              <Input
                id={`${id}-point-${index}`}
                value={label}
                aria-invalid={errors.pointLabels && !label.trim() ? true : undefined}
                onChange={(event) =>
                  onChange({
                    pointLabels: draft.pointLabels.map((old, i) =>
                      i === index ? event.target.value : old,
                    ),
                  })
                }
              />
            </div>
          ))}
          <FieldError id={`${id}-point-labels-error`}>{errors.pointLabels}</FieldError>
        </fieldset>
      ) : null}
    </>
  );
}

function ChoiceSettings({ id, draft, errors, onChange }: Props) {
  const setOption = (index: number, value: string) =>
    onChange({ options: draft.options.map((old, i) => (i === index ? value : old)) });
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Options</legend>
      <ol className="grid gap-2">
        {draft.options.map((option, index) => {
          const error = errors[`options.${index}`];
          const optionId = `${id}-option-${index}`;
          return (
            <li key={index} className="grid gap-1">
              <div className="flex items-center gap-2">
                <Input
                  id={optionId}
                  aria-label={`Option ${index + 1}`}
                  value={option}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${optionId}-error` : undefined}
                  onChange={(event) => setOption(index, event.target.value)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove option ${index + 1}`}
                  disabled={draft.options.length <= MIN_OPTIONS}
                  onClick={() => onChange({ options: draft.options.filter((_, i) => i !== index) })}
                >
                  <X aria-hidden />
                </Button>
              </div>
              <FieldError id={`${optionId}-error`}>{error}</FieldError>
            </li>
          );
        })}
      </ol>
      <FieldError id={`${id}-options-error`}>{errors.options}</FieldError>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={draft.options.length >= MAX_OPTIONS}
        onClick={() => onChange({ options: [...draft.options, ''] })}
      >
        <Plus aria-hidden /> Add option
      </Button>
      <Checkbox checked={draft.noneOption} onChange={(noneOption) => onChange({ noneOption })}>
        Offer “None of these”
      </Checkbox>
    </fieldset>
  );
}

function NumberSettings({ id, draft, errors, onChange }: Props) {
  return (
    <>
      <Setting
        id={`${id}-unit`}
        label="What the number counts"
        error={errors.unit}
        hint="e.g. dollars a month, or times a week"
      >
        {(control) => (
          <Input
            {...control}
            placeholder="dollars a month"
            value={draft.unit}
            onChange={(event) => onChange({ unit: event.target.value })}
          />
        )}
      </Setting>
      <div className="grid grid-cols-2 gap-3">
        <Setting id={`${id}-min`} label="Lowest answer" error={errors.min}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              value={draft.min}
              onChange={(event) => onChange({ min: event.target.value })}
            />
          )}
        </Setting>
        <Setting id={`${id}-max`} label="Highest answer" error={errors.max}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              value={draft.max}
              onChange={(event) => onChange({ max: event.target.value })}
            />
          )}
        </Setting>
      </div>
    </>
  );
}

function RankingSettings({ id, draft, errors, onChange, productId }: Props) {
  return (
    <>
      <Setting
        id={`${id}-ranking`}
        label="Items to rank (one per line)"
        error={errors.items}
        hint="Between 2 and 10 items. Respondents put them in order, best first."
      >
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            value={draft.rankingItems}
            onChange={(event) => onChange({ rankingItems: event.target.value })}
          />
        )}
      </Setting>
      {productId ? (
        <RoadmapItemPicker
          productId={productId}
          max={MAX_RANKING_ITEMS}
          onPick={(titles) => onChange({ rankingItems: titles.join('\n') })}
        />
      ) : null}
    </>
  );
}

function MaxDiffSettings({ id, draft, errors, onChange, productId }: Props) {
  const items = lines(draft.maxdiffItems).length;
  const sets = items > draft.perSet ? defaultMaxDiffSets(items, draft.perSet) : 0;
  return (
    <>
      <Setting
        id={`${id}-maxdiff`}
        label="Items to compare (one per line)"
        error={errors.items}
        hint="Between 4 and 30 items. Respondents pick the best and the worst of a few at a time."
      >
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            value={draft.maxdiffItems}
            onChange={(event) => onChange({ maxdiffItems: event.target.value })}
          />
        )}
      </Setting>
      {productId ? (
        <RoadmapItemPicker
          productId={productId}
          max={MAX_MAXDIFF_ITEMS}
          onPick={(titles) => onChange({ maxdiffItems: titles.join('\n') })}
        />
      ) : null}
      <Setting
        id={`${id}-per-set`}
        label="Items shown at a time"
        error={errors.perSet ?? errors.sets}
        hint={
          sets > 0
            ? `Each respondent sees ${sets} sets, so every item comes up about three times.`
            : undefined
        }
      >
        {(control) => (
          <NativeSelect
            {...control}
            className="sm:w-40"
            value={draft.perSet}
            onChange={(event) => onChange({ perSet: event.target.value === '5' ? 5 : 4 })}
          >
            <option value={4}>4 items</option>
            <option value={5}>5 items</option>
          </NativeSelect>
        )}
      </Setting>
    </>
  );
}

function OfferSettings({ id, draft, errors, onChange }: Props) {
  return (
    <>
      <Setting
        id={`${id}-offer`}
        label="The offer"
        error={errors.offer}
        hint="What the prices are for, as a customer would read it, e.g. Chorus Pro, a planner for small teams"
      >
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={draft.offer}
            onChange={(event) => onChange({ offer: event.target.value })}
          />
        )}
      </Setting>
      <div className="grid grid-cols-2 gap-3">
        <Setting
          id={`${id}-currency`}
          label="Currency"
          error={errors.currency}
          hint="Three letters, e.g. USD"
        >
          {(control) => (
            <Input
              {...control}
              maxLength={3}
              autoCapitalize="characters"
              className="uppercase"
              value={draft.currency}
              onChange={(event) => onChange({ currency: event.target.value })}
            />
          )}
        </Setting>
        <Setting id={`${id}-period`} label="Paid" error={errors.period}>
          {(control) => (
            <NativeSelect
              {...control}
              value={draft.period}
              onChange={(event) => onChange({ period: event.target.value as PricePeriod })}
            >
              {pricePeriods.map((period) => (
                <option key={period} value={period}>
                  {periodLabels[period]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Setting>
      </div>
    </>
  );
}

function PriceLadderSettings(props: Props) {
  const { id, draft, errors, onChange } = props;
  return (
    <>
      <OfferSettings {...props} />
      <Setting
        id={`${id}-prices`}
        label="Prices, lowest first"
        error={errors.prices}
        hint="Between 4 and 10 prices, separated by commas, e.g. 9, 19, 29, 39"
      >
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            placeholder="9, 19, 29, 39"
            value={draft.prices}
            onChange={(event) => onChange({ prices: event.target.value })}
          />
        )}
      </Setting>
    </>
  );
}

function PriceRangeSettings(props: Props) {
  const { draft, onChange } = props;
  return (
    <>
      <OfferSettings {...props} />
      <Checkbox checked={draft.likelihood} onChange={(likelihood) => onChange({ likelihood })}>
        Also ask how likely they are to buy{' '}
        <span className="text-xs text-muted-foreground">
          (at their own bargain price and at their getting-expensive price)
        </span>
      </Checkbox>
    </>
  );
}

/** The settings of the chosen question type; the open opinion question has none. */
export function TypedSettings(props: Props) {
  const settings = (() => {
    switch (props.draft.type) {
      case 'opinion':
        return null;
      case 'scale':
        return <ScaleSettings {...props} />;
      case 'nps':
        return (
          <p className="text-sm text-muted-foreground">
            Respondents say from 0 to 10 how likely they are to recommend it to a friend or
            colleague. Nothing to set.
          </p>
        );
      case 'single_choice':
      case 'multiple_choice':
        return <ChoiceSettings {...props} />;
      case 'number':
        return <NumberSettings {...props} />;
      case 'ranking':
        return <RankingSettings {...props} />;
      case 'maxdiff':
        return <MaxDiffSettings {...props} />;
      case 'price_ladder':
        return <PriceLadderSettings {...props} />;
      case 'price_range':
        return <PriceRangeSettings {...props} />;
    }
  })();
  if (!settings) return null;
  return (
    <div
      className="grid gap-3 rounded-lg border bg-muted/30 p-3"
      role="group"
      aria-label="Question settings"
    >
      {settings}
    </div>
  );
}
