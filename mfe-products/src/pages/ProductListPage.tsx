import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function ProductListPage() {
  return (
    <ComingSoon
      title="My Products"
      description="Your products, each with its own subscription, will be listed here."
      release={release}
    />
  );
}
