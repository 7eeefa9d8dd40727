import type { RoadmapWithItems } from '@chorus/contracts';
import { ConfirmDialog } from '@chorus/platform/ui';
import type { RoadmapActions } from '../hooks/useRoadmapActions';
import type { RoadmapDialogs as Dialogs } from '../hooks/useRoadmapDialogs';
import { CompareDialog } from './Comparisons';
import { FeedbackDialog } from './Feedback';
import { ImportYamlDialog } from './ImportYamlDialog';
import { ItemFormDialog } from './ItemFormDialog';
import { RoadmapFormDialog } from './RoadmapFormDialog';
import { ShareLinksDialog } from './ShareLinks';

/**
 * Every dialog over the roadmap page, open as `dialogs` says. Create Roadmap
 * needs no roadmap; the others act on the one shown.
 */
export function RoadmapDialogs({
  roadmap,
  dialogs,
  actions,
}: {
  roadmap: RoadmapWithItems | undefined;
  dialogs: Dialogs;
  actions: RoadmapActions;
}) {
  const { dialog, close } = dialogs;
  const closed = (open: boolean) => !open && close();
  const item = dialog?.kind === 'item' ? dialog.item : undefined;
  const items = roadmap?.items ?? [];

  return (
    <>
      <RoadmapFormDialog
        open={dialog?.kind === 'create'}
        onOpenChange={(open) => !open && dialogs.leave('create')}
        saving={actions.createRoadmap.isPending}
        onSave={(input) => actions.createRoadmap.mutate(input)}
      />
      {roadmap ? (
        <>
          <RoadmapFormDialog
            open={dialog?.kind === 'edit'}
            onOpenChange={(open) => !open && dialogs.leave('edit')}
            roadmap={roadmap}
            saving={actions.updateRoadmap.isPending}
            onSave={(input) => actions.updateRoadmap.mutate(input)}
          />
          <ItemFormDialog
            open={dialog?.kind === 'item'}
            onOpenChange={closed}
            item={item}
            otherTitles={items.filter((i) => i.id !== item?.id).map((i) => i.title)}
            saving={actions.saveItem.isPending}
            onSave={(input) => actions.saveItem.mutate({ item, input })}
            onDelete={() => item && actions.deleteItem.mutate(item)}
          />
          <ImportYamlDialog
            open={dialog?.kind === 'import'}
            onOpenChange={closed}
            roadmapId={roadmap.id}
            onImported={() => void actions.refresh()}
          />
          <CompareDialog
            open={dialog?.kind === 'compare'}
            onOpenChange={closed}
            roadmapId={roadmap.id}
            productId={roadmap.productId}
            items={items}
          />
          <FeedbackDialog
            item={dialog?.kind === 'share' ? dialog.item : undefined}
            productId={roadmap.productId}
            onOpenChange={closed}
          />
          <ShareLinksDialog
            target={
              dialog?.kind === 'share-link'
                ? { kind: 'item', item: dialog.item }
                : dialog?.kind === 'share-ranking'
                  ? { kind: 'comparison', roadmapId: roadmap.id, items }
                  : undefined
            }
            productId={roadmap.productId}
            onOpenChange={closed}
          />
          <ConfirmDialog
            open={dialog?.kind === 'delete'}
            onOpenChange={closed}
            title="Delete Roadmap"
            description={`Are you sure you want to delete “${roadmap.name}”? This action cannot be undone. It will permanently delete the roadmap and remove all of its items, shared links, feedback and collaboration history.`}
            confirmLabel="Delete Roadmap"
            destructive
            pending={actions.deleteRoadmap.isPending}
            closeOnConfirm={false}
            onConfirm={() => actions.deleteRoadmap.mutate()}
          />
        </>
      ) : null}
    </>
  );
}
