import {
  COMPARE_MAX_ITEMS,
  createComparisonLinkRequest,
  type CreateComparisonLinkRequest,
  type CreatedShareLinkView,
  createShareLinkRequest,
  type CreateShareLinkRequest,
  SHARE_DEFAULT_DAYS,
  SHARE_MAX_DAYS,
  shareFeedbackTypes,
} from '@chorus/contracts';
import { trackEvent, useActionMutation } from '@chorus/platform';
import { Button, FieldError, Input, useZodForm } from '@chorus/platform/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { roadmapApi, roadmapKeys, usePersonas } from '../../api';
import { failureToast } from '../../messages';
import { PersonaPicker } from '../Feedback';
import { type ShareTarget, typeLabels } from './words';

/** The link's settings as the form holds them (the days as typed). */
const linkSettings = z.object({
  feedbackType: z.enum(shareFeedbackTypes),
  allowComments: z.boolean(),
  expiresInDays: z.string(),
  personaIds: z.array(z.string()),
  itemIds: z.array(z.string()),
});
type LinkSettings = z.input<typeof linkSettings>;

/** The settings read by a create request's own rules, its messages kept on their fields. */
function readBy<Output>(
  request: z.ZodType<Output>,
  body: (settings: z.output<typeof linkSettings>) => unknown,
) {
  return linkSettings.transform((settings, ctx) => {
    const read = request.safeParse(body(settings));
    if (read.success) return read.data;
    for (const issue of read.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
}

/** What both kinds of link take, the days as a number. */
const common = ({ allowComments, expiresInDays, personaIds }: z.output<typeof linkSettings>) => ({
  allowComments,
  expiresInDays: Number(expiresInDays),
  personaIds,
});

/** An item's link. */
const itemLinkForm = readBy(createShareLinkRequest, (settings) => ({
  feedbackType: settings.feedbackType,
  ...common(settings),
}));

/** A comparison's link: the chosen items to rank. */
const comparisonLinkForm = readBy(createComparisonLinkRequest, (settings) => ({
  itemIds: settings.itemIds,
  ...common(settings),
}));

export function NewLinkForm({
  target,
  productId,
  onCreated,
}: {
  target: ShareTarget;
  productId: string;
  onCreated: (link: CreatedShareLinkView) => void;
}) {
  // Checked at each click on Create Link; the message stays until the next.
  const [schema] = useState<
    z.ZodType<CreateShareLinkRequest | CreateComparisonLinkRequest, LinkSettings>
  >(() => (target.kind === 'item' ? itemLinkForm : comparisonLinkForm));
  const form = useZodForm(schema, {
    defaultValues: {
      feedbackType: 'rating',
      allowComments: true,
      expiresInDays: String(SHARE_DEFAULT_DAYS),
      personaIds: [],
      itemIds:
        target.kind === 'comparison'
          ? target.items.slice(0, COMPARE_MAX_ITEMS).map((i) => i.id)
          : [],
    } satisfies LinkSettings,
    reValidateMode: 'onSubmit',
  });
  const itemIds = form.watch('itemIds');
  const personaIds = form.watch('personaIds');
  // The request's first objection, as one line under the settings.
  const error = Object.values(form.formState.errors)
    .map((problem) => problem?.message)
    .find((message) => typeof message === 'string');
  const personas = usePersonas(productId, true);
  const queryClient = useQueryClient();

  // One Idempotency-Key per click on Create Link: a double click makes one link.
  const create = useActionMutation({
    mutationFn: (body: unknown, idempotencyKey) =>
      target.kind === 'item'
        ? roadmapApi.createShareLink(target.item.id, body, idempotencyKey)
        : roadmapApi.createComparisonLink(target.roadmapId, body, idempotencyKey),
    onSuccess: (link) => {
      trackEvent('share_created', { feedback_type: link.feedbackType });
      void queryClient.invalidateQueries({
        queryKey:
          target.kind === 'item'
            ? roadmapKeys.itemShareLinks(target.item.id)
            : roadmapKeys.comparisonLinks(target.roadmapId),
      });
      onCreated(link);
    },
    onError: (e) => failureToast('Failed to create the link', e),
  });

  const submit = form.handleSubmit((body) => create.mutate(body));

  return (
    <section aria-label="New link" className="grid gap-4 rounded-lg border p-4">
      {target.kind === 'item' ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">What people answer</legend>
          <div className="flex flex-wrap gap-3 text-sm">
            {(['rating', 'thumbs', 'text'] as const).map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input
                  type="radio"
                  value={type}
                  className="accent-primary"
                  {...form.register('feedbackType')}
                />
                {typeLabels[type]}
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">
            Items to rank (2–{COMPARE_MAX_ITEMS}, most wanted first)
          </legend>
          <div className="grid max-h-48 gap-1 overflow-y-auto text-sm sm:grid-cols-2">
            {target.items.map((item) => (
              <label key={item.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="accent-primary"
                  checked={itemIds.includes(item.id)}
                  onChange={(e) =>
                    form.setValue(
                      'itemIds',
                      e.target.checked
                        ? [...itemIds, item.id]
                        : itemIds.filter((id) => id !== item.id),
                    )
                  }
                />
                {item.title}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="flex flex-wrap items-end gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" className="accent-primary" {...form.register('allowComments')} />
          Allow comments
        </label>
        <label className="grid gap-1">
          <span>Expires after (days, at most {SHARE_MAX_DAYS})</span>
          <Input
            type="number"
            min={1}
            max={SHARE_MAX_DAYS}
            className="w-28"
            {...form.register('expiresInDays')}
          />
        </label>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer">Compare with personas’ predictions (optional)</summary>
        <div className="mt-2">
          <PersonaPicker
            productId={productId}
            personas={personas}
            chosen={personaIds}
            onChange={(ids) => form.setValue('personaIds', ids)}
          />
          <p className="mt-1 text-xs text-muted-foreground">
            None chosen: every persona that has rated{' '}
            {target.kind === 'item' ? 'the item' : 'these items'}.
          </p>
        </div>
      </details>
      <FieldError>{error}</FieldError>
      <div>
        <Button type="button" disabled={create.isPending} onClick={(event) => void submit(event)}>
          <Link2 aria-hidden /> {create.isPending ? 'Creating…' : 'Create Link'}
        </Button>
      </div>
    </section>
  );
}
