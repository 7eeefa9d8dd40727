import {
  type ProductPersonaView,
  requestFeedbackRequest,
  type RoadmapItem,
} from '@chorus/contracts';
import { toast, useActionMutation } from '@chorus/platform';
import {
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FieldError,
  Loading,
  useZodForm,
} from '@chorus/platform/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, MessageSquareQuote, Star, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { roadmapApi, roadmapKeys, useItemFeedback, usePersonas } from '../api';
import { failureToast } from '../messages';

/** Five stars, the first `rating` filled. */
function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn(
            'size-3.5',
            n <= Math.round(rating) ? 'fill-amber-400 text-amber-400' : 'text-slate-300',
          )}
        />
      ))}
    </span>
  );
}

const sentimentTone: Record<string, string> = {
  positive: 'text-emerald-700',
  neutral: 'text-slate-600',
  negative: 'text-red-700',
};

/** What personas said of an item: the average rating and each persona's comment. */
export function ItemFeedback({ itemId }: { itemId: string }) {
  const feedback = useItemFeedback(itemId);
  const view = feedback.data;
  if (!view || view.responses.length === 0) return null;
  return (
    <section
      aria-label="Persona feedback"
      className="grid gap-3 rounded-lg border border-amber-200/70 bg-amber-50/40 p-3"
    >
      <header className="flex flex-wrap items-center gap-2 text-sm font-medium">
        <MessageSquareQuote className="size-4 text-amber-600" aria-hidden />
        Persona Feedback
        <span className="ml-auto flex items-center gap-2 text-xs text-muted-foreground">
          <Stars rating={view.averageRating ?? 0} label={`Average ${view.averageRating} of 5`} />
          <span data-testid="average-rating">{view.averageRating?.toFixed(1)} / 5</span>
          <span>
            ({view.responses.length} {view.responses.length === 1 ? 'persona' : 'personas'})
          </span>
        </span>
      </header>
      <ul className="grid gap-2">
        {view.responses.map((response) => (
          <li
            key={response.id}
            aria-label={`${response.personaName}: ${response.rating} of 5`}
            className="grid gap-1 rounded-md bg-background px-3 py-2 text-sm shadow-xs"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{response.personaName}</span>
              <span className="flex items-center gap-2">
                <span className={cn('text-xs capitalize', sentimentTone[response.sentiment])}>
                  {response.sentiment}
                </span>
                <Stars rating={response.rating} label={`${response.rating} of 5`} />
              </span>
            </div>
            <p className="text-muted-foreground">“{response.comment}”</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Choose personas of the product, with what they are like: their loading,
 * failure and none-yet states included.
 */
export function PersonaPicker({
  productId,
  personas,
  ...choices
}: {
  productId: string;
  personas: ReturnType<typeof usePersonas>;
} & Omit<Parameters<typeof PersonaChoices>[0], 'personas'>) {
  if (personas.isPending) return <Loading label="Loading personas..." />;
  if (personas.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Unable to load the product’s personas.
      </p>
    );
  }
  if (personas.data.length === 0) return <NoPersonas productId={productId} />;
  return <PersonaChoices personas={personas.data} {...choices} />;
}

function PersonaChoices({
  personas,
  chosen,
  onChange,
  error,
}: {
  personas: ProductPersonaView[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  /** Why the choice cannot be sent (the schema's message). */
  error?: string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 flex w-full items-center justify-between text-sm font-medium">
        Personas
        <button
          type="button"
          className="cursor-pointer text-xs font-normal text-primary hover:underline"
          onClick={() =>
            onChange(chosen.length === personas.length ? [] : personas.map((p) => p.id))
          }
        >
          {chosen.length === personas.length ? 'Clear all' : 'Select all'}
        </button>
      </legend>
      <div className="grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-2">
        {personas.map((persona) => (
          <label
            key={persona.id}
            className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-checked:border-primary has-checked:bg-primary/5"
          >
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={chosen.includes(persona.id)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? [...chosen, persona.id]
                    : chosen.filter((id) => id !== persona.id),
                )
              }
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{persona.template.name}</span>
              <span className="text-xs text-muted-foreground">
                {persona.template.age}, {persona.template.occupation}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError>{error}</FieldError>
    </fieldset>
  );
}

function NoPersonas({ productId }: { productId: string }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-6 text-center text-sm">
      <Users className="size-6 text-muted-foreground" aria-hidden />
      <p>This product has no personas yet. Add personas to hear what they think.</p>
      <Button asChild variant="outline" size="sm">
        <Link to={`/products/${encodeURIComponent(productId)}/personas`}>Choose Personas</Link>
      </Button>
    </div>
  );
}

/** The item's share button: ask chosen personas of the product for a rating and a comment. */
export function FeedbackDialog({
  item,
  productId,
  onOpenChange,
}: {
  item: RoadmapItem | undefined;
  productId: string;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const open = Boolean(item);
  const personas = usePersonas(productId, open);
  const form = useZodForm(requestFeedbackRequest, { defaultValues: { personaIds: [] } });
  const { reset } = form;
  const chosen = form.watch('personaIds');
  useEffect(() => {
    if (open) reset({ personaIds: [] });
  }, [open, item?.id, reset]);

  const ask = useActionMutation({
    mutationFn: (personaIds: string[], idempotencyKey) =>
      roadmapApi.requestFeedback(item!.id, personaIds, idempotencyKey),
    onSuccess: (view, personaIds) => {
      queryClient.setQueryData(roadmapKeys.feedback(view.itemId), view);
      toast({
        title: 'Feedback Received',
        description: `${personaIds.length} ${personaIds.length === 1 ? 'persona' : 'personas'} rated “${item?.title}”.`,
      });
      onOpenChange(false);
    },
    onError: (error) => failureToast('Failed to get persona feedback', error),
  });

  const submit = form.handleSubmit(({ personaIds }) => ask.mutate(personaIds));

  return (
    <Dialog open={open} onOpenChange={(next) => !ask.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Ask Personas</DialogTitle>
          <DialogDescription>
            Each persona rates “{item?.title}” from 1 to 5 and says why.
          </DialogDescription>
        </DialogHeader>
        <PersonaPicker
          productId={productId}
          personas={personas}
          chosen={chosen}
          onChange={(ids) =>
            form.setValue('personaIds', ids, {
              shouldDirty: true,
              shouldValidate: form.formState.isSubmitted,
            })
          }
          error={form.formState.errors.personaIds?.message}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            disabled={chosen.length === 0 || ask.isPending}
            onClick={(event) => void submit(event)}
          >
            {ask.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {ask.isPending
              ? 'Asking personas...'
              : `Ask ${chosen.length} ${chosen.length === 1 ? 'Persona' : 'Personas'}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
