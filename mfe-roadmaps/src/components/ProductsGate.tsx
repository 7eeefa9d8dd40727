import type { ProductView } from '@chorus/contracts';
import { useAuth, useProducts } from '@chorus/platform';
import { Button, EmptyState, LoadError, Loading } from '@chorus/platform/ui';
import { FolderPlus, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { RoadmapFrame } from './RoadmapFrame';

/**
 * The roadmap page's way in: a signed-in user with at least one product. The
 * page gets all of them (it offers a choice among them); until then a spinner,
 * "Please log in" or "No Products Found". Unlike the kit's ProductGate it
 * does not read one product by `:id`: the roadmap routes name theirs
 * `:productId` or `?product=`, and an unknown one leaves the selector usable.
 */
export function ProductsGate({ children }: { children: (products: ProductView[]) => ReactNode }) {
  const auth = useAuth();
  const products = useProducts({ enabled: auth.isAuthenticated });

  if (auth.isLoading) return <Waiting label="Loading..." />;
  if (!auth.isAuthenticated) {
    return (
      <RoadmapFrame>
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
      </RoadmapFrame>
    );
  }
  if (products.isPending) return <Waiting label="Loading products..." />;
  if (products.isError) {
    return (
      <RoadmapFrame>
        <LoadError
          message="Unable to load your products."
          onRetry={() => void products.refetch()}
        />
      </RoadmapFrame>
    );
  }
  if (products.data.length === 0) {
    return (
      <RoadmapFrame>
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
      </RoadmapFrame>
    );
  }
  return <>{children(products.data)}</>;
}

function Waiting({ label }: { label: string }) {
  return (
    <RoadmapFrame>
      <Loading label={label} />
    </RoadmapFrame>
  );
}
