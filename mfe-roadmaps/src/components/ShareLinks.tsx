import { type CreatedShareLinkView } from '@chorus/contracts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Loading,
} from '@chorus/platform/ui';
import { useEffect, useState } from 'react';
import { useShareLinks } from '../api';
import { type ShareTarget } from './share-links/words';
import { CopyLink } from './share-links/CopyLink';
import { NewLinkForm } from './share-links/NewLinkForm';
import { ShareResults } from './share-links/ShareResults';
import { LinksTable } from './share-links/LinksTable';

/**
 * Public links for people: create one (what they answer, comments, expiry,
 * personas to compare with), copy its address, see each link's views,
 * responses, expiry and status, switch it off or delete it, and read its
 * results beside the personas' predictions.
 */
export function ShareLinksDialog({
  target,
  productId,
  onOpenChange,
}: {
  target: ShareTarget | undefined;
  productId: string;
  onOpenChange: (open: boolean) => void;
}) {
  const [created, setCreated] = useState<CreatedShareLinkView | undefined>();
  const [selected, setSelected] = useState<string | undefined>();
  const key = target?.kind === 'item' ? target.item.id : target?.roadmapId;
  useEffect(() => {
    setCreated(undefined);
    setSelected(undefined);
  }, [key]);
  const links = useShareLinks(
    target?.kind === 'item'
      ? { kind: 'item', itemId: target.item.id }
      : { kind: 'comparison', roadmapId: target?.roadmapId ?? '' },
    Boolean(target),
  );
  return (
    <Dialog open={Boolean(target)} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>
            {target?.kind === 'item' ? `Share “${target.item.title}”` : 'Share a Ranking'}
          </DialogTitle>
          <DialogDescription>
            Anyone with the link can answer without signing in, once per browser; you see their
            answers beside what your personas predicted.
          </DialogDescription>
        </DialogHeader>
        {target ? (
          <div className="grid gap-4">
            <NewLinkForm
              target={target}
              productId={productId}
              onCreated={(link) => {
                setCreated(link);
                setSelected(link.id);
              }}
            />
            {created ? <CopyLink url={`${window.location.origin}${created.path}`} /> : null}
            <section aria-label="Links" className="grid gap-2">
              <h4 className="text-sm font-medium">Links</h4>
              {links.isPending ? (
                <Loading label="Loading links..." />
              ) : (
                <LinksTable links={links.data ?? []} selected={selected} onSelect={setSelected} />
              )}
            </section>
            {selected ? <ShareResults linkId={selected} /> : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
