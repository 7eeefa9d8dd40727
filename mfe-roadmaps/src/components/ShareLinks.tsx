import {
  COMPARE_MAX_ITEMS,
  createComparisonLinkRequest,
  type CreatedShareLinkView,
  createShareLinkRequest,
  formatDate,
  SHARE_DEFAULT_DAYS,
  SHARE_MAX_DAYS,
  type ShareFeedbackType,
  shareMessages,
  type RoadmapItem,
  type ShareLinkView,
  type ShareResultsView,
} from '@chorus/contracts';
import { COPY_FAILED_MESSAGE, trackEvent, useActionMutation, useCopy } from '@chorus/platform';
import { BarChart } from '@chorus/platform/charts';
import {
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FieldError,
  Input,
  Loading,
} from '@chorus/platform/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronRight, Copy, Download, Link2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  roadmapApi,
  roadmapKeys,
  saveFile,
  usePersonas,
  useShareLinks,
  useShareResults,
} from '../api';
import { failureToast } from '../messages';
import { PersonaPicker } from './Feedback';

export type ShareTarget =
  | { kind: 'item'; item: RoadmapItem }
  | { kind: 'comparison'; roadmapId: string; items: RoadmapItem[] };

const typeLabels: Record<string, string> = {
  rating: 'Rating 1–5',
  thumbs: 'Thumbs up / down',
  text: 'Written answer',
  ranking: 'Ranking',
};

const statusTone: Record<ShareLinkView['status'], 'default' | 'secondary' | 'outline'> = {
  active: 'default',
  expired: 'secondary',
  deactivated: 'outline',
};

const day = (iso: string) => formatDate(iso, 'medium', { timeZone: 'UTC' });

/** A listed link's address, copied again from the list. */
function CopyListedLink({ path }: { path: string | null }) {
  const url = path ? `${window.location.origin}${path}` : '';
  const { copied, copy } = useCopy(url);
  if (!path) {
    return (
      <span className="text-xs text-muted-foreground">
        Link address not available — create a new link
      </span>
    );
  }
  return (
    <Button type="button" size="sm" variant="ghost" onClick={() => void copy()} title={url}>
      <Copy aria-hidden /> {copied ? shareMessages.copied : 'Copy link'}
    </Button>
  );
}

/** The link's address and a Copy button: "Copied" for 2 seconds, or why it failed. */
function CopyLink({ url }: { url: string }) {
  const { copied, failed, copy } = useCopy(url);
  return (
    <div className="grid gap-1">
      <div className="flex gap-2">
        <Input readOnly value={url} aria-label="Share link" onFocus={(e) => e.target.select()} />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden /> {copied ? shareMessages.copied : 'Copy'}
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {COPY_FAILED_MESSAGE}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        You can copy it again later from the list of links.
      </p>
    </div>
  );
}

