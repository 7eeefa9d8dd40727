import { Button } from '@chorus/platform/ui';
import { Loader2 } from 'lucide-react';
import { useCalibrationShareLinks } from '../../../calibration-api';
import { failure } from './failure';

/** The product's answered share links, each usable or with the reason it is not. */
export function ShareLinkChoice({
  productId,
  busy,
  onUse,
}: {
  productId: string;
  busy: boolean;
  onUse(linkId: string): void;
}) {
  const links = useCalibrationShareLinks(productId, true);
  if (links.isLoading) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading share links...
      </p>
    );
  }
  if (links.isError) {
    return <p className="text-sm text-destructive">{failure(links.error)}</p>;
  }
  const list = links.data ?? [];
  if (list.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No share link of this product has responses yet. Share a roadmap item to collect some.
      </p>
    );
  }
  return (
    <ul className="grid gap-2" aria-label="Share links with responses">
      {list.map((link) => (
        <li
          key={link.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
        >
          <div className="grid gap-0.5">
            <span className="font-medium">{link.title}</span>
            <span className="text-xs text-muted-foreground">
              {link.feedbackType} link, {link.responseCount}{' '}
              {link.responseCount === 1 ? 'response' : 'responses'}
            </span>
            {link.refusal ? <span className="text-xs text-amber-800">{link.refusal}</span> : null}
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={busy || link.refusal !== null}
            aria-label={`Use the responses of ${link.title}`}
            onClick={() => onUse(link.id)}
          >
            Use
          </Button>
        </li>
      ))}
    </ul>
  );
}
