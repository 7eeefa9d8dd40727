import type { ItemStatus, RoadmapItem, RoadmapSummary, RoadmapWithItems } from '@chorus/contracts';
import { toast, useActionMutation } from '@chorus/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  type ItemInput,
  refreshRoadmap,
  roadmapApi,
  roadmapKeys,
  type RoadmapInput,
  saveFile,
} from '../api';
import { failureToast } from '../messages';
import { productRoadmapsPath, roadmapPath } from '../paths';
import type { RoadmapDialogs } from './useRoadmapDialogs';

/**
 * What the roadmap page changes on the server: the roadmap, its items, the
 * kanban move and the YAML export. Each success says so in a toast, closes
 * its dialog and reads the roadmap again; each failure toasts the server's
 * reason or the spec's fallback.
 */
export function useRoadmapActions(
  productId: string | undefined,
  roadmapId: string | undefined,
  dialogs: RoadmapDialogs,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => (productId ? refreshRoadmap(productId, roadmapId) : Promise.resolve());

  const createRoadmap = useActionMutation({
    mutationFn: (input: RoadmapInput, idempotencyKey) =>
      roadmapApi.createRoadmap(productId!, input, idempotencyKey),
    onSuccess: async (created) => {
      toast({ title: 'Roadmap Created', description: `“${created.name}” is ready for items.` });
      dialogs.close();
      await refreshRoadmap(created.productId);
      navigate(roadmapPath(created.productId, created.id));
    },
    onError: (error) => failureToast('Failed to create roadmap', error),
  });

  const updateRoadmap = useMutation({
    mutationFn: (input: RoadmapInput) => roadmapApi.updateRoadmap(roadmapId!, input),
    onSuccess: async () => {
      toast({ title: 'Roadmap Updated', description: 'Your changes are saved.' });
      dialogs.leave('edit');
      await refresh();
    },
    onError: (error) => failureToast('Failed to update roadmap', error),
  });

  const deleteRoadmap = useMutation({
    mutationFn: () => roadmapApi.deleteRoadmap(roadmapId!),
    onSuccess: async () => {
      toast({ title: 'Roadmap Deleted', description: 'The roadmap and its items are gone.' });
      dialogs.close();
      // Off the list first, so nothing asks for the deleted roadmap again; the next one is chosen.
      queryClient.setQueryData<RoadmapSummary[]>(roadmapKeys.roadmaps(productId!), (list) =>
        list?.filter((r) => r.id !== roadmapId),
      );
      navigate(productRoadmapsPath(productId!));
      await refreshRoadmap(productId!);
    },
    onError: (error) => failureToast('Failed to delete roadmap', error),
  });

  // Adding takes an Idempotency-Key (a double click adds one item); a change is a PUT.
  const saveItem = useActionMutation({
    mutationFn: ({ item, input }: { item?: RoadmapItem; input: ItemInput }, idempotencyKey) =>
      item
        ? roadmapApi.updateItem(item.id, input)
        : roadmapApi.createItem(roadmapId!, input, idempotencyKey),
    onSuccess: async (saved, { item }) => {
      toast({
        title: item ? 'Item Updated' : 'Item Added',
        description: `“${saved.title}” is on the roadmap.`,
      });
      dialogs.close();
      await refresh();
    },
    onError: (error, { item }) =>
      failureToast(item ? 'Failed to update roadmap item' : 'Failed to create roadmap item', error),
  });

  const deleteItem = useMutation({
    mutationFn: (item: RoadmapItem) => roadmapApi.deleteItem(item.id),
    onSuccess: async (_answer, item) => {
      toast({ title: 'Item Deleted', description: `“${item.title}” is off the roadmap.` });
      dialogs.close();
      await refresh();
    },
    onError: (error) => failureToast('Failed to delete roadmap item', error),
  });

  const moveItem = useMutation({
    mutationFn: ({ item, status }: { item: RoadmapItem; status: ItemStatus }) =>
      roadmapApi.updateItem(item.id, { status }),
    onMutate: ({ item, status }) => {
      // The card lands in its new column at once; a failure puts it back.
      const key = roadmapKeys.roadmap(roadmapId!);
      const before = queryClient.getQueryData<RoadmapWithItems>(key);
      queryClient.setQueryData<RoadmapWithItems>(
        key,
        (current) =>
          current && {
            ...current,
            items: current.items.map((i) => (i.id === item.id ? { ...i, status } : i)),
          },
      );
      return { before };
    },
    onSuccess: (saved) => toast({ title: 'Item Updated', description: `“${saved.title}” moved.` }),
    onError: (error, _vars, context) => {
      if (context?.before)
        queryClient.setQueryData(roadmapKeys.roadmap(roadmapId!), context.before);
      failureToast('Failed to update roadmap item', error);
    },
    onSettled: () => void refresh(),
  });

  const exportYaml = useMutation({
    mutationFn: () => roadmapApi.exportYaml(roadmapId!),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
    onError: (error) => failureToast('Failed to export YAML', error, 'Export Failed'),
  });

  return {
    refresh,
    createRoadmap,
    updateRoadmap,
    deleteRoadmap,
    saveItem,
    deleteItem,
    moveItem,
    exportYaml,
  };
}

export type RoadmapActions = ReturnType<typeof useRoadmapActions>;
