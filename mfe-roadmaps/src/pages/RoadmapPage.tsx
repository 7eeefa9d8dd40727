import type { ProductView, SharedRoadmapView } from '@chorus/contracts';
import {
  LoadError,
  Loading,
  PaymentRequiredBanner,
  permissionLabels,
  useProductAccess,
} from '@chorus/platform/ui';
import { ChevronRight } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { useRoadmap } from '../api';
import { ProductsGate } from '../components/ProductsGate';
import { RoadmapBody } from '../components/RoadmapBody';
import { RoadmapDetails } from '../components/RoadmapDetails';
import { RoadmapDialogs } from '../components/RoadmapDialogs';
import { RoadmapFrame } from '../components/RoadmapFrame';
import { RoadmapBreadcrumb, RoadmapHeader } from '../components/RoadmapHeader';
import { RoadmapViews } from '../components/RoadmapViews';
import { SharedRoadmaps } from '../components/SharedRoadmaps';
import { useRoadmapActions } from '../hooks/useRoadmapActions';
import {
  type RoadmapDialog,
  type RoutedDialog,
  useRoadmapDialogs,
} from '../hooks/useRoadmapDialogs';
import { useRoadmapSelection } from '../hooks/useRoadmapSelection';
import {
  type RoadmapRights,
  RoadmapRightsProvider,
  rightsOnProduct,
  rightsOnSharedRoadmap,
} from '../rights';

/**
 * /roadmap and the product-scoped roadmap routes: the product (from the path,
 * a ?product= parameter, or the first one), its roadmaps (the one in the path,
 * or the first), and the chosen roadmap as a timeline, a board and analytics.
 * The create and edit routes open their dialog over the same page. A roadmap
 * shared with the user on its own shows alone, with its product's name.
 */
export function RoadmapPage({ open }: { open?: RoutedDialog }) {
  return (
    <ProductsGate>
      {(products, shared) => (
        <RoadmapRoutes products={products} shared={shared} routedDialog={open} />
      )}
    </ProductsGate>
  );
}

function RoadmapRoutes({
  products,
  shared,
  routedDialog,
}: {
  products: ProductView[];
  shared: SharedRoadmapView[];
  routedDialog?: RoutedDialog;
}) {
  const { productId, roadmapId } = useParams();
  const memberOfProduct = products.some((product) => product.id === productId);
  const share =
    productId && !memberOfProduct
      ? shared.find(
          (s) =>
            s.productId === productId && (roadmapId === undefined || s.roadmapId === roadmapId),
        )
      : undefined;
  if (share) return <SharedRoadmapWorkspace share={share} />;
  if (products.length === 0) {
    return (
      <RoadmapFrame>
        <header>
          <h1 className="text-3xl font-bold tracking-tight">Roadmaps</h1>
          <p className="mt-2 text-muted-foreground">Roadmaps people shared with you.</p>
        </header>
        <SharedRoadmaps shared={shared} />
      </RoadmapFrame>
    );
  }
  return <RoadmapWorkspace products={products} shared={shared} routedDialog={routedDialog} />;
}

/** Whether the product may import and ask personas (the entitlement rule); true while unknown. */
function usePaidProduct(product: ProductView | undefined): boolean {
  const access = useProductAccess(
    product ?? {
      id: '',
      subscriptionStatus: 'active',
      subscriptionEndDate: null,
      createdAt: new Date(0).toISOString(),
    },
  );
  return access.canUsePaidFeatures;
}

/** Every dialog changes the roadmap: a reader opens none (their buttons are disabled too). */
function guardedOpen(rights: RoadmapRights, open: (dialog: RoadmapDialog) => void) {
  return (dialog: RoadmapDialog) => {
    if (rights.canEdit) open(dialog);
  };
}

