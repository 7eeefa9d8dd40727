import {
  budgetRefusal,
  createPanelRequest,
  type CreatePanelRequest,
  formatCost,
  MAX_FRAME_CSV_LENGTH,
  MAX_PANEL_SIZE,
  MIN_PANEL_SIZE,
  type NationalFrameId,
  type PanelFilter,
  panelMessages,
  type PopulationFrameView,
} from '@chorus/contracts';
import { refusalMessage, serverMessage, toast } from '@chorus/platform';
import {
  Button,
  Card,
  CardContent,
  FieldError,
  FormField,
  Input,
  LoadError,
  NativeSelect,
  Spinner,
  useZodForm,
} from '@chorus/platform/ui';
import { ChevronRight, Coins, Loader2, UsersRound } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { count, currencySign, inPercent, percentOf, percentText } from '../../panel-words';
import {
  type PanelEstimateView,
  useCreatePanel,
  usePanelEstimate,
  usePopulationFrames,
} from '../../panels-api';

/** The value once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Income bands carry their bounds: such a trait also takes an "at least" amount. */
const hasAmounts = (trait: PopulationFrameView['traits'][number]) =>
  trait.levels.some((level) => level.min !== null || level.max !== null);

/** What the form holds per trait: the levels ticked, and an income's "at least" as typed. */
type Choice = { levels: string[]; min: string };

/** The filters the choices make, in the population's trait order; untouched traits make none. */
export function filtersOf(
  frame: PopulationFrameView | undefined,
  choices: Record<string, Choice>,
): PanelFilter[] {
  if (!frame) return [];
  return frame.traits.flatMap((trait) => {
    const choice = choices[trait.id];
    if (!choice) return [];
    const levels = trait.levels.map((level) => level.id).filter((id) => choice.levels.includes(id));
    const min = choice.min.trim() === '' ? undefined : Number(choice.min);
    if (levels.length === 0 && min === undefined) return [];
    return [
      {
        trait: trait.id,
        ...(levels.length > 0 ? { levels } : {}),
        ...(min !== undefined ? { min } : {}),
      },
    ];
  });
}

type Match = 'population' | 'shares' | 'customers';

const matchLabels: Record<Match, string> = {
  population: "The population's shares",
  shares: 'Match your own shares (CSV: trait, level, share)',
  customers: 'Match your customer list (CSV)',
};

const matchHints: Record<Match, string> = {
  population: 'The panel is drawn to the national statistics of the population chosen above.',
  shares:
    'One row per level: trait, level, share (e.g. age band, 18–29, 0.2). Your shares replace the population’s for those traits. At most 1 MB.',
  customers:
    'One row per customer: each column of a few values (plan, region, segment…) becomes a trait with your customers’ shares. At most 1 MB.',
};

