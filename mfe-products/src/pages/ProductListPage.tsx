import { productMessages, type ProductDeletion, type ProductView } from '@chorus/contracts';
import { toast } from '@chorus/platform';
import {
  Button,
  EmptyState,
  LoadError,
  Loading,
  PageFrame,
  useProducts,
} from '@chorus/platform/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FolderPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { deleteProduct, productKeys } from '../api';
import { CreateProductDialog } from '../components/CreateProductDialog';
import { ProductCard } from '../components/ProductCard';
import { release } from '../release';

/** The toast after a deletion: whether the subscription went too, or why billing needs a look. */
function deletionToast(product: ProductView, answer: ProductDeletion) {
  if (answer.warning) {
    return toast({
      title: productMessages.deletedWithBillingWarning,
      description: answer.message,
      variant: 'destructive',
    });
  }
  return toast({
    title: answer.subscriptionCancelled
      ? productMessages.deletedWithSubscription
      : productMessages.deleted,
    description: `${product.name} has been deleted.`,
  });
}

/** My Products (/, /products, /companies): every product with its subscription. */
export function ProductListPage() {
  const queryClient = useQueryClient();
  const products = useProducts();
  const [creating, setCreating] = useState(false);

  const remove = useMutation({
    mutationFn: (product: ProductView) => deleteProduct(product.id),
    onSuccess: (answer, product) => {
      queryClient.setQueryData<ProductView[]>(productKeys.products, (list) =>
        list?.filter((p) => p.id !== product.id),
      );
      queryClient.removeQueries({ queryKey: productKeys.product(product.id) });
      void queryClient.invalidateQueries({ queryKey: productKeys.dashboardStats });
      void queryClient.invalidateQueries({ queryKey: productKeys.subscriptionDetails });
      deletionToast(product, answer);
    },
    onError: () =>
      toast({
        title: productMessages.deleteFailed,
        description: 'Please try again.',
        variant: 'destructive',
      }),
  });

  return (
    <PageFrame>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">My Products</h1>
          <p className="mt-2 text-muted-foreground">
            Each product has its own personas, questions, roadmaps and subscription.
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden /> Create Product
        </Button>
        <CreateProductDialog open={creating} onOpenChange={setCreating} />
      </header>

      <div className="mt-8">
        {products.isPending ? (
          <Loading label="Loading products..." />
        ) : products.isError ? (
          <LoadError
            message="Unable to load your products."
            onRetry={() => void products.refetch()}
          />
        ) : products.data.length === 0 ? (
          <EmptyState
            icon={FolderPlus}
            headingLevel={2}
            title="No products yet"
            text="Create your first product to choose AI personas, ask them questions and plan its roadmap."
            action={
              <Button asChild>
                <Link to="/create-product">
                  <Plus aria-hidden /> Create Product
                </Link>
              </Button>
            }
          />
        ) : (
          <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {products.data.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                deleting={remove.isPending && remove.variables.id === product.id}
                onDelete={() => remove.mutate(product)}
              />
            ))}
          </div>
        )}
      </div>

      <p className="mt-12 text-center text-xs text-muted-foreground/80" data-testid="release">
        Release {release}
      </p>
    </PageFrame>
  );
}
