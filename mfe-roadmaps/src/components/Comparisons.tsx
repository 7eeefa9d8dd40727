import { type ComparisonView, createComparisonRequest, type RoadmapItem } from '@chorus/contracts';
import { formatRoadmapDate } from '../roadmap-views';
import { toast, useActionMutation } from '@chorus/platform';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FieldError,
  useZodForm,
} from '@chorus/platform/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { roadmapApi, roadmapKeys, useComparisons, usePersonas } from '../api';
import { failureToast } from '../messages';
import { PersonaPicker } from './Feedback';

const percent = (score: number) => `${Math.round(score * 100)}%`;

/** The choices the dialog makes, checked as the server checks them. */
const comparisonFields = createComparisonRequest.pick({ itemIds: true, personaIds: true });

/** A comparison's outcome: the overall order, then each persona's. */
function ComparisonResult({ comparison }: { comparison: ComparisonView }) {
  return (
    <div className="grid gap-4">
      <ol aria-label="Overall ranking" className="grid gap-2">
        {comparison.overall.map((entry, index) => (
          <li
            key={entry.itemId}
            aria-label={`${index + 1}. ${entry.title}`}
            className="flex items-center gap-3 rounded-md border bg-background px-3 py-2 text-sm"
          >
            <span className="flex size-6 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
              {index + 1}
            </span>
            <span className="flex-1 font-medium">{entry.title}</span>
            <span className="text-xs text-muted-foreground">Preference {percent(entry.score)}</span>
          </li>
        ))}
      </ol>
      <div className="grid gap-3 sm:grid-cols-2">
        {comparison.rankings.map((ranking) => (
          <section
            key={ranking.personaId}
            aria-label={`${ranking.personaName}'s ranking`}
            className="rounded-md border p-3"
          >
            <h5 className="mb-2 text-sm font-semibold">{ranking.personaName}</h5>
            <ol className="grid list-decimal gap-1 pl-5 text-sm">
              {ranking.items.map((entry) => (
                <li key={entry.itemId} title={entry.comment}>
                  {entry.title}{' '}
                  <span className="text-xs text-muted-foreground">{percent(entry.score)}</span>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}

/** Compare Items: choose two or more items and personas; each persona ranks the items. */
export function CompareDialog({
  open,
  onOpenChange,
  roadmapId,
  productId,
  items,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roadmapId: string;
  productId: string;
  items: RoadmapItem[];
}) {
  const queryClient = useQueryClient();
  const personas = usePersonas(productId, open);
  const form = useZodForm(comparisonFields, { defaultValues: { itemIds: [], personaIds: [] } });
  const { reset } = form;
  const [itemIds, personaIds] = form.watch(['itemIds', 'personaIds']);
  const [result, setResult] = useState<ComparisonView>();
  useEffect(() => {
    if (open) {
      reset({ itemIds: [], personaIds: [] });
      setResult(undefined);
    }
  }, [open, reset]);

  const compare = useActionMutation({
    mutationFn: (chosen: { itemIds: string[]; personaIds: string[] }, idempotencyKey) =>
      roadmapApi.compare(roadmapId, chosen.itemIds, chosen.personaIds, idempotencyKey),
    onSuccess: (comparison) => {
      setResult(comparison);
      void queryClient.invalidateQueries({ queryKey: roadmapKeys.comparisons(roadmapId) });
      toast({ title: 'Comparison Ready', description: comparison.title });
    },
    onError: (error) => failureToast('Failed to compare items', error),
  });

  const submit = form.handleSubmit((chosen) => compare.mutate(chosen));
  // Once the user has tried to send, each change re-checks the choice.
  const choose = (name: 'itemIds' | 'personaIds', ids: string[]) =>
    form.setValue(name, ids, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const { errors } = form.formState;

  return (
    <Dialog open={open} onOpenChange={(next) => !compare.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Compare Items</DialogTitle>
          <DialogDescription>
            Each persona hears about every chosen item; their answers rank the items.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <ComparisonResult comparison={result} />
        ) : (
          <>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Items (two or more)</legend>
              <div className="grid max-h-48 gap-2 overflow-y-auto sm:grid-cols-2">
                {items.map((item) => (
                  <label
                    key={item.id}
                    className="flex cursor-pointer items-center gap-3 rounded-md border p-2.5 text-sm has-checked:border-primary has-checked:bg-primary/5"
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={itemIds.includes(item.id)}
                      onChange={(e) =>
                        choose(
                          'itemIds',
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
              <FieldError>{errors.itemIds?.message}</FieldError>
            </fieldset>
            <PersonaPicker
              productId={productId}
              personas={personas}
              chosen={personaIds}
              onChange={(ids) => choose('personaIds', ids)}
              error={errors.personaIds?.message}
            />
          </>
        )}
        <DialogFooter>
          {result ? (
            <Button type="button" onClick={() => onOpenChange(false)}>
              Done
            </Button>
          ) : (
            <>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button
                type="button"
                disabled={itemIds.length < 2 || personaIds.length === 0 || compare.isPending}
                onClick={(event) => void submit(event)}
              >
                {compare.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                {compare.isPending ? 'Asking personas...' : `Compare ${itemIds.length} Items`}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The roadmap's comparisons so far, newest first (Analytics tab). */
export function ComparisonsList({ roadmapId }: { roadmapId: string }) {
  const comparisons = useComparisons(roadmapId);
  if (!comparisons.data || comparisons.data.length === 0) return null;
  return (
    <Card className="shadow-none" role="group" aria-label="Persona Rankings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Trophy className="size-4 text-amber-500" aria-hidden /> Persona Rankings
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        {comparisons.data.map((comparison) => (
          <section key={comparison.id} aria-label={comparison.title} className="grid gap-3">
            <h4 className="text-sm font-semibold">
              {comparison.title}{' '}
              <span className="font-normal text-muted-foreground">
                · {formatRoadmapDate(comparison.createdAt)}
              </span>
            </h4>
            <ComparisonResult comparison={comparison} />
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
