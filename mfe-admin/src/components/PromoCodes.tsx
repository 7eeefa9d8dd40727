import {
  adminMessages,
  parseFormInteger,
  formatDate,
  type PromoCodeForm,
  promoCodeRequest,
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
  FormField,
  Input,
  useZodForm,
} from '@chorus/platform/ui';
import { useMutation } from '@tanstack/react-query';
import { Loader2, Plus, TicketPercent } from 'lucide-react';
import { adminRequest, refreshAdmin } from '../api';
import { refusalMessage, serverAnswered } from '../messages';
import { DeleteButton } from './DeleteButton';
import { promoCodeStatus } from '../promo-codes';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The spec's form defaults: discount 0, one month, no usage limit, no expiry. */
const emptyForm: PromoCodeForm = {
  code: '',
  discountPercent: '0',
  durationMonths: '1',
  description: '',
  usageLimit: '',
  expiresAt: '',
};

/** The body the form sends: integers as the spec parses them, empty limit and expiry null. */
function promoRequestBody(form: PromoCodeForm) {
  const discount = parseFormInteger(form.discountPercent);
  const duration = parseFormInteger(form.durationMonths);
  const limit = parseFormInteger(form.usageLimit);
  return {
    code: text(form.code).trim().toUpperCase(),
    discountPercent: Number.isNaN(discount) ? 0 : discount,
    durationMonths: Number.isNaN(duration) ? 1 : duration,
    description: text(form.description),
    usageLimit:
      text(form.usageLimit).trim() === '' ? null : Number.isNaN(limit) ? form.usageLimit : limit,
    expiresAt: form.expiresAt ? new Date(`${text(form.expiresAt)}T23:59:59`).toISOString() : null,
  };
}

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
          {promo.expiresAt ? ` · Expires ${formatDate(promo.expiresAt, 'medium')}` : ' · No expiry'}
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
  const form = useZodForm(promoCodeRequest, { defaultValues: emptyForm });

  const create = useMutation({
    mutationFn: (body: ReturnType<typeof promoRequestBody>) =>
      adminRequest('POST', '/api/admin/promo-codes', body),
    onSuccess: () => {
      form.reset(emptyForm);
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

  const submit = form.handleSubmit((values) => create.mutate(promoRequestBody(values)));

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
        <form
          className="grid content-start gap-4"
          onSubmit={(event) => void submit(event)}
          aria-label="Create promo code"
        >
          <h4 className="text-sm font-semibold">Create Promo Code</h4>
          <FormField form={form} name="code" id="promo-code" label="Code">
            {(control) => (
              <Input
                {...control}
                onChange={(event) => {
                  // Codes are upper case; the field shows what will be stored.
                  event.target.value = event.target.value.toUpperCase();
                  void control.onChange(event);
                }}
                placeholder="SPRING25"
                maxLength={50}
                className="font-mono uppercase"
              />
            )}
          </FormField>
          <div className="grid grid-cols-2 gap-3">
            <FormField form={form} name="discountPercent" id="promo-discount" label="Discount (%)">
              {(control) => <Input type="number" min={0} max={100} {...control} />}
            </FormField>
            <FormField
              form={form}
              name="durationMonths"
              id="promo-duration"
              label="Duration (months)"
            >
              {(control) => <Input type="number" min={1} {...control} />}
            </FormField>
          </div>
          <FormField form={form} name="description" id="promo-description" label="Description">
            {(control) => <Input placeholder="Spring campaign" {...control} />}
          </FormField>
          <div className="grid grid-cols-2 gap-3">
            <FormField
              form={form}
              name="usageLimit"
              id="promo-limit"
              label="Usage limit"
              hint="Empty: no limit"
            >
              {(control) => <Input type="number" min={1} {...control} />}
            </FormField>
            <FormField
              form={form}
              name="expiresAt"
              id="promo-expires"
              label="Expires"
              hint="Empty: never"
            >
              {(control) => <Input type="date" {...control} />}
            </FormField>
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
