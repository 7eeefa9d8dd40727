import type { ProductView } from '@chorus/contracts';
import { Button, EmptyState, LoadError, Loading } from '@chorus/platform/ui';
import { FolderPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isNotFound, useProduct, useProducts } from '../api';
import { PageFrame, ProductNotFound } from './States';

/**
 * The product a page is about: the path's id, or (on /dashboard and
 * /business-profile, which name none) the user's first product.
 */
function useRouteProduct() {
  const { id } = useParams();
  const products = useProducts({ enabled: !id });
  const productId = id ?? products.data?.[0]?.id;
  const product = useProduct(productId);
  return { fromPath: Boolean(id), products, productId, product };
}

/**
 * Renders a product page once its product is known; meanwhile a spinner, and
 * "Product not found" for an unknown id or another user's.
 */
export function ProductGate({
  loadingLabel,
  children,
}: {
  loadingLabel: string;
  children: (product: ProductView) => ReactNode;
}) {
  const { fromPath, products, productId, product } = useRouteProduct();

  if (!fromPath) {
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
    if (isNotFound(product.error)) return <ProductNotFound />;
    return (
      <PageFrame>
        <LoadError message="Unable to load this product." onRetry={() => void product.refetch()} />
      </PageFrame>
    );
  }
  return <>{children(product.data)}</>;
}