function PopulationAbout({ frame }: { frame: PopulationFrameView }) {
  return (
    <details className="group text-sm" data-testid="population-about">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 font-medium text-primary hover:underline [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-3.5 transition-transform group-open:rotate-90" aria-hidden />
        About this population ({frame.year})
      </summary>
      <div className="mt-2 grid gap-2 pl-4 text-muted-foreground">
        <p className="break-words">{frame.population}</p>
        <p>Figures from {frame.year}. Sources:</p>
        <ul className="grid gap-1 pl-4">
          {frame.sources.map((source) => (
            <li key={source.url} className="list-disc break-words">
              <a
                href={source.url}
                target="_blank"
                rel="noreferrer"
                className="text-primary underline-offset-2 hover:underline"
              >
                {source.publisher}: {source.title} ({source.year})
              </a>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

/** What drawing would cost, the population it is drawn to, and the month's budget. */
function BuildEstimate({ estimate }: { estimate: PanelEstimateView }) {
  const { budget } = estimate;
  const refusal = budgetRefusal(budget, estimate.costUsd ?? 0);
  return (
    <div
      className="grid gap-1 rounded-md border bg-muted/30 px-3 py-2 text-sm"
      aria-label="Build estimate"
      data-testid="panel-estimate"
    >
      <p className="flex items-start gap-2">
        <Coins className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span>
          {estimate.engine === 'local'
            ? 'Built on this server at no cost'
            : `${count(estimate.modelCalls)} model ${estimate.modelCalls === 1 ? 'call' : 'calls'} to ${estimate.model}: ${formatCost(estimate.costUsd)}`}
        </span>
      </p>
      <p className="text-xs break-words text-muted-foreground">
        {count(estimate.size)} personas drawn to {estimate.frame.name}: {estimate.frame.population}
      </p>
      <p className="text-xs text-muted-foreground">
        {budget.monthlyBudgetUsd !== null
          ? `This month: ${formatCost(budget.spentThisMonthUsd)} of ${formatCost(budget.monthlyBudgetUsd)} budget`
          : `This month: ${formatCost(budget.spentThisMonthUsd)} spent; no monthly budget set`}
      </p>
      {refusal ? (
        <p className="text-destructive" role="alert">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

/** One trait's levels to keep, with an income's "at least" amount. */
function TraitFilter({
  id,
  trait,
  currency,
  choice,
  error,
  onChange,
}: {
  id: string;
  trait: PopulationFrameView['traits'][number];
  currency: string;
  choice: Choice;
  error?: string;
  onChange(choice: Choice): void;
}) {
  const percent = inPercent(trait.levels.map((level) => level.share));
  const amountId = `${id}-${trait.id}-min`;
  return (
    <fieldset className="grid min-w-0 content-start gap-1.5 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{trait.label}</legend>
      {trait.levels.map((level) => (
        <label key={level.id} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={choice.levels.includes(level.id)}
            onChange={(event) =>
              onChange({
                ...choice,
                levels: event.target.checked
                  ? [...choice.levels, level.id]
                  : choice.levels.filter((kept) => kept !== level.id),
              })
            }
          />
          <span className="min-w-0 break-words">
            {level.label}{' '}
            <span className="text-xs text-muted-foreground">
              ({percentText(percentOf(level.share, percent))})
            </span>
          </span>
        </label>
      ))}
      {hasAmounts(trait) ? (
        <div className="mt-1 grid gap-1">
          <label htmlFor={amountId} className="text-xs font-medium">
            At least ({currencySign(currency)} a year)
          </label>
          <Input
            id={amountId}
            type="number"
            inputMode="numeric"
            min={0}
            step={1000}
            className="h-8"
            value={choice.min}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${amountId}-error` : undefined}
            onChange={(event) => onChange({ ...choice, min: event.target.value })}
          />
          <FieldError id={`${amountId}-error`}>{error}</FieldError>
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * "Draw a panel": name, population (with its description and sources),
 * filters per trait, size, and optionally the customer's own shares or
 * customer list; a live estimate of the build as the form changes; "Build
 * panel" sends it once per click. Refusals are the contract's own words.
 */
export function DrawPanelForm({
  productId,
  locked = false,
  refusal,
}: {
  productId: string;
  /** The product is not paid for: the form shows but draws nothing. */
  locked?: boolean;
  /** Why the user's role does not allow drawing (a viewer). */
  refusal?: string;
}) {
  const id = useId();
  const frames = usePopulationFrames();
  return (
    <Card className="gap-4 py-5">
      <CardContent className="grid gap-4 px-4 sm:px-5">
        <div className="grid gap-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Draw a panel
          </h2>
          <p className="text-sm text-muted-foreground">
            A sample of {count(MIN_PANEL_SIZE)} to {count(MAX_PANEL_SIZE)} AI personas drawn to a
            country&apos;s population shares, built in the background. Its answers are weighted to
            the population.
          </p>
        </div>
        {frames.isLoading ? (
          <Spinner label="Loading populations..." />
        ) : frames.isError || !frames.data || frames.data.length === 0 ? (
          <LoadError
            message="Unable to load the populations."
            onRetry={() => void frames.refetch()}
          />
        ) : (
          <PanelFields
            titleId={`${id}-title`}
            productId={productId}
            frames={frames.data}
            locked={locked}
            refusal={refusal}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** The form itself, once the populations are known: the first one listed is chosen to start. */
function PanelFields({
  titleId,
  productId,
  frames,
  locked,
  refusal,
}: {
  titleId: string;
  productId: string;
  frames: readonly PopulationFrameView[];
  locked: boolean;
  refusal?: string;
}) {
  const id = useId();
  const create = useCreatePanel(productId);
  const form = useZodForm(createPanelRequest, {
    defaultValues: {
      name: '',
      frame: (frames[0]?.id ?? 'us') as NationalFrameId,
      size: 1000,
      filters: [],
    },
  });
  const frameId = form.watch('frame');
  const frame = frames.find((candidate) => candidate.id === frameId);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [match, setMatch] = useState<Match>('population');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const filters = useMemo(() => filtersOf(frame, choices), [frame, choices]);
  const csv = useMemo(
    () =>
      file && match === 'shares'
        ? { sharesCsv: file.text }
        : file && match === 'customers'
          ? { customersCsv: file.text }
          : {},
    [file, match],
  );
  // The form's values carry what is chosen outside its registered fields, so one check reads all.
  useEffect(() => {
    form.setValue('filters', filters);
    form.setValue('sharesCsv', csv.sharesCsv);
    form.setValue('customersCsv', csv.customersCsv);
  }, [form, filters, csv]);

  const name = form.watch('name');
  const size = form.watch('size');
  // The estimate does not depend on the name: until one is typed the population's stands in.
  const draft = useMemo(() => {
    const parsed = createPanelRequest.safeParse({
      name: name.trim() || frame?.name || 'Panel',
      frame: frameId,
      size,
      filters,
      ...csv,
    });
    return parsed.success ? JSON.stringify(parsed.data) : '';
  }, [name, frame, frameId, size, filters, csv]);
  const settled = useSettled(draft, 400);
  const allowed = !locked && refusal === undefined;
  const estimate = usePanelEstimate(
    productId,
    allowed && settled ? (JSON.parse(settled) as CreatePanelRequest) : null,
  );

  const chooseFrame = () => {
    // Another population has other traits and another currency: the filters start again.
    setChoices({});
  };

  const readFile = (chosen: File | undefined) => {
    setFile(null);
    setFileError(undefined);
    if (!chosen) return;
    if (chosen.size > MAX_FRAME_CSV_LENGTH) {
      setFileError(panelMessages.csvTooLong);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setFile({ name: chosen.name, text: String(reader.result ?? '') });
    reader.onerror = () => setFileError('The file could not be read. Choose it again.');
    reader.readAsText(chosen);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setFailure(undefined);
    void form.handleSubmit(async (body) => {
      if (match !== 'population' && !file) {
        setFileError('Choose the CSV file to match, or draw to the population’s shares.');
        return;
      }
      try {
        const panel = await create.mutateAsync(body);
        toast({
          title: 'Building the panel',
          description: `${panel.name}: ${count(panel.size)} personas are being built.`,
        });
        form.reset({ name: '', frame: body.frame, size: body.size, filters: [] });
        setChoices({});
        setFile(null);
        setMatch('population');
      } catch (error) {
        setFailure(refusalMessage(error) ?? 'The panel could not be drawn. Please try again.');
      }
    })(event);
  };

  const filterErrors = form.formState.errors.filters;
  const estimateError = estimate.isError ? serverMessage(estimate.error) : undefined;
  const disabled = create.isPending || !allowed;

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField form={form} name="name" id={`${id}-name`} label="Panel name" required>
          {(control) => (
            <Input {...control} placeholder="e.g. UK adults with children" maxLength={100} />
          )}
        </FormField>
        <FormField
          form={form}
          name="size"
          id={`${id}-size`}
          label="Size (personas)"
          required
          hint={`Between ${count(MIN_PANEL_SIZE)} and ${count(MAX_PANEL_SIZE)}.`}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('size', { valueAsNumber: true })}
              type="number"
              inputMode="numeric"
              min={MIN_PANEL_SIZE}
              max={MAX_PANEL_SIZE}
              step={50}
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-2">
        <FormField form={form} name="frame" id={`${id}-frame`} label="Population">
          {(control) => (
            <NativeSelect
              {...control}
              {...form.register('frame', { onChange: chooseFrame })}
              className="sm:w-96"
            >
              {frames.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {frame ? <PopulationAbout frame={frame} /> : null}
      </div>

      {frame ? (
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-1 text-sm font-medium">Who to include (optional)</legend>
          <p className="text-xs text-muted-foreground">
            Tick the levels to keep; a trait with nothing ticked keeps everyone. The share of the
            population is in brackets.
          </p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {frame.traits.map((trait) => {
              const index = filters.findIndex((filter) => filter.trait === trait.id);
              return (
                <TraitFilter
                  key={`${frame.id}-${trait.id}`}
                  id={id}
                  trait={trait}
                  currency={frame.currency}
                  choice={choices[trait.id] ?? { levels: [], min: '' }}
                  error={index >= 0 ? filterErrors?.[index]?.min?.message : undefined}
                  onChange={(choice) =>
                    setChoices((current) => ({ ...current, [trait.id]: choice }))
                  }
                />
              );
            })}
          </div>
        </fieldset>
      ) : null}

      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-1 text-sm font-medium">Draw to</legend>
        {(Object.keys(matchLabels) as Match[]).map((kind) => (
          <label key={kind} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-match`}
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={match === kind}
              onChange={() => {
                setMatch(kind);
                setFile(null);
                setFileError(undefined);
              }}
            />
            <span className="min-w-0 break-words">
              {matchLabels[kind]}
              {match === kind ? (
                <span className="block text-xs text-muted-foreground">{matchHints[kind]}</span>
              ) : null}
            </span>
          </label>
        ))}
        {match !== 'population' ? (
          <div className="grid gap-1 pl-6">
            <label htmlFor={`${id}-file`} className="text-sm font-medium">
              CSV file
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${id}-file-error` : undefined}
              className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
              onChange={(event) => readFile(event.target.files?.[0])}
            />
            {file ? (
              <p className="text-xs break-words text-muted-foreground">
                {file.name}: {count(file.text.length)} characters read
              </p>
            ) : null}
            <FieldError id={`${id}-file-error`}>{fileError}</FieldError>
          </div>
        ) : null}
      </fieldset>

      {allowed && estimate.data && !estimateError ? (
        <BuildEstimate estimate={estimate.data} />
      ) : null}
      {estimateError ? (
        <p className="text-sm text-destructive" role="alert" data-testid="panel-estimate-error">
          {estimateError}
        </p>
      ) : null}
      {failure ? (
        <p className="text-sm text-destructive" role="alert">
          {failure}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" className="w-fit" disabled={disabled} title={refusal}>
          {create.isPending ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : (
            <UsersRound aria-hidden />
          )}
          Build panel
        </Button>
        {refusal || locked ? (
          <p className="text-sm text-muted-foreground">
            {refusal ?? 'Complete payment to draw panels.'}
          </p>
        ) : null}
      </div>
    </form>
  );
}
