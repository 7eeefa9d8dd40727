import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function CreateProductPage() {
  return (
    <ComingSoon
      title="Create Product"
      description="Add a product with its own subscription."
      release={release}
    />
  );
}
