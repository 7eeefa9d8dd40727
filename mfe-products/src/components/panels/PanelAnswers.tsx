import {
  type Opinion,
  opinions,
  type PanelAnswerView,
  type WeightedCutView,
} from '@chorus/contracts';
import {
  Badge,
  Button,
  cn,
  Input,
  Label,
  LoadError,
  NativeSelect,
  opinionLabel,
  Spinner,
} from '@chorus/platform/ui';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { count, pageCount } from '../../panel-words';
import { PANEL_ANSWERS_PAGE_SIZE, type PanelAnswersQuery, usePanelAnswers } from '../../panels-api';

const opinionLook: Record<Opinion, string> = {
  positive: 'border-transparent bg-emerald-100 text-emerald-800',
  neutral: 'border-transparent bg-slate-100 text-slate-700',
  negative: 'border-transparent bg-red-100 text-red-800',
};

/** The search once typing has paused for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Trait ids and level ids in the words the cuts use for them. */
function traitWords(cuts: readonly WeightedCutView[]) {
  const traits = new Map(
    cuts.map((cut) => [
      cut.trait,
      {
        label: cut.label,
        levels: new Map(cut.segments.map((segment) => [segment.level, segment.label])),
      },
    ]),
  );
  return (trait: string, level: string) => {
    const known = traits.get(trait);
    return { label: known?.label ?? trait, value: known?.levels.get(level) ?? level };
  };
}

function AnswerItem({
  answer,
  words,
}: {
  answer: PanelAnswerView;
  words: ReturnType<typeof traitWords>;
}) {
  const traits = Object.entries(answer.traits).map(([trait, level]) => words(trait, level));
  const drawn = answer.draws.positive + answer.draws.neutral + answer.draws.negative;
  return (
    <li className="grid min-w-0 gap-1.5 rounded-lg border p-3 text-sm" data-testid="panel-answer">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-semibold break-words">{answer.personaName}</p>
        <Badge variant="outline" className={opinionLook[answer.opinion]}>
          {opinionLabel[answer.opinion]} ({Math.round(answer.confidence * 100)}%)
        </Badge>
      </div>
      <p className="text-xs break-words text-muted-foreground">
        {answer.age}, {answer.occupation}, {answer.location}
      </p>
      <p className="text-xs break-words text-muted-foreground" data-testid="panel-answer-weight">
        Counts as {answer.weight.toFixed(2)} of an answer. Its {drawn} draws:{' '}
        {answer.draws.positive} positive, {answer.draws.neutral} neutral, {answer.draws.negative}{' '}
        negative.
      </p>
      {traits.length > 0 ? (
        <p className="text-xs break-words text-muted-foreground">
          {traits.map((trait) => `${trait.label}: ${trait.value}`).join(' · ')}
        </p>
      ) : null}
      <p className="break-words">{answer.response}</p>
      {answer.reasoning ? (
        <details className="group text-xs text-muted-foreground">
          <summary className="inline-flex cursor-pointer list-none items-center gap-1 font-medium text-primary hover:underline [&::-webkit-details-marker]:hidden">
            <ChevronRight
              className="size-3.5 transition-transform group-open:rotate-90"
              aria-hidden
            />
            Why
          </summary>
          <p className="mt-1 pl-4 break-words">{answer.reasoning}</p>
        </details>
      ) : null}
    </li>
  );
}

/**
 * A panel question's persona answers, 25 at a time: searched (by name,
 * occupation, place or answer, once typing pauses) and filtered by opinion,
 * with Previous and Next.
 */
export function PanelAnswers({
  productId,
  questionId,
  cuts,
}: {
  productId: string;
  questionId: string;
  /** The question's cuts: they name each trait and level an answer carries. */
  cuts: readonly WeightedCutView[];
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const search = useSettled(typed.trim(), 300);
  const [opinion, setOpinion] = useState<PanelAnswersQuery['opinion']>('');
  // The page belongs to the search and opinion it was turned for: another starts from page 1.
  const [paging, setPaging] = useState({ search, opinion, page: 1 });
  // A new search or opinion starts again from page 1, also when an earlier one comes back.
  if (paging.search !== search || paging.opinion !== opinion) {
    setPaging({ search, opinion, page: 1 });
  }
  const page = paging.search === search && paging.opinion === opinion ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, opinion, page: next });
  const answers = usePanelAnswers(productId, questionId, { page, search, opinion }, true);
  const words = useMemo(() => traitWords(cuts), [cuts]);
  const data = answers.data;
  const pages = data ? pageCount(data.total, data.pageSize || PANEL_ANSWERS_PAGE_SIZE) : 1;
  const shownPage = data?.page ?? page;

  return (
    <section className="grid min-w-0 gap-3" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="font-semibold">
        Persona answers
      </h4>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search persona answers"
            placeholder="Search by name, occupation, place or answer..."
            className="pl-9"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-opinion`} className="text-sm">
            Opinion
          </Label>
          <NativeSelect
            id={`${id}-opinion`}
            className="w-auto"
            value={opinion}
            onChange={(event) => setOpinion(event.target.value as PanelAnswersQuery['opinion'])}
          >
            <option value="">All</option>
            {opinions.map((value) => (
              <option key={value} value={value}>
                {opinionLabel[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {answers.isLoading ? (
        <Spinner label="Loading persona answers..." />
      ) : answers.isError ? (
        <LoadError
          message="Unable to load the persona answers."
          onRetry={() => void answers.refetch()}
        />
      ) : data && data.answers.length === 0 ? (
        <p className="text-sm text-muted-foreground" role="status">
          No persona answers match.
        </p>
      ) : data ? (
        <>
          <p className="text-xs text-muted-foreground" role="status" aria-live="polite">
            {count(data.total)} {data.total === 1 ? 'answer' : 'answers'}
            {search ? ` matching “${search}”` : ''}
          </p>
          <ul
            className={cn(
              'grid grid-cols-1 gap-2 md:grid-cols-2',
              answers.isPlaceholderData && 'opacity-60',
            )}
            aria-label="Persona answers"
            aria-busy={answers.isPlaceholderData || undefined}
          >
            {data.answers.map((answer) => (
              <AnswerItem key={answer.index} answer={answer} words={words} />
            ))}
          </ul>
        </>
      ) : null}

      {data && data.total > 0 ? (
        <nav className="flex flex-wrap items-center gap-2" aria-label="Pages of persona answers">
          <Button
            variant="outline"
            size="sm"
            disabled={shownPage <= 1 || answers.isFetching}
            onClick={() => setPage(shownPage - 1)}
          >
            <ChevronLeft aria-hidden /> Previous
          </Button>
          <span className="text-sm tabular-nums" data-testid="panel-answers-page">
            Page {count(shownPage)} of {count(pages)}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={shownPage >= pages || answers.isFetching}
            onClick={() => setPage(shownPage + 1)}
          >
            Next <ChevronRight aria-hidden />
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
