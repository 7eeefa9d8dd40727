import type { ProductView } from '@chorus/contracts';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useRoadmap, useRoadmaps } from '../api';
import { productRoadmapsPath, roadmapPath } from '../paths';

/**
 * The product and roadmap the page shows: the product from the path, a
 * ?product= parameter, or the first; the roadmap from the path, or the first
 * of the product's (most recently updated). Choosing either moves to its URL.
 */
export function useRoadmapSelection(products: ProductView[]) {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();

  const wanted = params.productId ?? search.get('product') ?? undefined;
  const product = wanted ? products.find((p) => p.id === wanted) : products[0];
  const roadmaps = useRoadmaps(product?.id);
  // A roadmap named in the path is read only when it is one of the product's.
  const listed = roadmaps.data;
  const inPath = params.roadmapId;
  const roadmapMissing = Boolean(inPath && listed && !listed.some((r) => r.id === inPath));
  const roadmapId = inPath ? (roadmapMissing ? undefined : listed && inPath) : listed?.[0]?.id;
  const roadmap = useRoadmap(roadmapId);

  return {
    product,
    roadmaps,
    roadmapId,
    roadmapMissing,
    roadmap,
    chooseProduct: (productId: string) => navigate(productRoadmapsPath(productId)),
    chooseRoadmap: (id: string) => product && navigate(roadmapPath(product.id, id)),
  };
}

export type RoadmapSelection = ReturnType<typeof useRoadmapSelection>;
