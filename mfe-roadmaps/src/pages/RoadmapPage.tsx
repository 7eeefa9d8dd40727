import type { ProductView, RoadmapWithItems } from '@chorus/contracts';
import { useAuth } from '@chorus/platform';
import { Button, EmptyState, LoadError, Loading } from '@chorus/platform/ui';
import { FolderPlus, LogIn, Map as MapIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useProducts } from '../api';
import { PageFrame } from '../components/PageFrame';
import { RoadmapDetails } from '../components/RoadmapDetails';
import { RoadmapDialogs } from '../components/RoadmapDialogs';
import { RoadmapBreadcrumb, RoadmapHeader } from '../components/RoadmapHeader';
import { RoadmapViews } from '../components/RoadmapViews';
import { useRoadmapActions } from '../hooks/useRoadmapActions';
import { type RoutedDialog, useRoadmapDialogs } from '../hooks/useRoadmapDialogs';
import { type RoadmapSelection, useRoadmapSelection } from '../hooks/useRoadmapSelection';
import { productRoadmapsPath } from '../paths';

/**
 * /roadmap and the product-scoped roadmap routes: the product (from the path,
 * a ?product= parameter, or the first one), its roadmaps (the one in the path,
 * or the first), and the chosen roadmap as a timeline, a board and analytics.
 * The create and edit routes open their dialog over the same page.
 */
export function RoadmapPage({ open }: { open?: RoutedDialog }) {
  const auth = useAuth();
  const products = useProducts(auth.isAuthenticated);

  if (auth.isLoading) {
    return (
      <PageFrame>
        <Loading label="Loading..." />
      </PageFrame>
    );
  }
  if (!auth.isAuthenticated) {
    return (
      <PageFrame>
        <EmptyState
          icon={LogIn}
          title="Please log in to access roadmaps"
          text="Roadmaps belong to your products: sign in to see and plan them."
          action={
            <Button asChild>
              <Link to="/auth/login">Log In</Link>
            </Button>
          }
        />
      </PageFrame>
    );
  }
  if (products.isPending) {
    return (
      <PageFrame>
        <Loading label="Loading products..." />
      </PageFrame>
    );
  }
  if (products.isError) {
    return (
      <PageFrame>
        <LoadError
          message="Unable to load your products."
          onRetry={() => void products.refetch()}
        />
      </PageFrame>
    );
  }
  if (products.data.length === 0) {
    return (
      <PageFrame>
        <EmptyState
          icon={FolderPlus}
          title="No Products Found"
          text="Roadmaps belong to a product. Create a product first, then plan its roadmap."
          action={
            <Button asChild>
              <Link to="/create-product">Create Product</Link>
            </Button>
          }
        />
      </PageFrame>
    );
  }
  return <RoadmapWorkspace products={products.data} routedDialog={open} />;
}

function RoadmapWorkspace({
  products,
  routedDialog,
}: {
  products: ProductView[];
  routedDialog?: RoutedDialog;
}) {
  const selection = useRoadmapSelection(products);
  const { product, roadmaps, roadmapId } = selection;
  const dialogs = useRoadmapDialogs(routedDialog, product?.id, roadmapId);
  const actions = useRoadmapActions(product?.id, roadmapId, dialogs);
  const current = selection.roadmap.data;

  return (
    <PageFrame>
      <RoadmapBreadcrumb product={product} roadmapName={current?.name} />
      <RoadmapHeader
        products={products}
        product={product}
        roadmaps={roadmaps.data}
        roadmapId={roadmapId}
        onChooseProduct={selection.chooseProduct}
        onChooseRoadmap={selection.chooseRoadmap}
        onCreate={() => dialogs.open({ kind: 'create' })}
      />
      <div className="mt-8">
        <WorkspaceBody
          selection={selection}
          onCreate={() => dialogs.open({ kind: 'create' })}
          shown={(roadmap) => (
            <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
              <RoadmapDetails
                roadmap={roadmap}
                onOpen={dialogs.open}
                exporting={actions.exportYaml.isPending}
                onExport={() => actions.exportYaml.mutate()}
              />
              <RoadmapViews
                roadmap={roadmap}
                onOpen={dialogs.open}
                onMove={(item, status) => actions.moveItem.mutate({ item, status })}
              />
            </div>
          )}
        />
      </div>
      <RoadmapDialogs roadmap={current} dialogs={dialogs} actions={actions} />
    </PageFrame>
  );
}

/** The chosen roadmap once everything it needs is read; until then, what stands in its way. */
function WorkspaceBody({
  selection: { product, roadmaps, roadmapMissing, roadmap },
  onCreate,
  shown,
}: {
  selection: RoadmapSelection;
  onCreate: () => void;
  shown: (roadmap: RoadmapWithItems) => ReactNode;
}) {
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
        action={<Button onClick={onCreate}>Create First Roadmap</Button>}
      />
    );
  }
  if (roadmap.isPending) return <Loading label="Loading roadmap..." />;
  if (roadmap.isError || !roadmap.data) {
    return (
      <LoadError message="Unable to load this roadmap." onRetry={() => void roadmap.refetch()} />
    );
  }
  return <>{shown(roadmap.data)}</>;
}
