import { Loading, useProducts } from '@chorus/platform/ui';
import { useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { ProductListPage } from './ProductListPage';

/**
 * `/` for a signed-in user: the product list, or onboarding when they have no
 * products (the route table). Decided on arrival: deleting the last product
 * while here keeps the list and its empty state on screen.
 */
export function HomePage() {
  const products = useProducts();
  const arrival = useRef<'list' | 'onboarding'>(undefined);
  if (arrival.current === undefined) {
    if (products.isPending) return <Loading label="Loading products..." />;
    arrival.current = products.data?.length === 0 ? 'onboarding' : 'list';
  }
  if (arrival.current === 'onboarding') return <Navigate to="/onboarding" replace />;
  return <ProductListPage />;
}
