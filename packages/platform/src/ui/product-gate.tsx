import { type ProductView, productMessages } from '@chorus/contracts';
import { ArrowLeft, FolderPlus, PackageX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from './button';
import { isNotFound, useProduct, useProducts } from './products';
import { EmptyState, LoadError, Loading } from './states';

/** The frame of a product page's states: centred, with the pages' margins. */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">{children}</div>
  );
}

/** An unknown product id, or another user's: the same answer, so nothing leaks. */
export function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <PackageX className="size-7" aria-hidden />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{productMessages.notFound}</h1>
      <p className="mt-2 text-muted-foreground">
        The product does not exist or you do not have access to it.
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link to="/products">
          <ArrowLeft aria-hidden /> Back to Products
        </Link>
      </Button>
    </div>
  );
}

/**
 * Renders a product page once its product is known: the path's `:id`, or
 * (on pages whose path names none) the user's first product. Meanwhile a
 * spinner with `loadingLabel`; `notFound` (by default "Product not found")
 * for an unknown id or another user's; "No products yet" without any.
 */
export function ProductGate({
  loadingLabel,
  notFound = <ProductNotFound />,
  children,
}: {
  loadingLabel: string;
  notFound?: ReactNode;
  children: (product: ProductView) => ReactNode;
}) {
  const { id } = useParams();
  const products = useProducts({ enabled: !id });
  const productId = id ?? products.data?.[0]?.id;
  const product = useProduct(productId);

  if (!id) {
    if (products.isPending) return <Loading label={loadingLabel} />;
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
    if (!productId) {
      return (
        <PageFrame>
          <EmptyState
            icon={FolderPlus}
            headingLevel={2}
            title="No products yet"
            text="Create your first product to choose personas, ask questions and plan roadmaps."
            action={
              <Button asChild>
                <Link to="/create-product">Create Product</Link>
              </Button>
            }
          />
        </PageFrame>
      );
    }
  }
  if (product.isPending) return <Loading label={loadingLabel} />;
  if (product.isError) {
    if (isNotFound(product.error)) return <>{notFound}</>;
    return (
      <PageFrame>
        <LoadError message="Unable to load this product." onRetry={() => void product.refetch()} />
      </PageFrame>
    );
  }
  return <>{children(product.data)}</>;
}
