import { Button } from '@chorus/platform/ui';
import { Loader2, RefreshCw } from 'lucide-react';

/** Runs a complete question again with a new seed. */
export function RerunButton({ running, onRerun }: { running: boolean; onRerun(): void }) {
  return (
    <Button variant="ghost" size="sm" disabled={running} onClick={onRerun}>
      {running ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
      Re-run
    </Button>
  );
}
