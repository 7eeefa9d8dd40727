// The page's own URLs: choosing a product or a roadmap moves to its address.

export const roadmapPath = (productId: string, roadmapId: string) =>
  `/products/${encodeURIComponent(productId)}/roadmap/${encodeURIComponent(roadmapId)}`;

export const productRoadmapsPath = (productId: string) =>
  `/products/${encodeURIComponent(productId)}/roadmaps`;

export const productDashboardPath = (productId: string) =>
  `/products/${encodeURIComponent(productId)}/dashboard`;