function RoadmapWorkspace({
  products,
  shared,
  routedDialog,
}: {
  products: ProductView[];
  shared: SharedRoadmapView[];
  routedDialog?: RoutedDialog;
}) {
  const selection = useRoadmapSelection(products);
  const { product, roadmapId } = selection;
  const rights = rightsOnProduct(product);
  const dialogs = useRoadmapDialogs(
    rights.canEdit ? routedDialog : undefined,
    product?.id,
    roadmapId,
  );
  const actions = useRoadmapActions(product?.id, roadmapId, dialogs);
  const open = guardedOpen(rights, dialogs.open);
  const create = () => open({ kind: 'create' });
  const paid = usePaidProduct(product);

  return (
    <RoadmapRightsProvider value={rights}>
      <RoadmapFrame>
        <RoadmapBreadcrumb product={product} roadmapName={selection.roadmap.data?.name} />
        <RoadmapHeader
          products={products}
          product={product}
          roadmaps={selection.roadmaps.data}
          roadmapId={roadmapId}
          onChooseProduct={selection.chooseProduct}
          onChooseRoadmap={selection.chooseRoadmap}
          onCreate={create}
        />
        {product ? (
          <div className="mt-6">
            <PaymentRequiredBanner product={product} />
          </div>
        ) : null}
        <div className="mt-8">
          <RoadmapBody selection={selection} onCreate={create}>
            {(roadmap) => (
              <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
                <RoadmapDetails
                  roadmap={roadmap}
                  onOpen={open}
                  paid={paid}
                  exporting={actions.exportYaml.isPending}
                  onExport={() => actions.exportYaml.mutate()}
                />
                <RoadmapViews
                  roadmap={roadmap}
                  onOpen={open}
                  onMove={(item, status) => actions.moveItem.mutate({ item, status })}
                />
              </div>
            )}
          </RoadmapBody>
        </div>
        <SharedRoadmaps shared={shared} />
        <RoadmapDialogs roadmap={selection.roadmap.data} dialogs={dialogs} actions={actions} />
      </RoadmapFrame>
    </RoadmapRightsProvider>
  );
}

/** A roadmap shared on its own: that roadmap and its items, with the product's name. */
function SharedRoadmapWorkspace({ share }: { share: SharedRoadmapView }) {
  const roadmap = useRoadmap(share.roadmapId);
  const rights = rightsOnSharedRoadmap(share.permission);
  const dialogs = useRoadmapDialogs(undefined, share.productId, share.roadmapId);
  const actions = useRoadmapActions(share.productId, share.roadmapId, dialogs);
  const open = guardedOpen(rights, dialogs.open);

  return (
    <RoadmapRightsProvider value={rights}>
      <RoadmapFrame>
        <nav aria-label="Breadcrumb" className="mb-4">
          <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
            <li>
              <Link className="hover:text-foreground" to="/roadmap">
                Roadmaps
              </Link>
            </li>
            <ChevronRight className="size-3.5" aria-hidden />
            <li>{share.productName}</li>
            <ChevronRight className="size-3.5" aria-hidden />
            <li aria-current="page" className="font-medium text-foreground">
              {share.roadmapName}
            </li>
          </ol>
        </nav>
        <header>
          <h1 className="text-3xl font-bold tracking-tight">{share.productName}</h1>
          <p className="mt-2 text-muted-foreground">
            A roadmap shared with you · {permissionLabels[share.permission]}
          </p>
        </header>
        <div className="mt-8">
          {roadmap.isPending ? (
            <Loading label="Loading roadmap..." />
          ) : roadmap.isError ? (
            <LoadError
              message="Unable to load this roadmap."
              onRetry={() => void roadmap.refetch()}
            />
          ) : (
            <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
              <RoadmapDetails
                roadmap={roadmap.data}
                onOpen={open}
                exporting={actions.exportYaml.isPending}
                onExport={() => actions.exportYaml.mutate()}
              />
              <RoadmapViews
                roadmap={roadmap.data}
                onOpen={open}
                onMove={(item, status) => actions.moveItem.mutate({ item, status })}
              />
            </div>
          )}
        </div>
        <RoadmapDialogs roadmap={roadmap.data} dialogs={dialogs} actions={actions} />
      </RoadmapFrame>
    </RoadmapRightsProvider>
  );
}
