import {
  COMPARE_MAX_ITEMS,
  createComparisonLinkRequest,
  type CreatedShareLinkView,
  createShareLinkRequest,
  SHARE_DEFAULT_DAYS,
  SHARE_MAX_DAYS,
  type ShareFeedbackType,
} from '@chorus/contracts';
import { trackEvent, useActionMutation } from '@chorus/platform';
import { Button, FieldError, Input } from '@chorus/platform/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { roadmapApi, roadmapKeys, usePersonas } from '../../api';
import { failureToast } from '../../messages';
import { PersonaPicker } from '../Feedback';
import { type ShareTarget, typeLabels } from './words';

export function NewLinkForm({
  target,
  productId,
  onCreated,
}: {
  target: ShareTarget;
  productId: string;
  onCreated: (link: CreatedShareLinkView) => void;
}) {
  const [feedbackType, setFeedbackType] = useState<ShareFeedbackType>('rating');
  const [allowComments, setAllowComments] = useState(true);
  const [days, setDays] = useState(String(SHARE_DEFAULT_DAYS));
  const [personaIds, setPersonaIds] = useState<string[]>([]);
  const [itemIds, setItemIds] = useState<string[]>(
    target.kind === 'comparison' ? target.items.slice(0, COMPARE_MAX_ITEMS).map((i) => i.id) : [],
  );
  const [error, setError] = useState('');
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

  function submit() {
    const common = { allowComments, expiresInDays: Number(days), personaIds };
    const parsed =
      target.kind === 'item'
        ? createShareLinkRequest.safeParse({ ...common, feedbackType })
        : createComparisonLinkRequest.safeParse({ ...common, itemIds });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the link’s settings');
      return;
    }
    setError('');
    create.mutate(parsed.data);
  }

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
                  name="feedbackType"
                  className="accent-primary"
                  checked={feedbackType === type}
                  onChange={() => setFeedbackType(type)}
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
                    setItemIds(
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
          <input
            type="checkbox"
            className="accent-primary"
            checked={allowComments}
            onChange={(e) => setAllowComments(e.target.checked)}
          />
          Allow comments
        </label>
        <label className="grid gap-1">
          <span>Expires after (days, at most {SHARE_MAX_DAYS})</span>
          <Input
            type="number"
            min={1}
            max={SHARE_MAX_DAYS}
            value={days}
            className="w-28"
            onChange={(e) => setDays(e.target.value)}
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
            onChange={setPersonaIds}
          />
          <p className="mt-1 text-xs text-muted-foreground">
            None chosen: every persona that has rated{' '}
            {target.kind === 'item' ? 'the item' : 'these items'}.
          </p>
        </div>
      </details>
      <FieldError>{error}</FieldError>
      <div>
        <Button type="button" disabled={create.isPending} onClick={submit}>
          <Link2 aria-hidden /> {create.isPending ? 'Creating…' : 'Create Link'}
        </Button>
      </div>
    </section>
  );
}
