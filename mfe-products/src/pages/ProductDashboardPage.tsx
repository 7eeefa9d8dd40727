import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function ProductDashboardPage() {
  return (
    <ComingSoon
      title="Product Dashboard"
      description="Personas, questions, roadmaps and status of one product at a glance."
      release={release}
    />
  );
}
