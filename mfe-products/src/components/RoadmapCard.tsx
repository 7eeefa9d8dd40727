import { formatBillingDate, type RoadmapSummary } from '@chorus/contracts';
import { DASHBOARD_ROADMAPS, roadmapTotals } from '../product-pages';
import { toast } from '@chorus/platform';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
} from '@chorus/platform/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Map as MapIcon, Pencil, Plus, RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { deleteRoadmap, productKeys, useProductRoadmaps } from '../api';
import { refusalMessage } from '../messages';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The product's first roadmaps, their item totals, and create, open, edit and delete. */
export function RoadmapCard({
  productId,
  editRefusal,
}: {
  productId: string;
  /** Why the user's role does not allow changing roadmaps (a viewer): create and edit are hidden, delete disabled. */
  editRefusal?: string;
}) {
  const queryClient = useQueryClient();
  const roadmaps = useProductRoadmaps(productId);
  const [confirming, setConfirming] = useState<RoadmapSummary | null>(null);
  const base = `/products/${encodeURIComponent(productId)}`;

  const remove = useMutation({
    mutationFn: (roadmap: RoadmapSummary) => deleteRoadmap(roadmap.id),
    onSuccess: (_answer, roadmap) => {
      queryClient.setQueryData<RoadmapSummary[]>(productKeys.roadmaps(productId), (list) =>
        list?.filter((r) => r.id !== roadmap.id),
      );
      toast({ title: 'Roadmap Deleted', description: `${roadmap.name} has been deleted.` });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: refusalMessage(error) ?? 'Failed to delete roadmap',
        variant: 'destructive',
      }),
  });

  const all = roadmaps.data ?? [];
  const totals = roadmapTotals(all);

  return (
    <Card role="region" aria-labelledby="roadmap-card-title" className="gap-4">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-sky-50 text-sky-700">
            <MapIcon className="size-5" aria-hidden />
          </span>
          <div className="grid gap-1">
            <CardTitle id="roadmap-card-title">Roadmaps</CardTitle>
            <CardDescription>Plan what to build next and when.</CardDescription>
          </div>
        </div>
        {editRefusal ? null : (
          <Button asChild size="sm" variant="outline">
            <Link to={`${base}/roadmap/create`}>
              <Plus aria-hidden /> Create Roadmap
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        {roadmaps.isPending ? (
          <p className="text-sm text-muted-foreground">Loading roadmaps...</p>
        ) : roadmaps.isError ? (
          <div role="alert" className="flex items-center justify-between gap-3 text-sm">
            <span className="text-destructive">Failed to load roadmaps</span>
            <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
              <RotateCw aria-hidden /> Retry
            </Button>
          </div>
        ) : all.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No roadmaps yet. Create one to plan this product&apos;s features.
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" data-testid="roadmap-totals">
              {plural(totals.features, 'total feature', 'total features')} · {totals.completed}{' '}
              completed · {totals.inProgress} in progress
            </p>
            <ul className="divide-y rounded-lg border" aria-label="Recent roadmaps">
              {all.slice(0, DASHBOARD_ROADMAPS).map((roadmap) => {
                const deleting = remove.isPending && remove.variables.id === roadmap.id;
                const path = `${base}/roadmap/${encodeURIComponent(roadmap.id)}`;
                return (
                  <li
                    key={roadmap.id}
                    aria-busy={deleting}
                    className="flex items-center justify-between gap-3 px-4 py-3"
                  >
                    <div className="grid min-w-0 gap-0.5">
                      <Link to={path} className="truncate font-medium hover:underline">
                        {roadmap.name}
                      </Link>
                      <p className="text-xs text-muted-foreground">
                        {plural(roadmap.itemCount, 'item', 'items')} · Updated{' '}
                        {formatBillingDate(roadmap.updatedAt)}
                      </p>
                    </div>
                    {deleting ? (
                      <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                        <Loader2 className="size-4 animate-spin" aria-hidden /> Deleting...
                      </span>
                    ) : (
                      <div className="flex shrink-0 items-center gap-1">
                        {editRefusal ? null : (
                          <Button asChild size="icon" variant="ghost">
                            <Link to={`${path}/edit`} aria-label={`Edit ${roadmap.name}`}>
                              <Pencil aria-hidden />
                            </Link>
                          </Button>
                        )}
                        <Button
                          size="icon"
                          variant="ghost"
                          className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
                          aria-label={`Delete ${roadmap.name}`}
                          disabled={remove.isPending || editRefusal !== undefined}
                          title={editRefusal}
                          onClick={() => setConfirming(roadmap)}
                        >
                          <Trash2 aria-hidden />
                        </Button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
            {all.length > DASHBOARD_ROADMAPS ? (
              <Button asChild variant="link" className="justify-self-start px-0">
                <Link to={`${base}/roadmaps`}>View All ({all.length})</Link>
              </Button>
            ) : null}
          </>
        )}
      </CardContent>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Delete ${confirming?.name}?`}
        description="This permanently deletes the roadmap and removes its items, shared links, feedback and collaboration history. This cannot be undone."
        confirmLabel="Delete Roadmap"
        destructive
        onConfirm={() => confirming && remove.mutate(confirming)}
      />
    </Card>
  );
}
