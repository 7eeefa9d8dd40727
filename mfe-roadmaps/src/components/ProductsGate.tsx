import type { ProductView, SharedRoadmapView } from '@chorus/contracts';
import { useAuth } from '@chorus/platform';
import { Button, EmptyState, LoadError, Loading, useProducts } from '@chorus/platform/ui';
import { FolderPlus, LogIn, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSharedRoadmaps } from '../api';
import { RoadmapFrame } from './RoadmapFrame';

/**
 * The roadmap page's way in: a signed-in user with at least one product (their
 * own or shared with them) or one roadmap shared on its own. The page gets
 * all of them (it offers a choice among them); until then a spinner,
 * "Please log in" or "No Products Found". Unlike the kit's ProductGate it
 * does not read one product by `:id`: the roadmap routes name theirs
 * `:productId` or `?product=`, and an unknown one leaves the selector usable.
 */
export function ProductsGate({
  children,
}: {
  children: (products: ProductView[], shared: SharedRoadmapView[]) => ReactNode;
}) {
  const auth = useAuth();
  const products = useProducts({ enabled: auth.isAuthenticated });
  const shared = useSharedRoadmaps(auth.isAuthenticated);
  // Roadmaps shared on their own are a part of the page; unreadable, the page goes on without them.
  const sharedList = shared.data ?? [];

  if (auth.isAuthenticated && products.data) {
    if (products.data.length > 0 || sharedList.length > 0) {
      return <>{children(products.data, sharedList)}</>;
    }
  }
  const waiting = products.isPending || (products.data?.length === 0 && shared.isPending);
  return (
    <RoadmapFrame>
      {auth.isLoading ? (
        <Loading label="Loading..." />
      ) : !auth.isAuthenticated ? (
        <GoTo
          icon={LogIn}
          title="Please log in to access roadmaps"
          text="Roadmaps belong to your products: sign in to see and plan them."
          to="/auth/login"
          label="Log In"
        />
      ) : waiting ? (
        <Loading label="Loading products..." />
      ) : products.isError ? (
        <LoadError
          message="Unable to load your products."
          onRetry={() => void products.refetch()}
        />
      ) : (
        <GoTo
          icon={FolderPlus}
          title="No Products Found"
          text="Roadmaps belong to a product. Create a product first, then plan its roadmap."
          to="/create-product"
          label="Create Product"
        />
      )}
    </RoadmapFrame>
  );
}

/** Why the page cannot show yet, and the link that fixes it. */
function GoTo({
  icon,
  title,
  text,
  to,
  label,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  to: string;
  label: string;
}) {
  const action = (
    <Button asChild>
      <Link to={to}>{label}</Link>
    </Button>
  );
  return <EmptyState icon={icon} title={title} text={text} action={action} />;
}
