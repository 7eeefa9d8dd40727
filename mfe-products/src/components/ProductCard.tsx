import { formatDollars, type ProductView } from '@chorus/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  roleLabels,
  SharedWithYouBadge,
  SubscriptionStatusBadge,
  useProductRole,
} from '@chorus/platform/ui';
import {
  ArrowRight,
  Loader2,
  Map as MapIcon,
  ShieldCheck,
  Trash2,
  Users,
  UsersRound,
  Wallet,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useProductRoadmaps } from '../api';
import { cardMonthlyRate, industryLabel } from '../product-pages';

function RoadmapCount({ productId }: { productId: string }) {
  const roadmaps = useProductRoadmaps(productId);
  const count = roadmaps.data?.length;
  return (
    <Link
      to={`/roadmap?product=${encodeURIComponent(productId)}`}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
    >
      <MapIcon className="size-4" aria-hidden />
      {count === undefined ? 'Roadmaps' : `${count} ${count === 1 ? 'roadmap' : 'roadmaps'}`}
    </Link>
  );
}

/** One product on My Products: what it is, what it costs, and where to manage it. */
export function ProductCard({
  product,
  deleting,
  onDelete,
}: {
  product: ProductView;
  deleting: boolean;
  onDelete: () => void;
}) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const dashboard = `/products/${encodeURIComponent(product.id)}/dashboard`;
  const team = `/products/${encodeURIComponent(product.id)}/team`;
  const { isOwner, role } = useProductRole(product);

  return (
    <Card role="article" aria-labelledby={titleId} className="gap-5">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="grid min-w-0 gap-2">
          <CardTitle id={titleId} className="truncate text-lg">
            {product.name}
          </CardTitle>
          <div className="flex flex-wrap items-center gap-2">
            {product.industry ? (
              <Badge variant="secondary">{industryLabel(product.industry)}</Badge>
            ) : null}
            <SubscriptionStatusBadge status={product.subscriptionStatus} />
            {product.sharedWithYou ? <SharedWithYouBadge role={product.role} /> : null}
          </div>
        </div>
        {/* Deleting (and its subscription with it) is the owner's alone. */}
        {isOwner ? (
          <Button
            variant="ghost"
            size="icon"
            className="shrink-0 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
            aria-label={`Delete ${product.name}`}
            disabled={deleting}
            onClick={() => setConfirming(true)}
          >
            {deleting ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-4">
        <p className="line-clamp-3 text-sm text-muted-foreground">
          {product.description || 'No description provided'}
        </p>
        {product.billing ? (
          <dl className="grid grid-cols-2 gap-3 rounded-lg bg-muted/50 px-4 py-3">
            <div className="grid gap-0.5">
              <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Users className="size-3.5" aria-hidden /> Personas
              </dt>
              <dd className="font-semibold tabular-nums">{product.billing.personaCount}</dd>
            </div>
            {isOwner ? (
              <div className="grid gap-0.5">
                <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Wallet className="size-3.5" aria-hidden /> Monthly Rate
                </dt>
                <dd className="font-semibold tabular-nums">
                  {formatDollars(cardMonthlyRate(product.billing))}
                  <span className="font-normal text-muted-foreground">/month</span>
                </dd>
              </div>
            ) : (
              <div className="grid gap-0.5">
                <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <ShieldCheck className="size-3.5" aria-hidden /> Your Role
                </dt>
                <dd className="font-semibold">{roleLabels[role]}</dd>
              </div>
            )}
          </dl>
        ) : null}
      </CardContent>
      <CardFooter className="justify-between gap-2 border-t pt-5">
        <div className="flex flex-wrap items-center gap-4">
          <RoadmapCount productId={product.id} />
          <Link
            to={team}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
          >
            <UsersRound className="size-4" aria-hidden /> Team
          </Link>
        </div>
        <Button asChild size="sm">
          <Link to={dashboard}>
            Manage Product <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardFooter>

      {isOwner ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Delete ${product.name}?`}
          description="This permanently deletes the product with its business profile, personas and questions, and cancels its subscription. This cannot be undone."
          confirmLabel="Delete Product"
          destructive
          onConfirm={onDelete}
        />
      ) : null}
    </Card>
  );
}
