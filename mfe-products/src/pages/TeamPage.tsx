import type { ProductView } from '@chorus/contracts';
import { toast } from '@chorus/platform';
import {
  Button,
  Card,
  ConfirmDialog,
  LoadError,
  Loading,
  PageFrame,
  ProductGate,
  ProductNotFound,
  roleLabels,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  pendingSeatsLine,
  teamCostLine,
  useProductRole,
  isNotFound,
} from '@chorus/platform/ui';
import { ArrowLeft, LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuditLogTable } from '../components/team/AuditLogTable';
import { InviteForm } from '../components/team/InviteForm';
import { MembersTable } from '../components/team/MembersTable';
import { refusalMessage } from '../messages';
import { leaveProduct, useTeam } from '../team-api';

function LeaveProduct({ product }: { product: ProductView }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    try {
      await leaveProduct(product.id);
      toast({
        title: 'You left the product',
        description: `${product.name} is no longer shared with you.`,
      });
      navigate('/products');
    } catch (error) {
      toast({
        title: 'You are still a member',
        description: refusalMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
      setLeaving(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        <LogOut aria-hidden /> Leave product
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Leave ${product.name}?`}
        description="You lose access to the product at once. The owner can invite you again."
        confirmLabel="Leave Product"
        destructive
        pending={leaving}
        closeOnConfirm={false}
        onConfirm={() => void leave()}
      />
    </>
  );
}

function Team({ product }: { product: ProductView }) {
  const rights = useProductRole(product);
  const team = useTeam(product.id);

  if (team.isPending) return <Loading label="Loading the team..." />;
  if (team.isError) {
    if (isNotFound(team.error)) return <ProductNotFound />;
    return (
      <PageFrame>
        <LoadError message="Unable to load the team." onRetry={() => void team.refetch()} />
      </PageFrame>
    );
  }
  const view = team.data;
  const canManage = rights.canManageTeam;

  return (
    <PageFrame>
      <Link
        to={`/products/${encodeURIComponent(product.id)}/dashboard`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {product.name}
      </Link>
      <header className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Team</h1>
          <p className="mt-2 text-muted-foreground">
            The people who work on {product.name} with you. You are{' '}
            {rights.isOwner ? 'the owner' : `a member (${roleLabels[rights.role]})`}.
          </p>
        </div>
        {rights.isOwner ? null : <LeaveProduct product={product} />}
      </header>

      <Tabs defaultValue="members" className="mt-8">
        <TabsList>
          <TabsTrigger value="members">Members</TabsTrigger>
          {canManage ? <TabsTrigger value="audit">Audit log</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="members" className="mt-4 grid gap-6">
          {/* What the owner pays is not a viewer's to see. */}
          {view.billableSeats !== null && view.seatMonthlyCents !== null ? (
            <Card className="gap-1 px-6 py-4" role="region" aria-label="Cost of the team">
              <p className="font-semibold tabular-nums" data-testid="team-cost">
                {teamCostLine(view.billableSeats, view.seatMonthlyCents, view.pendingSeats ?? 0)}
              </p>
              {view.pendingSeats ? (
                <p className="text-sm font-medium tabular-nums" data-testid="team-pending-cost">
                  {pendingSeatsLine(view.pendingSeats, view.seatMonthlyCents)}
                </p>
              ) : null}
              <p className="text-sm text-muted-foreground">
                Collaborators and admins are paid seats; viewers are free.
                {rights.isOwner ? '' : ' The owner pays for the team.'}
              </p>
            </Card>
          ) : null}
          <MembersTable product={product} team={view} canManage={canManage} />
          {canManage ? (
            <InviteForm product={product} team={view} />
          ) : (
            <p className="text-sm text-muted-foreground">
              Only the product owner or a team admin invites, changes roles and removes members.
            </p>
          )}
        </TabsContent>
        {canManage ? (
          <TabsContent value="audit" className="mt-4">
            <AuditLogTable productId={product.id} />
          </TabsContent>
        ) : null}
      </Tabs>
    </PageFrame>
  );
}

/** /products/{id}/team: members, invitations, the team's cost and the audit log. */
export function TeamPage() {
  return (
    <ProductGate loadingLabel="Loading the team...">
      {(product) => <Team product={product} />}
    </ProductGate>
  );
}
