import type { ProductView } from '@chorus/contracts';
import { PaymentRequiredBanner, useProductAccess } from '@chorus/platform/ui';
import { ProductsGate } from '../components/ProductsGate';
import { RoadmapBody } from '../components/RoadmapBody';
import { RoadmapDetails } from '../components/RoadmapDetails';
import { RoadmapDialogs } from '../components/RoadmapDialogs';
import { RoadmapFrame } from '../components/RoadmapFrame';
import { RoadmapBreadcrumb, RoadmapHeader } from '../components/RoadmapHeader';
import { RoadmapViews } from '../components/RoadmapViews';
import { useRoadmapActions } from '../hooks/useRoadmapActions';
import { type RoutedDialog, useRoadmapDialogs } from '../hooks/useRoadmapDialogs';
import { useRoadmapSelection } from '../hooks/useRoadmapSelection';

/**
 * /roadmap and the product-scoped roadmap routes: the product (from the path,
 * a ?product= parameter, or the first one), its roadmaps (the one in the path,
 * or the first), and the chosen roadmap as a timeline, a board and analytics.
 * The create and edit routes open their dialog over the same page.
 */
export function RoadmapPage({ open }: { open?: RoutedDialog }) {
  return (
    <ProductsGate>
      {(products) => <RoadmapWorkspace products={products} routedDialog={open} />}
    </ProductsGate>
  );
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

function RoadmapWorkspace({
  products,
  routedDialog,
}: {
  products: ProductView[];
  routedDialog?: RoutedDialog;
}) {
  const selection = useRoadmapSelection(products);
  const { product, roadmapId } = selection;
  const dialogs = useRoadmapDialogs(routedDialog, product?.id, roadmapId);
  const actions = useRoadmapActions(product?.id, roadmapId, dialogs);
  const create = () => dialogs.open({ kind: 'create' });
  const paid = usePaidProduct(product);

  return (
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
                onOpen={dialogs.open}
                paid={paid}
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
        </RoadmapBody>
      </div>
      <RoadmapDialogs roadmap={selection.roadmap.data} dialogs={dialogs} actions={actions} />
    </RoadmapFrame>
  );
}
