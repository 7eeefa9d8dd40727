import {
  type MarketPanelView,
  pricePeriods,
  type PricePeriod,
  type ProductView,
  type StudyView,
} from '@chorus/contracts';
import { refusalMessage } from '@chorus/platform';
import {
  Button,
  Card,
  CardContent,
  FieldError,
  Input,
  Label,
  NativeSelect,
  Spinner,
  Textarea,
} from '@chorus/platform/ui';
import { FlaskConical } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useBusinessProfile } from '../../api';
import { useCreateStudy } from '../../studies-api';
import { readyPanels, WhoAnswers } from '../panels/WhoAnswers';
import { periodLabels } from '../questions/typed/TypedSettings';
import { price } from '../questions/typed/words';
import {
  checkStudy,
  type PriceSource,
  partText,
  type StudyDraft,
  type StudyErrors,
  studyDraftFrom,
  type StudyPart,
  studyPartHints,
  studyPartLabels,
  studyParts,
} from './study-draft';

/** A labelled field with its message (or a hint) underneath, which the control points at. */
function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: (described: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
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

function sourceHint(source: PriceSource, currency: string): string {
  if (source.kind === 'default') {
    return 'Your business profile states no price, so these are a starting ladder: change them to prices you would consider.';
  }
  const whose = source.competitors ? 'your competitors’ price stated' : 'the price stated';
  return `From half to twice ${price(source.anchor, currency)}, ${whose} in your business profile (${source.fields.join(', ')}). Lowest first, 4 to 10 prices.`;
}

/** The fields of one study, started from the profile and all editable. */
function StudyFields({
  productId,
  initial,
  source,
  locked,
  refusal,
  onCreated,
  panels,
  personaCount,
}: {
  productId: string;
  initial: StudyDraft;
  source: PriceSource;
  locked: boolean;
  refusal?: string;
  onCreated(study: StudyView): void;
  panels: readonly MarketPanelView[];
  personaCount: number;
}) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [panelId, setPanelId] = useState('');
  const panel = readyPanels(panels).find((candidate) => candidate.id === panelId);
  const [errors, setErrors] = useState<StudyErrors>({});
  const [failure, setFailure] = useState<string>();
  const create = useCreateStudy(productId);
  const change = (next: Partial<StudyDraft>, fields: string[]) => {
    setDraft((current) => ({ ...current, ...next }));
    // A message goes once its field is edited; the others wait for the next Start.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))),
    );
  };
  const setPart = (part: StudyPart, on: boolean) =>
    change({ parts: { ...draft.parts, [part]: on } }, ['questions', `text.${part}`]);
  const setText = (part: StudyPart, text: string) =>
    change({ texts: { ...draft.texts, [part]: text } }, [`text.${part}`]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkStudy(draft);
    setFailure(undefined);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(panel ? { ...checked.body, panelId: panel.id } : checked.body, {
      onSuccess: (study) => onCreated(study),
      onError: (error) =>
        setFailure(refusalMessage(error) ?? 'The study could not be started. Please try again.'),
    });
  };

  const disabled = create.isPending || locked || refusal !== undefined;
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="New pricing study">
      <Field id={`${id}-name`} label="Study name" error={errors.name}>
        {(described) => (
          <Input
            id={`${id}-name`}
            {...described}
            value={draft.name}
            onChange={(event) => change({ name: event.target.value }, ['name'])}
          />
        )}
      </Field>
      <Field
        id={`${id}-offer`}
        label="The offer"
        error={errors.offer}
        hint="What the prices are for, as a customer would read it. From your business profile: change it as you like."
      >
        {(described) => (
          <Textarea
            id={`${id}-offer`}
            {...described}
            rows={2}
            value={draft.offer}
            onChange={(event) => change({ offer: event.target.value }, ['offer'])}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <Field
          id={`${id}-currency`}
          label="Currency"
          error={errors.currency}
          hint="Three letters, e.g. USD"
        >
          {(described) => (
            <Input
              id={`${id}-currency`}
              {...described}
              maxLength={3}
              autoCapitalize="characters"
              className="uppercase"
              value={draft.currency}
              onChange={(event) => change({ currency: event.target.value }, ['currency'])}
            />
          )}
        </Field>
        <Field id={`${id}-period`} label="Paid" error={errors.period}>
          {(described) => (
            <NativeSelect
              id={`${id}-period`}
              {...described}
              value={draft.period}
              onChange={(event) =>
                change({ period: event.target.value as PricePeriod }, ['period'])
              }
            >
              {pricePeriods.map((period) => (
                <option key={period} value={period}>
                  {periodLabels[period]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>

      <WhoAnswers
        id={`${id}-who`}
        productId={productId}
        personaCount={personaCount}
        panels={panels}
        value={panel?.id ?? ''}
        onChange={setPanelId}
      />

      <fieldset className="grid gap-3" aria-describedby={errors.questions ? `${id}-q` : undefined}>
        <legend className="mb-1 text-sm font-medium">Questions in the study</legend>
        {studyParts.map((part) => (
          <div key={part} className="grid gap-2 rounded-lg border bg-muted/30 p-3">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={draft.parts[part]}
                onChange={(event) => setPart(part, event.target.checked)}
              />
              <span className="min-w-0">
                <span className="font-medium">{studyPartLabels[part]}</span>
                <span className="block text-xs text-muted-foreground">{studyPartHints[part]}</span>
              </span>
            </label>
            {draft.parts[part] ? (
              <div className="grid gap-3 pl-6">
                {part === 'ladder' ? (
                  <Field
                    id={`${id}-prices`}
                    label="Prices, lowest first"
                    error={errors.prices}
                    hint={sourceHint(source, draft.currency)}
                  >
                    {(described) => (
                      <Input
                        id={`${id}-prices`}
                        {...described}
                        inputMode="decimal"
                        value={draft.prices}
                        onChange={(event) => change({ prices: event.target.value }, ['prices'])}
                      />
                    )}
                  </Field>
                ) : null}
                {part === 'range' ? (
                  <label className="flex w-fit items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                      checked={draft.likelihood}
                      onChange={(event) => change({ likelihood: event.target.checked }, [])}
                    />
                    <span>
                      Also ask how likely they are to buy{' '}
                      <span className="text-xs text-muted-foreground">
                        (at their own bargain price and at their getting-expensive price)
                      </span>
                    </span>
                  </label>
                ) : null}
                <Field
                  id={`${id}-text-${part}`}
                  label="Question asked"
                  error={errors[`text.${part}`]}
                >
                  {(described) => (
                    <Textarea
                      id={`${id}-text-${part}`}
                      {...described}
                      rows={2}
                      value={partText(draft, part)}
                      onChange={(event) => setText(part, event.target.value)}
                    />
                  )}
                </Field>
              </div>
            ) : null}
          </div>
        ))}
        {errors.questions ? <FieldError id={`${id}-q`}>{errors.questions}</FieldError> : null}
      </fieldset>

      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" className="w-fit" disabled={disabled} title={refusal}>
          <FlaskConical aria-hidden />
          {create.isPending ? 'Starting...' : 'Start Study'}
        </Button>
        {refusal || locked ? (
          <p className="text-sm text-muted-foreground">
            {refusal ?? 'Complete payment to ask questions.'}
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">
            {panel
              ? `Every persona of ${panel.name} answers every question of the study.`
              : 'Every selected persona answers every question of the study.'}
          </p>
        )}
      </div>
    </form>
  );
}

const startFrom = ({ draft, source }: ReturnType<typeof studyDraftFrom>) => ({
  initial: draft,
  source,
});

/**
 * A pricing study in one form: the offer and a price ladder started from the
 * business profile (its name, what it sells and any price it states), with
 * the linked questions to ask about it. Every field stays editable.
 */
export function PricingStudyForm({
  product,
  locked = false,
  refusal,
  onCreated,
  panels = [],
  personaCount = 0,
}: {
  product: ProductView;
  locked?: boolean;
  refusal?: string;
  onCreated(study: StudyView): void;
  /** The product's market panels: a ready one can answer the study instead of the personas. */
  panels?: readonly MarketPanelView[];
  /** How many personas the product has chosen, for the "Who answers" choice. */
  personaCount?: number;
}) {
  const profile = useBusinessProfile(product.id);
  return (
    <Card className="gap-4 py-5">
      <CardContent className="grid gap-4 px-5">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">New Pricing Study</h2>
          <p className="text-sm text-muted-foreground">
            A few linked questions about one offer, asked together: which price brings the most
            revenue, which prices feel right, and whether people would recommend or buy it.
          </p>
        </div>
        {profile.isLoading ? (
          <Spinner label="Reading your business profile..." />
        ) : (
          // Without a profile (or when it cannot be read) the study starts from the product alone.
          <StudyFields
            productId={product.id}
            {...startFrom(studyDraftFrom(product, profile.data ?? null))}
            locked={locked}
            refusal={refusal}
            onCreated={onCreated}
            panels={panels}
            personaCount={personaCount}
          />
        )}
      </CardContent>
    </Card>
  );
}
