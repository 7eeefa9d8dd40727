import type { ProductView } from '@chorus/contracts';
import {
  EmptyState,
  LoadError,
  Loading,
  PaymentRequiredBanner,
  ProductGate,
  useProductAccess,
  useProductRole,
} from '@chorus/platform/ui';
import { ArrowLeft, UsersRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { DrawPanelForm } from '../components/panels/DrawPanelForm';
import { PanelCard } from '../components/panels/PanelCard';
import { usePanels } from '../panels-api';

/**
 * /products/{id}/panels (also /companies/{id}/panels): draw market panels of
 * personas to a country's population and follow their builds; each ready
 * panel's make-up against the population, its gaps and its weights.
 */
export function PanelsPage() {
  return (
    <ProductGate loadingLabel="Loading panels...">
      {(product) => <ProductPanels product={product} />}
    </ProductGate>
  );
}

export function ProductPanels({ product }: { product: ProductView }) {
  const productId = product.id;
  const panels = usePanels(productId);
  const { canUsePaidFeatures } = useProductAccess(product);
  const { canEdit, editRefusal } = useProductRole(product);
  const list = panels.data ?? [];

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <Link
        to={`/products/${encodeURIComponent(productId)}/dashboard`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to dashboard
      </Link>
      <div className="mt-4">
        <PaymentRequiredBanner product={product} />
      </div>
      <header className="mt-3">
        <h1 className="text-3xl font-bold tracking-tight">Market panels</h1>
        <p className="mt-2 text-muted-foreground">
          {product.name}: samples of personas drawn to a population, asked like your personas, with
          answers weighted to that population.
        </p>
      </header>

      {canEdit ? (
        <div className="mt-8">
          <DrawPanelForm productId={productId} locked={!canUsePaidFeatures} />
        </div>
      ) : (
        <p className="mt-8 rounded-lg bg-muted/50 px-4 py-3 text-sm text-muted-foreground">
          {editRefusal}
        </p>
      )}

      <section className="mt-10 grid gap-4" aria-labelledby="panels-heading">
        <h2 id="panels-heading" className="text-xl font-semibold">
          Your panels
        </h2>
        {panels.isLoading ? (
          <Loading label="Loading panels..." />
        ) : panels.isError ? (
          <LoadError message="Unable to load your panels." onRetry={() => void panels.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState
            icon={UsersRound}
            title="No panels yet"
            text="Draw your first panel above; it is built in the background and ready to ask in a few minutes."
          />
        ) : (
          <div className="grid gap-4">
            {list.map((panel) => (
              <PanelCard
                key={panel.id}
                productId={productId}
                panel={panel}
                canEdit={canEdit}
                paidRefusal={canUsePaidFeatures ? undefined : 'Complete payment to draw panels.'}
              />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
