import {
  askQuestionRequest,
  budgetRefusal,
  formatCost,
  MAX_QUESTION_LENGTH,
  type MarketPanelView,
  MIN_QUESTION_LENGTH,
  panelMessages,
  type ProductPersonaView,
  type QuestionEstimate,
  questionMessages,
  type QuestionType,
  questionTypeLabels,
  questionTypes,
  type OptionFinding,
  type TypedQuestionSpec,
  type NationalFrameId,
} from '@chorus/contracts';
import { selectedPersonasSummary } from '../../question-history';
import { analytics, toast } from '@chorus/platform';
import {
  Button,
  Card,
  CardContent,
  cn,
  FieldError,
  Label,
  NativeSelect,
  Spinner,
  Textarea,
  useZodForm,
} from '@chorus/platform/ui';
import { Coins, Send, Users } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { personas as personasText } from '../../panel-words';
import { useQuestionEstimate } from '../../questions-api';
import { refusalMessage } from '../../messages';
import { readyPanels, WhoAnswers } from '../panels/WhoAnswers';
import { WordingFindings } from './WordingFindings';

/** The populations the chosen personas' answers can be weighted to. */
const NATIONAL_FRAMES: readonly [NationalFrameId, string][] = [
  ['us', 'United States'],
  ['uk', 'United Kingdom'],
  ['de', 'Germany'],
  ['in', 'India'],
];
import {
  checkDraft,
  defaultDraft,
  errorsAfterChange,
  type SpecDraft,
  type SpecErrors,
  suggestedQuestion,
} from './typed/spec-draft';
import { TypedPreview } from './typed/TypedPreview';
import { TypedSettings } from './typed/TypedSettings';

