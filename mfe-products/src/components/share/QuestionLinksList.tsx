import type { QuestionLinkView } from '@chorus/contracts';
import { serverMessage, toast } from '@chorus/platform';
import { Badge, Button, cn } from '@chorus/platform/ui';
import { BarChart3, Link2, Loader2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useQuestionLinks, useSetQuestionLinkActive } from '../../question-links-api';
import { comparePath, linkDay, linkState, linkStateWords, responsesWords } from './link-words';

const stateLook = {
  open: 'border-transparent bg-emerald-100 text-emerald-800',
  off: 'border-transparent bg-slate-100 text-slate-700',
  expired: 'border-transparent bg-amber-100 text-amber-800',
} as const;

function LinkRow({
  link,
  productId,
  refusal,
  switching,
  onSwitch,
}: {
  link: QuestionLinkView;
  productId: string;
  refusal?: string;
  switching: boolean;
  onSwitch(isActive: boolean): void;
}) {
  const state = linkState(link);
  const titleId = `question-link-${link.id}`;
  return (
    <li
      className="grid gap-2 rounded-lg border px-3 py-2.5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
      aria-labelledby={titleId}
      data-testid="question-link"
    >
      <div className="grid min-w-0 gap-1">
        <span id={titleId} className="font-medium break-words">
          {link.title}
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <Badge variant="outline" className={stateLook[state]}>
            {linkStateWords[state]}
          </Badge>
          <span>{responsesWords(link.responseCount)}</span>
          <span>
            {state === 'expired' ? 'Expired' : 'Expires'} {linkDay(link.expiresAt)}
          </span>
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label
          className={cn(
            'flex items-center gap-2 text-sm',
            (refusal !== undefined || switching) && 'opacity-60',
          )}
          title={refusal}
        >
          <input
            type="checkbox"
            role="switch"
            className="size-4 accent-primary"
            checked={link.isActive}
            disabled={refusal !== undefined || switching}
            aria-label={`Open to answers: ${link.title}`}
            onChange={(event) => onSwitch(event.target.checked)}
          />
          {switching ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : null}
          Active
        </label>
        <Button variant="outline" size="sm" asChild>
          <Link to={comparePath(productId, link.id)}>
            <BarChart3 aria-hidden /> Compare with people
          </Link>
        </Button>
      </div>
    </li>
  );
}

/**
 * The product's links to real people (or a study's): each one's title,
 * responses, expiry and whether it is open, a switch to close or reopen it,
 * and its results beside the personas'.
 */
export function QuestionLinksList({
  productId,
  studyId,
  refusal,
}: {
  productId: string;
  /** Only this study's links. */
  studyId?: string;
  refusal?: string;
}) {
  const links = useQuestionLinks(productId);
  const setActive = useSetQuestionLinkActive(productId);
  const shown = (links.data ?? []).filter((link) => !studyId || link.studyId === studyId);

  if (links.isLoading) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading links...
      </p>
    );
  }
  if (links.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        The links could not be loaded.{' '}
        <button type="button" className="underline" onClick={() => void links.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (shown.length === 0) {
    return (
      <p className="flex gap-2 text-sm text-muted-foreground">
        <Link2 className="mt-0.5 size-4 shrink-0" aria-hidden />
        No links yet. Use “Share with people” on a typed question or a study to ask real people the
        same questions.
      </p>
    );
  }
  return (
    <ul className="grid gap-2" aria-label="Links for people">
      {shown.map((link) => (
        <LinkRow
          key={link.id}
          link={link}
          productId={productId}
          refusal={refusal}
          switching={setActive.isPending && setActive.variables.linkId === link.id}
          onSwitch={(isActive) =>
            setActive.mutate(
              { linkId: link.id, isActive },
              {
                onSuccess: () =>
                  toast({ title: isActive ? 'Link open to answers again' : 'Link switched off' }),
                onError: (error) =>
                  toast({
                    title: 'The link was not changed',
                    description: serverMessage(error),
                    variant: 'destructive',
                  }),
              },
            )
          }
        />
      ))}
    </ul>
  );
}
