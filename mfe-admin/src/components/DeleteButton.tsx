import { Button, ConfirmDialog } from '@chorus/platform/ui';
import { Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';

/** A row's Delete button, which asks first: `title` and `description` say what goes. */
export function DeleteButton({
  label,
  title,
  description,
  deleting,
  onDelete,
}: {
  /** The button's accessible name, e.g. "Delete promo code SPRING". */
  label: string;
  title: string;
  description: string;
  deleting: boolean;
  onDelete: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={deleting}
        aria-label={label}
        onClick={() => setConfirming(true)}
      >
        {deleting ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={title}
        description={description}
        confirmLabel="Delete"
        onConfirm={onDelete}
      />
    </>
  );
}
