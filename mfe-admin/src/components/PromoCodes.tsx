import {
  adminMessages,
  parseFormInteger,
  promoCodeStatus,
  type PromoCodeView,
} from '@chorus/contracts';
import { toast } from '@chorus/platform';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  Input,
} from '@chorus/platform/ui';
import { useMutation } from '@tanstack/react-query';
import { Loader2, Plus, TicketPercent } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { adminRequest, refreshAdmin } from '../api';
import { refusalMessage, serverAnswered } from '../messages';
import { DeleteButton } from './DeleteButton';

interface PromoForm {
  code: string;
  discountPercent: string;
  durationMonths: string;
  description: string;
  usageLimit: string;
  expiresAt: string;
}

/** The spec's form defaults: discount 0, one month, no usage limit, no expiry. */
const emptyForm: PromoForm = {
  code: '',
  discountPercent: '0',
  durationMonths: '1',
  description: '',
  usageLimit: '',
  expiresAt: '',
};

/** The body the form sends: integers as the spec parses them, empty limit and expiry null. */
export function promoRequestBody(form: PromoForm) {
  const discount = parseFormInteger(form.discountPercent);
  const duration = parseFormInteger(form.durationMonths);
  const limit = parseFormInteger(form.usageLimit);
  return {
    code: form.code.trim().toUpperCase(),
    discountPercent: Number.isNaN(discount) ? 0 : discount,
    durationMonths: Number.isNaN(duration) ? 1 : duration,
    description: form.description,
    usageLimit:
      form.usageLimit.trim() === '' ? null : Number.isNaN(limit) ? form.usageLimit : limit,
    expiresAt: form.expiresAt ? new Date(`${form.expiresAt}T23:59:59`).toISOString() : null,
  };
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const statusVariant = {
  active: 'success',
  inactive: 'secondary',
  expired: 'outline',
  'used up': 'outline',
} as const;

function PromoRow({
  promo,
  deleting,
  onDelete,
}: {
  promo: PromoCodeView;
  deleting: boolean;
  onDelete: () => void;
}) {
  const status = promoCodeStatus(
    {
      ...promo,
      expiresAt: promo.expiresAt ? new Date(promo.expiresAt) : null,
    },
    new Date(),
  );
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
      aria-label={promo.code}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-base font-semibold tracking-wide">{promo.code}</span>
          <Badge variant={statusVariant[status]}>
            {status === 'active'
              ? 'Active'
              : status === 'inactive'
                ? 'Inactive'
                : status === 'expired'
                  ? 'Expired'
                  : 'Used up'}
          </Badge>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          {promo.discountPercent}% off for {promo.durationMonths} month
          {promo.durationMonths === 1 ? '' : 's'}
          {promo.description ? ` · ${promo.description}` : ''}
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground">
          Used {promo.usedCount}
          {promo.usageLimit !== null ? ` / ${promo.usageLimit}` : ' (no limit)'}
          {promo.expiresAt
            ? ` · Expires ${dateFormat.format(new Date(promo.expiresAt))}`
            : ' · No expiry'}
        </p>
      </div>
      <DeleteButton
        label={`Delete promo code ${promo.code}`}
        title={`Delete promo code ${promo.code}?`}
        description="Customers can no longer use it. Subscriptions that started with it keep their discount."
        deleting={deleting}
        onDelete={onDelete}
      />
    </li>
  );
}

/** Promo Code Management: the codes with their usage and status, the create form, delete. */
export function PromoCodes({ promoCodes }: { promoCodes: PromoCodeView[] | undefined }) {
  const [form, setForm] = useState<PromoForm>(emptyForm);
  const set = (field: keyof PromoForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({
      ...current,
      [field]: field === 'code' ? event.target.value.toUpperCase() : event.target.value,
    }));

  const create = useMutation({
    mutationFn: (body: ReturnType<typeof promoRequestBody>) =>
      adminRequest('POST', '/api/admin/promo-codes', body),
    onSuccess: () => {
      setForm(emptyForm);
      toast({ title: adminMessages.promoCreated });
      void refreshAdmin();
    },
    onError: (error) =>
      toast({
        title: serverAnswered(error)
          ? adminMessages.promoCreateFailed
          : adminMessages.promoCreateError,
        description: refusalMessage(error),
        variant: 'destructive',
      }),
  });

  const remove = useMutation({
    mutationFn: (id: string) =>
      adminRequest('DELETE', `/api/admin/promo-codes/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast({ title: adminMessages.promoDeleted });
      void refreshAdmin();
    },
    onError: (error) =>
      toast({
        title: serverAnswered(error)
          ? adminMessages.promoDeleteFailed
          : adminMessages.promoDeleteError,
        description: refusalMessage(error),
        variant: 'destructive',
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(promoRequestBody(form));
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TicketPercent className="size-5 text-primary" aria-hidden /> Promo Code Management
        </CardTitle>
        <CardDescription>
          Codes customers enter at onboarding: a percentage off for a number of months.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 lg:grid-cols-[minmax(0,20rem)_1fr]">
        <form className="grid content-start gap-4" onSubmit={submit} aria-label="Create promo code">
          <h4 className="text-sm font-semibold">Create Promo Code</h4>
          <Field label="Code" htmlFor="promo-code">
            <Input
              id="promo-code"
              value={form.code}
              onChange={set('code')}
              placeholder="SPRING25"
              maxLength={50}
              className="font-mono uppercase"
            />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Discount (%)" htmlFor="promo-discount">
              <Input
                id="promo-discount"
                type="number"
                min={0}
                max={100}
                value={form.discountPercent}
                onChange={set('discountPercent')}
              />
            </Field>
            <Field label="Duration (months)" htmlFor="promo-duration">
              <Input
                id="promo-duration"
                type="number"
                min={1}
                value={form.durationMonths}
                onChange={set('durationMonths')}
              />
            </Field>
          </div>
          <Field label="Description" htmlFor="promo-description">
            <Input
              id="promo-description"
              value={form.description}
              onChange={set('description')}
              placeholder="Spring campaign"
            />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Usage limit" htmlFor="promo-limit" hint="Empty: no limit">
              <Input
                id="promo-limit"
                type="number"
                min={1}
                value={form.usageLimit}
                onChange={set('usageLimit')}
              />
            </Field>
            <Field label="Expires" htmlFor="promo-expires" hint="Empty: never">
              <Input
                id="promo-expires"
                type="date"
                value={form.expiresAt}
                onChange={set('expiresAt')}
              />
            </Field>
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <Plus aria-hidden />
            )}
            Create Promo Code
          </Button>
        </form>

        <div className="min-w-0">
          <h4 className="text-sm font-semibold">Promo Codes</h4>
          {!promoCodes ? (
            <p className="mt-3 text-sm text-muted-foreground">Loading promo codes...</p>
          ) : promoCodes.length === 0 ? (
            <p className="mt-3 rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
              No promo codes yet.
            </p>
          ) : (
            <ul className="divide-y" aria-label="Promo codes">
              {promoCodes.map((promo) => (
                <PromoRow
                  key={promo.id}
                  promo={promo}
                  deleting={remove.isPending && remove.variables === promo.id}
                  onDelete={() => remove.mutate(promo.id)}
                />
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
