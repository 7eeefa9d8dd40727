import type { SharedRoadmapView } from '@chorus/contracts';
import { Badge, Card, permissionLabels } from '@chorus/platform/ui';
import { ArrowRight, Map as MapIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { roadmapPath } from '../paths';

/** "Shared with you": roadmaps someone shared with the user on their own, each a link to it. */
export function SharedRoadmaps({ shared }: { shared: SharedRoadmapView[] }) {
  if (shared.length === 0) return null;
  return (
    <section aria-labelledby="shared-roadmaps-title" className="mt-10 grid gap-3">
      <h2 id="shared-roadmaps-title" className="text-xl font-semibold tracking-tight">
        Shared with you
      </h2>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {shared.map((share) => (
          <Link
            key={share.roadmapId}
            to={roadmapPath(share.productId, share.roadmapId)}
            className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/30"
          >
            <Card className="h-full gap-2 px-5 py-4 shadow-none transition-shadow group-hover:shadow-sm">
              <h3 className="flex items-center gap-1.5 font-semibold">
                <MapIcon className="size-4 text-muted-foreground" aria-hidden />
                {share.roadmapName}
                <ArrowRight
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                  aria-hidden
                />
              </h3>
              <p className="text-sm text-muted-foreground">{share.productName}</p>
              <Badge variant="outline">{permissionLabels[share.permission]}</Badge>
            </Card>
          </Link>
        ))}
      </div>
    </section>
  );
}