/** The text once typing has paused for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A scale or options that lean one way: what steers and what to do, before anyone is asked. */
function OptionFindings({ findings }: { findings: readonly OptionFinding[] }) {
  return (
    <div
      role="status"
      data-testid="option-findings"
      className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="font-medium">The answers you offer may lean one way</p>
      <ul className="grid gap-1 pl-4">
        {findings.map((finding, index) => (
          <li key={`${finding.where}-${index}`} className="list-disc break-words">
            <span className="font-medium">“{finding.phrase}”</span>: {finding.why}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What asking would cost, before sending, and this month's spend against the budget. */
function CostEstimate({ data }: { data: QuestionEstimate }) {
  const budget = data.budget;
  const refusal = budgetRefusal(budget, data.costUsd ?? 0);
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground"
      aria-label="Cost estimate"
      data-testid="cost-estimate"
    >
      <span className="inline-flex items-center gap-1">
        <Coins className="size-3.5" aria-hidden />
        Estimated cost:{' '}
        <span className="font-medium text-foreground">{formatCost(data.costUsd)}</span>
      </span>
      <span>
        {data.engine === 'local'
          ? 'Local engine: no model calls'
          : `${data.modelCalls} model ${data.modelCalls === 1 ? 'call' : 'calls'} to ${data.model}, about ${(data.inputTokens + data.outputTokens).toLocaleString('en-US')} tokens`}
        {data.cachedAnswers > 0
          ? `; ${data.cachedAnswers} ${data.cachedAnswers === 1 ? 'answer was' : 'answers were'} given before and cost nothing again`
          : ''}
      </span>
      {budget.monthlyBudgetUsd !== null ? (
        <span>
          This month: {formatCost(budget.spentThisMonthUsd)} of{' '}
          {formatCost(budget.monthlyBudgetUsd)} budget
        </span>
      ) : null}
      {refusal ? (
        <span className="w-full text-destructive" role="alert">
          {refusal}
        </span>
      ) : null}
    </div>
  );
}

function NoPersonas({ productId }: { productId: string }) {
  return (
    <div
      className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      role="status"
    >
      <div className="flex gap-3">
        <Users className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
        <div>
          <p className="font-semibold text-amber-900">{questionMessages.noPersonasTitle}</p>
          <p className="text-sm text-amber-800">{questionMessages.noPersonasDescription}</p>
        </div>
      </div>
      <Button asChild variant="outline" size="sm">
        <Link to={`/products/${encodeURIComponent(productId)}/personas`}>Select Personas</Link>
      </Button>
    </div>
  );
}

/**
 * Ask every selected persona, or one of the product's ready market panels,
 * a question (10 to 500 characters). Without personas or a panel chosen the
 * form says so and refuses to submit.
 */
export function QuestionForm({
  productId,
  personas,
  personasLoading,
  submitting,
  locked = false,
  refusal,
  onAsk,
  status,
  panels = [],
  initialPanelId,
}: {
  productId: string;
  /** The product's market panels: a ready one can answer instead of the chosen personas. */
  panels?: readonly MarketPanelView[];
  /** The panel chosen when the form opens (from the panels page's "Ask this panel"). */
  initialPanelId?: string;
  /** Shown under the Ask button: how the question just asked is coming along. */
  status?: ReactNode;
  /** Why the user's role does not allow asking (a viewer): the form asks nothing and says so. */
  refusal?: string;
  /** The product is not paid for: the form stays visible but asks nothing (the page's banner says why). */
  locked?: boolean;
  personas: readonly ProductPersonaView[];
  personasLoading: boolean;
  submitting: boolean;
  /**
   * Resolves true when the question was accepted (the form then empties).
   * `spec` carries a typed question's settings; none for the open opinion question;
   * `panelId` the market panel asked instead of the chosen personas.
   */
  onAsk(
    questionText: string,
    checkWording: boolean,
    spec?: TypedQuestionSpec,
    panelId?: string,
    weightTo?: NationalFrameId,
  ): Promise<boolean>;
}) {
  const id = useId();
  // Checked on submit only; typing clears the message (below) rather than re-checking each key.
  const form = useZodForm(askQuestionRequest, {
    defaultValues: { questionText: '', productId },
    reValidateMode: 'onSubmit',
  });
  const error = form.formState.errors.questionText?.message;
  const names = personas.map((persona) => persona.template.name);
  const { shown, more } = selectedPersonasSummary(names);
  const typed = form.watch('questionText');
  const length = typed.trim().length;
  const [sensitivity, setSensitivity] = useState(false);
  const [panelId, setPanelId] = useState('');
  const [weightTo, setWeightTo] = useState<NationalFrameId | ''>('');
  const ready = readyPanels(panels);
  const panel = ready.find((candidate) => candidate.id === panelId);
  // The panel named by the address is chosen once, as soon as the product's panels are known.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !initialPanelId) return;
    if (ready.some((candidate) => candidate.id === initialPanelId)) {
      preselected.current = true;
      setPanelId(initialPanelId);
    }
  }, [initialPanelId, ready]);
  // The wording check asks every persona three times: it is not offered for a panel.
  const checkWording = sensitivity && !panel;
  const [draft, setDraft] = useState<SpecDraft>(defaultDraft);
  const [specErrors, setSpecErrors] = useState<SpecErrors>({});
  const changeDraft = (change: Partial<SpecDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
    // A message goes once its field is edited; the others wait for the next Ask.
    setSpecErrors((current) => errorsAfterChange(current, change));
  };
  // A price question starts from a question made of its offer, rewritten as the offer is typed
  // until the customer writes their own.
  const suggested = useRef<string | null>(null);
  const suggestion = suggestedQuestion(draft);
  useEffect(() => {
    const current = form.getValues('questionText');
    const untouched = current.trim() === '' || current === suggested.current;
    if (untouched && current !== (suggestion ?? '')) {
      form.setValue('questionText', suggestion ?? '', { shouldDirty: true });
      form.clearErrors('questionText');
    }
    suggested.current = suggestion;
  }, [suggestion, form]);
  // Asked of the server once typing pauses: the wording check and the cost come together.
  const settled = useSettled(typed.trim(), 400);
  // The settings are read with the text once typing pauses: their labels and options are checked too.
  const draftSpec = useMemo(() => {
    const checked = checkDraft(draft);
    return checked.ok && checked.spec ? JSON.stringify(checked.spec) : '';
  }, [draft]);
  const settledSpec = useSettled(draftSpec, 400);
  const estimate = useQuestionEstimate(
    productId,
    {
      questionText: settled,
      checkWording,
      ...(settledSpec ? { spec: JSON.parse(settledSpec) as TypedQuestionSpec } : {}),
      ...(panel ? { panelId: panel.id } : {}),
    },
    refusal === undefined &&
      settled.length >= MIN_QUESTION_LENGTH &&
      settled.length <= MAX_QUESTION_LENGTH,
  );
  // The check shown belongs to the text in the box, not to an earlier text kept while the next loads.
  const wording =
    length >= MIN_QUESTION_LENGTH && estimate.data && !estimate.isPlaceholderData
      ? estimate.data.wording
      : null;
  const optionFindings =
    estimate.data && !estimate.isPlaceholderData ? estimate.data.optionFindings : [];
  // A question in another language is told as it is typed: the server's detector says so.
  const languageRefusal =
    estimate.error && refusalMessage(estimate.error) === questionMessages.notEnglish
      ? questionMessages.notEnglish
      : undefined;
  const fieldError = error ?? languageRefusal;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The settings are checked with the text, so every message shows at once.
    const checked = checkDraft(draft);
    setSpecErrors(checked.ok ? {} : checked.errors);
    void form.handleSubmit(async ({ questionText }) => {
      if (!checked.ok) return;
      await ask(questionText, checked.spec);
    })(event);
  };

  const ask = async (questionText: string, spec: TypedQuestionSpec | undefined) => {
    if (personas.length === 0 && !panel) {
      toast({
        title: questionMessages.noPersonasTitle,
        description: questionMessages.noPersonasDescription,
        variant: 'destructive',
      });
      return;
    }
    if (
      await onAsk(questionText, checkWording, spec, panel?.id, (!panel && weightTo) || undefined)
    ) {
      analytics.questionSubmitted('strategic');
      suggested.current = null;
      form.reset({ questionText: '', productId });
    }
  };

  return (
    <Card className="gap-4 py-5">
      <CardContent className="grid gap-4 px-5">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">Ask Your Personas</h2>
          <p className="text-sm text-muted-foreground">
            Every selected persona answers with its most likely opinion, how likely it is, and its
            reasoning.
          </p>
        </div>

        <WhoAnswers
          id={`${id}-who`}
          productId={productId}
          personaCount={names.length}
          panels={panels}
          value={panel?.id ?? ''}
          onChange={setPanelId}
          drawHint
        />

        {!panel && names.length > 0 ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-weight`}>Weight the answers to a population</Label>
            <NativeSelect
              id={`${id}-weight`}
              className="sm:w-96"
              value={weightTo}
              onChange={(event) => setWeightTo(event.target.value as NationalFrameId | '')}
            >
              <option value="">Not weighted</option>
              {NATIONAL_FRAMES.map(([frameId, name]) => (
                <option key={frameId} value={frameId}>
                  {name}
                </option>
              ))}
            </NativeSelect>
            {weightTo ? (
              <p className="text-xs text-muted-foreground">
                Each persona&apos;s age, gender, income, region and household are read from its
                profile and weighted to the country&apos;s shares; where a group has nobody, the
                answer says so.
              </p>
            ) : null}
          </div>
        ) : null}

        {panel ? (
          <div className="flex flex-wrap items-center gap-1.5 text-sm" aria-label="Panel asked">
            <Users className="size-4 text-muted-foreground" aria-hidden />
            <span className="text-muted-foreground">Asking</span>{' '}
            <span className="rounded-md bg-secondary px-2 py-0.5 font-medium break-words">
              {panel.name}
            </span>{' '}
            <span className="text-muted-foreground">
              ({personasText(panel.size)} drawn to {panel.frame.name}, weighted to it)
            </span>
          </div>
        ) : personasLoading ? (
          <Spinner label="Loading personas..." />
        ) : names.length === 0 ? (
          <NoPersonas productId={productId} />
        ) : (
          <div
            className="flex flex-wrap items-center gap-1.5 text-sm"
            aria-label="Selected personas"
          >
            <Users className="size-4 text-muted-foreground" aria-hidden />
            <span className="text-muted-foreground">Asking</span>
            {shown.map((name) => (
              <span key={name} className="rounded-md bg-secondary px-2 py-0.5 font-medium">
                {name}
              </span>
            ))}
            {more ? <span className="text-muted-foreground">{more}</span> : null}
          </div>
        )}

        <form className="grid gap-2" onSubmit={submit} noValidate>
          <div className="grid gap-1.5 pb-2">
            <Label htmlFor={`${id}-type`}>Question type</Label>
            <NativeSelect
              id={`${id}-type`}
              className="sm:w-80"
              value={draft.type}
              onChange={(event) => {
                setDraft((current) => ({ ...current, type: event.target.value as QuestionType }));
                setSpecErrors({});
              }}
            >
              {questionTypes.map((type) => (
                <option key={type} value={type}>
                  {questionTypeLabels[type]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Label htmlFor={`${id}-question`}>Your question</Label>
          <Textarea
            id={`${id}-question`}
            rows={3}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-help`}
            placeholder="e.g. Would you pay $30 a month for a tool that plans your week for you?"
            {...form.register('questionText', { onChange: () => form.clearErrors('questionText') })}
          />
          <div id={`${id}-help`} className="flex items-start justify-between gap-3 text-xs">
            {fieldError ? (
              <FieldError>{fieldError}</FieldError>
            ) : (
              <p className="text-muted-foreground">Between 10 and 500 characters.</p>
            )}
            <span
              className={cn(
                'shrink-0 tabular-nums',
                length > MAX_QUESTION_LENGTH ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              {length}/{MAX_QUESTION_LENGTH}
            </span>
          </div>
          {wording ? (
            <WordingFindings
              wording={wording}
              onUse={(neutral) =>
                form.setValue('questionText', neutral, { shouldDirty: true, shouldValidate: false })
              }
            />
          ) : null}
          {optionFindings.length > 0 ? <OptionFindings findings={optionFindings} /> : null}
          <TypedSettings
            id={`${id}-spec`}
            productId={productId}
            draft={draft}
            errors={specErrors}
            onChange={changeDraft}
          />
          <label className="flex w-fit items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={checkWording}
              disabled={panel !== undefined}
              aria-describedby={panel ? `${id}-no-wording` : undefined}
              onChange={(event) => setSensitivity(event.target.checked)}
            />
            <span>
              Check wording sensitivity{' '}
              <span className="text-xs text-muted-foreground">
                (also asks a neutral and a reversed framing: three times the model calls)
              </span>
            </span>
          </label>
          {panel ? (
            <p id={`${id}-no-wording`} className="text-xs text-muted-foreground">
              {panelMessages.noWordingCheck}
            </p>
          ) : null}
          {checkWording &&
          !panel &&
          wording &&
          (wording.rewording !== 'ready' || !wording.reversedReady) ? (
            <p role="note" className="text-xs text-muted-foreground">
              This question has no fair {wording.rewording !== 'ready' ? 'neutral' : 'reversed'}{' '}
              wording to compare it with, so the sensitivity check will not run for it: only the
              question as written is asked.
            </p>
          ) : null}
          {(names.length > 0 || panel) && !locked && !refusal && estimate.data ? (
            <CostEstimate data={estimate.data} />
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              className="w-fit"
              disabled={submitting || locked || refusal !== undefined}
              title={refusal}
              aria-describedby={locked || refusal ? `${id}-locked` : undefined}
            >
              <Send aria-hidden />
              {submitting ? 'Submitting...' : 'Ask Question'}
            </Button>
            {refusal || locked ? (
              <p id={`${id}-locked`} className="text-sm text-muted-foreground">
                {refusal ?? 'Complete payment to ask questions.'}
              </p>
            ) : null}
          </div>
          {status}
        </form>
        <TypedPreview draft={draft} questionText={typed} />
      </CardContent>
    </Card>
  );
}
