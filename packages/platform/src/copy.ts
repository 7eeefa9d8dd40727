import { useEffect, useState } from 'react';
import { toast } from './toasts';

/** The spec: the copied state resets after 2 seconds. */
export const COPIED_RESET_MS = 2000;

/** What a failed copy says (the browser refused the clipboard). */
export const COPY_FAILED_MESSAGE = 'Unable to copy to clipboard.';

/**
 * Copies text to the clipboard, the spec's copy pattern: `copied` for two
 * seconds after a copy, or `failed` and a "Copy failed" toast when the
 * browser refuses.
 */
export function useCopy(text: string): {
  copied: boolean;
  failed: boolean;
  copy: () => Promise<void>;
} {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setFailed(false);
      setCopied(true);
    } catch {
      setFailed(true);
      setCopied(false);
      toast({ title: 'Copy failed', description: COPY_FAILED_MESSAGE, variant: 'destructive' });
    }
  }
  return { copied, failed, copy };
}
