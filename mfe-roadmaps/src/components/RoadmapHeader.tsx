import type { ProductView, RoadmapSummary } from '@chorus/contracts';
import { Button, Label } from '@chorus/platform/ui';
import { ChevronRight, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { productDashboardPath, productRoadmapsPath } from '../paths';
import { useEditControl } from '../rights';
import { Select } from './FormControls';

/** Products › the product › Roadmaps › the roadmap, each a link but the last. */
export function RoadmapBreadcrumb({
  product,
  roadmapName,
}: {
  product?: ProductView;
  roadmapName?: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        <li>
          <Link className="hover:text-foreground" to="/products">
            Products
          </Link>
        </li>
        {product ? (
          <>
            <ChevronRight className="size-3.5" aria-hidden />
            <li>
              <Link className="hover:text-foreground" to={productDashboardPath(product.id)}>
                {product.name}
              </Link>
            </li>
            <ChevronRight className="size-3.5" aria-hidden />
            <li>
              <Link className="hover:text-foreground" to={productRoadmapsPath(product.id)}>
                Roadmaps
              </Link>
            </li>
          </>
        ) : null}
        {roadmapName ? (
          <>
            <ChevronRight className="size-3.5" aria-hidden />
            <li aria-current="page" className="font-medium text-foreground">
              {roadmapName}
            </li>
          </>
        ) : null}
      </ol>
    </nav>
  );
}

/** The page's title, the product and roadmap selectors, and Create Roadmap. */
export function RoadmapHeader({
  products,
  product,
  roadmaps,
  roadmapId,
  onChooseProduct,
  onChooseRoadmap,
  onCreate,
}: {
  products: ProductView[];
  product?: ProductView;
  roadmaps?: RoadmapSummary[];
  roadmapId?: string;
  onChooseProduct: (productId: string) => void;
  onChooseRoadmap: (roadmapId: string) => void;
  onCreate: () => void;
}) {
  const editing = useEditControl();
  return (
    <header className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Roadmaps</h1>
        <p className="mt-2 text-muted-foreground">
          Plan what each product ships, see it on a timeline, and ask your personas what they think.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="product-select">Product</Label>
          <Select
            id="product-select"
            className="w-52"
            value={product?.id ?? ''}
            onChange={(e) => onChooseProduct(e.target.value)}
          >
            {product ? null : <option value="">Choose a product</option>}
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.sharedWithYou ? `${p.name} (shared)` : p.name}
              </option>
            ))}
          </Select>
        </div>
        {roadmaps && roadmaps.length > 0 ? (
          <div className="grid gap-1.5">
            <Label htmlFor="roadmap-select">Active Roadmap</Label>
            <Select
              id="roadmap-select"
              className="w-56"
              value={roadmapId ?? ''}
              onChange={(e) => onChooseRoadmap(e.target.value)}
            >
              {roadmaps.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        {product ? (
          <Button {...editing} onClick={onCreate}>
            <Plus aria-hidden /> Create Roadmap
          </Button>
        ) : null}
      </div>
    </header>
  );
}
