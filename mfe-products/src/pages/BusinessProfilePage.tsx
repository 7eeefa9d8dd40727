import { type BusinessProfileView, profileMessages, type ProductView } from '@chorus/contracts';
import { toast } from '@chorus/platform';
import {
  Button,
  EmptyState,
  LoadError,
  Loading,
  PageFrame,
  ProductGate,
  useProductRole,
} from '@chorus/platform/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ClipboardList, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { productKeys, saveBusinessProfile, useBusinessProfile } from '../api';
import { ProfileForm } from '../components/ProfileForm';
import { ProfileView } from '../components/ProfileView';
import { refusalMessage } from '../messages';

function ProfileEditor({ product }: { product: ProductView }) {
  const queryClient = useQueryClient();
  const profile = useBusinessProfile(product.id);
  const [editing, setEditing] = useState(false);
  const exists = Boolean(profile.data);
  const { canEdit, editRefusal } = useProductRole(product);

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => saveBusinessProfile(product.id, body, exists),
    onSuccess: (saved) => {
      queryClient.setQueryData<BusinessProfileView | null>(
        productKeys.businessProfile(product.id),
        saved,
      );
      setEditing(false);
      toast({
        title: 'Business profile saved',
        description: `${product.name}'s profile is ${saved.completion}% complete.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description:
          refusalMessage(error) ??
          (exists ? profileMessages.updateFailed : profileMessages.createFailed),
        variant: 'destructive',
      }),
  });

  const dashboard = `/products/${encodeURIComponent(product.id)}/dashboard`;
  const viewing = editing ? null : profile.data;

  return (
    <PageFrame>
      <Link
        to={dashboard}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {product.name}
      </Link>
      <header className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Business Profile</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            What your personas know about {product.name}: the richer the profile, the more grounded
            their answers.
          </p>
        </div>
        {viewing ? (
          <div className="flex items-center gap-4">
            <p className="text-sm text-muted-foreground">
              <span className="text-lg font-semibold text-foreground tabular-nums">
                {viewing.completion}%
              </span>{' '}
              complete
            </p>
            <Button disabled={!canEdit} title={editRefusal} onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Edit Profile
            </Button>
          </div>
        ) : null}
      </header>

      <div className="mt-8">
        {profile.isPending ? (
          <Loading label="Loading business profile..." />
        ) : profile.isError ? (
          <LoadError
            message="Unable to load the business profile."
            onRetry={() => void profile.refetch()}
          />
        ) : editing && canEdit ? (
          <ProfileForm
            profile={profile.data}
            saving={save.isPending}
            onSave={(body) => save.mutate(body)}
            onInvalid={(message) =>
              toast({ title: 'Error', description: message, variant: 'destructive' })
            }
            onCancel={() => setEditing(false)}
          />
        ) : profile.data ? (
          <ProfileView profile={profile.data} />
        ) : (
          <EmptyState
            icon={ClipboardList}
            headingLevel={2}
            title="Create Your Product Profile"
            text="Tell your personas about your product, market, operations, customer experience and performance, so their answers fit your business."
            action={
              <Button disabled={!canEdit} title={editRefusal} onClick={() => setEditing(true)}>
                <Plus aria-hidden /> Create Profile
              </Button>
            }
          />
        )}
      </div>
    </PageFrame>
  );
}

/** /products/{id}/profile (and /companies/{id}/profile; /business-profile: the first product). */
export function BusinessProfilePage() {
  return (
    <ProductGate loadingLabel="Loading business profile...">
      {(product) => <ProfileEditor product={product} />}
    </ProductGate>
  );
}
