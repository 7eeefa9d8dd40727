import type { RoadmapWithItems } from '@chorus/contracts';
import { Button, EmptyState, LoadError, Loading } from '@chorus/platform/ui';
import { Map as MapIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RoadmapSelection } from '../hooks/useRoadmapSelection';
import { productRoadmapsPath } from '../paths';
import { useEditControl } from '../rights';

/** The chosen roadmap once everything it needs is read; until then, what stands in its way. */
export function RoadmapBody({
  selection: { product, roadmaps, roadmapMissing, roadmap },
  onCreate,
  children,
}: {
  selection: RoadmapSelection;
  onCreate: () => void;
  children: (roadmap: RoadmapWithItems) => ReactNode;
}) {
  const editing = useEditControl();
  if (!product) {
    return (
      <EmptyState
        icon={MapIcon}
        title="Product not found"
        text="This product does not exist or is not yours. Choose one of your products above."
      />
    );
  }
  if (roadmaps.isPending) return <Loading label="Loading roadmaps..." />;
  if (roadmaps.isError) {
    return <LoadError message="Unable to load roadmaps." onRetry={() => void roadmaps.refetch()} />;
  }
  if (roadmapMissing) {
    return (
      <EmptyState
        icon={MapIcon}
        title="Roadmap not found"
        text="This roadmap does not exist or was deleted."
        action={
          <Button asChild variant="outline">
            <Link to={productRoadmapsPath(product.id)}>All Roadmaps</Link>
          </Button>
        }
      />
    );
  }
  if (roadmaps.data.length === 0) {
    return (
      <EmptyState
        icon={MapIcon}
        title="No roadmaps found"
        text="A roadmap lays out what this product will ship and when."
        action={
          <Button {...editing} onClick={onCreate}>
            Create First Roadmap
          </Button>
        }
      />
    );
  }
  if (roadmap.isPending) return <Loading label="Loading roadmap..." />;
  if (roadmap.isError || !roadmap.data) {
    return (
      <LoadError message="Unable to load this roadmap." onRetry={() => void roadmap.refetch()} />
    );
  }
  return <>{children(roadmap.data)}</>;
}
