import {
  CURRENT_PLAN,
  formatMoney,
  isBillableRole,
  type RoadmapPermission,
  roadmapPermissions,
  type RoadmapWithItems,
  seatChangeCost,
  seatMonthlyCents,
  shareRoadmapRequest,
} from '@chorus/contracts';
import { analytics, queryClient, toast, useActionMutation } from '@chorus/platform';
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FieldError,
  FormField,
  Input,
  memberStatusLabels,
  NativeSelect,
  productQueryKeys,
  seatChangeText,
  useProduct,
  useZodForm,
} from '@chorus/platform/ui';
import { useMutation } from '@tanstack/react-query';
import { Loader2, UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
import { roadmapApi, roadmapKeys, useRoadmapCollaborators } from '../api';
import { refusalMessage } from '../messages';

type Share = { email: string; permission: RoadmapPermission };

function refresh(roadmap: RoadmapWithItems) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: roadmapKeys.collaborators(roadmap.id) }),
    queryClient.invalidateQueries({ queryKey: productQueryKeys.products, exact: true }),
    queryClient.invalidateQueries({
      queryKey: productQueryKeys.product(roadmap.productId),
      exact: true,
    }),
  ]);
}

/**
 * Share one roadmap with a person by e-mail: view (free) or edit (a paid
 * seat, confirmed with its cost first). They see this roadmap and its items
 * only, with the product's name. Lists the current shares, each removable.
 */
export function ShareRoadmap({ roadmap }: { roadmap: RoadmapWithItems }) {
  const [open, setOpen] = useState(false);
  const product = useProduct(roadmap.productId).data;
  const shares = useRoadmapCollaborators(roadmap.id, open);
  const [pending, setPending] = useState<Share | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const form = useZodForm(shareRoadmapRequest, {
    defaultValues: { email: '', permission: 'view' },
  });

  const seat = product ? seatMonthlyCents(product) : CURRENT_PLAN.seatMonthlyCents;
  const permissionLabel = (permission: RoadmapPermission) =>
    permission === 'view' ? 'Can view (free)' : `Can edit (+${formatMoney(seat)} per month)`;

  const share = useActionMutation({
    mutationFn: (body: Share, idempotencyKey) =>
      roadmapApi.shareRoadmap(roadmap.id, body, idempotencyKey),
    onSuccess: async (_member, body) => {
      analytics.inviteSent('roadmap');
      toast({ title: 'Roadmap shared', description: `An invitation went to ${body.email}.` });
      form.reset({ email: '', permission: body.permission });
      setPending(null);
      await refresh(roadmap);
    },
    onError: (error) => {
      setRefusal(refusalMessage(error) ?? 'The roadmap could not be shared. Please try again.');
      setPending(null);
    },
  });
  const unshare = useMutation({
    mutationFn: (memberId: string) => roadmapApi.unshareRoadmap(roadmap.id, memberId),
    onSuccess: async () => {
      toast({ title: 'Share removed', description: 'They no longer see this roadmap.' });
      await refresh(roadmap);
    },
    onError: (error) =>
      toast({
        title: 'Share not removed',
        description: refusalMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      }),
  });

  const submit = form.handleSubmit((values) => {
    setRefusal(undefined);
    const chosen = { email: values.email, permission: values.permission };
    // A view share changes nothing on the bill; an edit share is confirmed with its cost.
    if (isBillableRole('roadmap', chosen.permission)) setPending(chosen);
    else share.mutate(chosen);
  });

  const cost = product
    ? seatChangeCost(
        {
          billingCycle: product.billingCycle,
          isLegacyPricing: product.isLegacyPricing,
          personaCount: product.billing.personaCount,
          promo: product.promo,
        },
        product.seats ?? 0,
        (product.seats ?? 0) + 1,
      )
    : undefined;
  const permission = form.watch('permission') ?? 'view';

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Users aria-hidden /> Share
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setPending(null);
        }}
      >
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>Share “{roadmap.name}”</DialogTitle>
            <DialogDescription>
              The person sees this roadmap and its items only, with the product&apos;s name, not the
              rest of the product.
            </DialogDescription>
          </DialogHeader>

          {pending ? (
            <div className="grid gap-3" role="region" aria-label="Cost of the change">
              <p className="text-sm">
                Let {pending.email} edit this roadmap? An edit share is a paid seat.
              </p>
              <p
                className="rounded-lg border px-4 py-3 text-sm font-medium"
                data-testid="seat-cost"
              >
                {seatChangeText(cost?.monthlyChangeCents ?? seat)}
              </p>
              <div className="flex justify-end gap-2">
                <Button
                  variant="outline"
                  disabled={share.isPending}
                  onClick={() => setPending(null)}
                >
                  Back
                </Button>
                <Button disabled={share.isPending} onClick={() => share.mutate(pending)}>
                  {share.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                  Share Roadmap
                </Button>
              </div>
            </div>
          ) : (
            <form onSubmit={submit} noValidate className="grid gap-4">
              <FormField form={form} name="email" id="share-roadmap-email" label="E-mail">
                {(control) => <Input type="email" autoComplete="off" {...control} />}
              </FormField>
              <FormField
                form={form}
                name="permission"
                id="share-roadmap-permission"
                label="Permission"
                hint={
                  permission === 'edit'
                    ? 'Edits the roadmap and its items; a paid seat.'
                    : 'Reads the roadmap and its items; free.'
                }
              >
                {(control) => (
                  <NativeSelect {...control}>
                    {roadmapPermissions.map((value) => (
                      <option key={value} value={value}>
                        {permissionLabel(value)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              {refusal ? <FieldError>{refusal}</FieldError> : null}
              <Button type="submit" className="w-fit" disabled={share.isPending}>
                {share.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                Share
              </Button>
            </form>
          )}

          <section aria-label="Shared with" className="grid gap-2">
            <h3 className="text-sm font-semibold">Shared with</h3>
            {shares.isPending ? (
              <p className="text-sm text-muted-foreground">Loading...</p>
            ) : shares.isError ? (
              <p className="text-sm text-destructive" role="alert">
                Unable to load who this roadmap is shared with.
              </p>
            ) : shares.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nobody yet.</p>
            ) : (
              <ul className="divide-y rounded-lg border">
                {shares.data.map((member) => (
                  <li key={member.id} className="flex items-center justify-between gap-3 px-3 py-2">
                    <div className="grid min-w-0 gap-0.5 text-sm">
                      <span className="truncate font-medium">{member.name ?? member.email}</span>
                      <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                        {member.roadmap?.permission === 'edit' ? 'Can edit' : 'Can view'}
                        <Badge variant="outline">{memberStatusLabels[member.status]}</Badge>
                      </span>
                    </div>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      aria-label={`Remove ${member.email}`}
                      disabled={unshare.isPending}
                      onClick={() => unshare.mutate(member.id)}
                    >
                      <UserMinus aria-hidden /> Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </DialogContent>
      </Dialog>
    </>
  );
}