function NewLinkForm({
  target,
  productId,
  onCreated,
}: {
  target: ShareTarget;
  productId: string;
  onCreated: (link: CreatedShareLinkView) => void;
}) {
  const [feedbackType, setFeedbackType] = useState<ShareFeedbackType>('rating');
  const [allowComments, setAllowComments] = useState(true);
  const [days, setDays] = useState(String(SHARE_DEFAULT_DAYS));
  const [personaIds, setPersonaIds] = useState<string[]>([]);
  const [itemIds, setItemIds] = useState<string[]>(
    target.kind === 'comparison' ? target.items.slice(0, COMPARE_MAX_ITEMS).map((i) => i.id) : [],
  );
  const [error, setError] = useState('');
  const personas = usePersonas(productId, true);
  const queryClient = useQueryClient();

  // One Idempotency-Key per click on Create Link: a double click makes one link.
  const create = useActionMutation({
    mutationFn: (body: unknown, idempotencyKey) =>
      target.kind === 'item'
        ? roadmapApi.createShareLink(target.item.id, body, idempotencyKey)
        : roadmapApi.createComparisonLink(target.roadmapId, body, idempotencyKey),
    onSuccess: (link) => {
      trackEvent('share_created', { feedback_type: link.feedbackType });
      void queryClient.invalidateQueries({
        queryKey:
          target.kind === 'item'
            ? roadmapKeys.itemShareLinks(target.item.id)
            : roadmapKeys.comparisonLinks(target.roadmapId),
      });
      onCreated(link);
    },
    onError: (e) => failureToast('Failed to create the link', e),
  });

  function submit() {
    const common = { allowComments, expiresInDays: Number(days), personaIds };
    const parsed =
      target.kind === 'item'
        ? createShareLinkRequest.safeParse({ ...common, feedbackType })
        : createComparisonLinkRequest.safeParse({ ...common, itemIds });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the link’s settings');
      return;
    }
    setError('');
    create.mutate(parsed.data);
  }

  return (
    <section aria-label="New link" className="grid gap-4 rounded-lg border p-4">
      {target.kind === 'item' ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">What people answer</legend>
          <div className="flex flex-wrap gap-3 text-sm">
            {(['rating', 'thumbs', 'text'] as const).map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="feedbackType"
                  className="accent-primary"
                  checked={feedbackType === type}
                  onChange={() => setFeedbackType(type)}
                />
                {typeLabels[type]}
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">
            Items to rank (2–{COMPARE_MAX_ITEMS}, most wanted first)
          </legend>
          <div className="grid max-h-48 gap-1 overflow-y-auto text-sm sm:grid-cols-2">
            {target.items.map((item) => (
              <label key={item.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="accent-primary"
                  checked={itemIds.includes(item.id)}
                  onChange={(e) =>
                    setItemIds(
                      e.target.checked
                        ? [...itemIds, item.id]
                        : itemIds.filter((id) => id !== item.id),
                    )
                  }
                />
                {item.title}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="flex flex-wrap items-end gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="accent-primary"
            checked={allowComments}
            onChange={(e) => setAllowComments(e.target.checked)}
          />
          Allow comments
        </label>
        <label className="grid gap-1">
          <span>Expires after (days, at most {SHARE_MAX_DAYS})</span>
          <Input
            type="number"
            min={1}
            max={SHARE_MAX_DAYS}
            value={days}
            className="w-28"
            onChange={(e) => setDays(e.target.value)}
          />
        </label>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer">Compare with personas’ predictions (optional)</summary>
        <div className="mt-2">
          <PersonaPicker
            productId={productId}
            personas={personas}
            chosen={personaIds}
            onChange={setPersonaIds}
          />
          <p className="mt-1 text-xs text-muted-foreground">
            None chosen: every persona that has rated{' '}
            {target.kind === 'item' ? 'the item' : 'these items'}.
          </p>
        </div>
      </details>
      <FieldError>{error}</FieldError>
      <div>
        <Button type="button" disabled={create.isPending} onClick={submit}>
          <Link2 aria-hidden /> {create.isPending ? 'Creating…' : 'Create Link'}
        </Button>
      </div>
    </section>
  );
}

/** The team's view of a link: the people's answers beside the personas' predictions. */
export function ShareResults({ linkId }: { linkId: string }) {
  const results = useShareResults(linkId);
  if (results.isPending) return <Loading label="Loading results..." />;
  if (results.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Unable to load the results.
      </p>
    );
  }
  const view: ShareResultsView = results.data;
  const { agreement, distribution } = view;
  const percent = (counts: number[]) => {
    const total = counts.reduce((a, b) => a + b, 0);
    return counts.map((n) => (total ? Math.round((n / total) * 100) : 0));
  };
  async function download() {
    try {
      const { fileName, blob } = await roadmapApi.shareResponsesCsv(linkId);
      saveFile(blob, fileName);
    } catch (e) {
      failureToast('Failed to export the responses', e);
    }
  }
  return (
    <section aria-label="Results" className="grid gap-4 rounded-lg border p-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h4 className="font-semibold">
            {view.responseCount} {view.responseCount === 1 ? 'response' : 'responses'}
          </h4>
          {agreement ? (
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
          ) : null}
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => void download()}>
          <Download aria-hidden /> Export CSV
        </Button>
      </header>

      {distribution.kind === 'rating' || distribution.kind === 'thumbs' ? (
        <BarChart
          title={
            distribution.kind === 'rating'
              ? 'Ratings: people and personas'
              : 'Thumbs: people and personas'
          }
          data={(distribution.kind === 'rating' ? ['1', '2', '3', '4', '5'] : ['Up', 'Down']).map(
            (answer, i) => ({
              answer,
              people: percent(distribution.human)[i]!,
              personas: percent(distribution.persona)[i]!,
            }),
          )}
          category="answer"
          categoryLabel="Answer"
          series={[
            { key: 'people', label: 'People (%)', color: 'var(--color-primary)' },
            { key: 'personas', label: 'Personas (%)', color: 'var(--color-amber-400, #fbbf24)' },
          ]}
          height={200}
        />
      ) : null}
      {distribution.kind === 'ranking' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <h5
              className="text-sm font-medium"
              title="Borda count: each person gives an item more points the higher they rank it"
            >
              People’s order (most points first)
            </h5>
            <ol aria-label="People’s order" className="list-decimal pl-5 text-sm">
              {distribution.human.map((entry) => (
                <li key={entry.itemId}>
                  {entry.title}{' '}
                  <span className="text-muted-foreground">({entry.points} points)</span>
                </li>
              ))}
            </ol>
          </div>
          <div>
            <h5 className="text-sm font-medium">Personas’ predicted order</h5>
            {distribution.persona.length ? (
              <ol aria-label="Personas’ order" className="list-decimal pl-5 text-sm">
                {distribution.persona.map((entry) => (
                  <li key={entry.itemId}>{entry.title}</li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted-foreground">
                No persona ranking of these items yet.
              </p>
            )}
          </div>
        </div>
      ) : null}

      <p className="text-sm text-muted-foreground">
        Sentiment: {view.sentiment.positive} positive, {view.sentiment.neutral} neutral,{' '}
        {view.sentiment.negative} negative
      </p>
      {view.overTime.length > 0 ? (
        <BarChart
          title="Respondents over time"
          data={view.overTime}
          category="date"
          categoryLabel="Day"
          formatCategory={(day) =>
            formatDate(`${String(day).slice(0, 10)}T00:00:00Z`, 'medium', { timeZone: 'UTC' })
          }
          series={[{ key: 'count', label: 'Responses', color: 'var(--color-primary)' }]}
          height={160}
          legend={false}
          wholeNumbers
        />
      ) : null}
      {view.predictions.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No persona predictions yet: ask your personas about{' '}
          {view.link.kind === 'item' ? 'this item' : 'these items (Compare Items)'} and their
          answers appear here beside the people’s.
        </p>
      ) : (
        <div>
          <h5 className="text-sm font-medium">Personas’ predictions</h5>
          <ul className="text-sm">
            {view.predictions.map((p) => (
              <li key={p.personaId}>
                {p.personaName}:{' '}
                {p.rating !== null
                  ? `${p.rating} of 5`
                  : p.order
                      .map((id) => view.items.find((i) => i.id === id)?.title ?? id)
                      .join(' › ')}
              </li>
            ))}
          </ul>
        </div>
      )}
      {view.comments.length > 0 ? (
        <div>
          <h5 className="text-sm font-medium">Comments</h5>
          <ul aria-label="Comments" className="grid gap-2 text-sm">
            {view.comments.map((c, i) => (
              <li key={i} className="rounded-md bg-muted/50 px-3 py-2">
                <p className="whitespace-pre-wrap">{c.text}</p>
                <p className="text-xs text-muted-foreground">
                  {c.name || 'Anonymous'} · {day(c.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function LinksTable({
  links,
  selected,
  onSelect,
}: {
  links: ShareLinkView[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<ShareLinkView | undefined>();
  const refresh = () =>
    queryClient
      .invalidateQueries({ queryKey: ['/api/roadmap-items'] })
      .then(() => queryClient.invalidateQueries({ queryKey: ['/api/roadmaps'] }));
  const toggle = useMutation({
    mutationFn: (link: ShareLinkView) => roadmapApi.setShareLinkActive(link.id, !link.isActive),
    onSuccess: () => void refresh(),
    onError: (e) => failureToast('Failed to change the link', e),
  });
  const remove = useMutation({
    mutationFn: (link: ShareLinkView) => roadmapApi.deleteShareLink(link.id),
    onSuccess: () => {
      setDeleting(undefined);
      void refresh();
    },
    onError: (e) => failureToast('Failed to delete the link', e),
  });
  if (links.length === 0) {
    return <p className="text-sm text-muted-foreground">No links yet.</p>;
  }
  return (
    <>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Share links</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col">Link</th>
            <th scope="col">Views</th>
            <th scope="col">Responses</th>
            <th scope="col">Expires</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <tr
              key={link.id}
              aria-label={`${typeLabels[link.feedbackType]} link created ${day(link.createdAt)}`}
              className={selected === link.id ? 'bg-primary/5' : ''}
            >
              <td className="py-1">{typeLabels[link.feedbackType]}</td>
              <td className="tabular-nums">{link.accessCount}</td>
              <td className="tabular-nums">{link.responseCount}</td>
              <td>{day(link.expiresAt)}</td>
              <td>
                <Badge variant={statusTone[link.status]} className="capitalize">
                  {link.status}
                </Badge>
              </td>
              <td className="flex justify-end gap-1 py-1">
                <CopyListedLink path={link.path} />
                <Button type="button" size="sm" variant="ghost" onClick={() => onSelect(link.id)}>
                  Results
                </Button>
                {link.status !== 'expired' ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    disabled={toggle.isPending}
                    onClick={() => toggle.mutate(link)}
                  >
                    {link.isActive ? 'Deactivate' : 'Activate'}
                  </Button>
                ) : null}
                <Button type="button" size="sm" variant="ghost" onClick={() => setDeleting(link)}>
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete Link"
        description="The link stops working and every response to it is deleted. This cannot be undone."
        confirmLabel="Delete Link"
        destructive
        pending={remove.isPending}
        closeOnConfirm={false}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}

/**
 * Public links for people: create one (what they answer, comments, expiry,
 * personas to compare with), copy its address, see each link's views,
 * responses, expiry and status, switch it off or delete it, and read its
 * results beside the personas' predictions.
 */
export function ShareLinksDialog({
  target,
  productId,
  onOpenChange,
}: {
  target: ShareTarget | undefined;
  productId: string;
  onOpenChange: (open: boolean) => void;
}) {
  const [created, setCreated] = useState<CreatedShareLinkView | undefined>();
  const [selected, setSelected] = useState<string | undefined>();
  const key = target?.kind === 'item' ? target.item.id : target?.roadmapId;
  useEffect(() => {
    setCreated(undefined);
    setSelected(undefined);
  }, [key]);
  const links = useShareLinks(
    target?.kind === 'item'
      ? { kind: 'item', itemId: target.item.id }
      : { kind: 'comparison', roadmapId: target?.roadmapId ?? '' },
    Boolean(target),
  );
  return (
    <Dialog open={Boolean(target)} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>
            {target?.kind === 'item' ? `Share “${target.item.title}”` : 'Share a Ranking'}
          </DialogTitle>
          <DialogDescription>
            Anyone with the link can answer without signing in, once per browser; you see their
            answers beside what your personas predicted.
          </DialogDescription>
        </DialogHeader>
        {target ? (
          <div className="grid gap-4">
            <NewLinkForm
              target={target}
              productId={productId}
              onCreated={(link) => {
                setCreated(link);
                setSelected(link.id);
              }}
            />
            {created ? <CopyLink url={`${window.location.origin}${created.path}`} /> : null}
            <section aria-label="Links" className="grid gap-2">
              <h4 className="text-sm font-medium">Links</h4>
              {links.isPending ? (
                <Loading label="Loading links..." />
              ) : (
                <LinksTable links={links.data ?? []} selected={selected} onSelect={setSelected} />
              )}
            </section>
            {selected ? <ShareResults linkId={selected} /> : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
