import { shareMessages } from '@chorus/contracts';
import { COPY_FAILED_MESSAGE, useCopy } from '@chorus/platform';
import { Button, Input } from '@chorus/platform/ui';
import { Copy } from 'lucide-react';

/** A listed link's address, copied again from the list. */
export function CopyListedLink({ path }: { path: string | null }) {
  const url = path ? `${window.location.origin}${path}` : '';
  const { copied, copy } = useCopy(url);
  if (!path) {
    return (
      <span className="text-xs text-muted-foreground">
        Link address not available — create a new link
      </span>
    );
  }
  return (
    <Button type="button" size="sm" variant="ghost" onClick={() => void copy()} title={url}>
      <Copy aria-hidden /> {copied ? shareMessages.copied : 'Copy link'}
    </Button>
  );
}

/** The link's address and a Copy button: "Copied" for 2 seconds, or why it failed. */
export function CopyLink({ url }: { url: string }) {
  const { copied, failed, copy } = useCopy(url);
  return (
    <div className="grid gap-1">
      <div className="flex gap-2">
        <Input readOnly value={url} aria-label="Share link" onFocus={(e) => e.target.select()} />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden /> {copied ? shareMessages.copied : 'Copy'}
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {COPY_FAILED_MESSAGE}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        You can copy it again later from the list of links.
      </p>
    </div>
  );
}
