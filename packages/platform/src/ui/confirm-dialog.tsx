import { Loader2 } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';
import { buttonVariants } from './button';

/**
 * "Are you sure?": a title, what will happen, Cancel and the confirming
 * button, as an alertdialog that takes focus and returns it on close.
 * `children` go between the description and the buttons (a price change, a
 * list of what the next page offers).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  pending = false,
  closeOnConfirm = true,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** Red confirm button: the action deletes or cancels something. */
  destructive?: boolean;
  /** The confirmed action is running: both buttons wait, the confirm button spins. */
  pending?: boolean;
  /**
   * False keeps the dialog open after Confirm, for an action whose outcome the
   * caller waits for (it closes the dialog itself, through `onOpenChange`).
   */
  closeOnConfirm?: boolean;
  onConfirm(): void;
}) {
  const confirm = (event: MouseEvent) => {
    if (!closeOnConfirm) event.preventDefault();
    onConfirm();
  };
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            className={destructive ? buttonVariants({ variant: 'destructive' }) : undefined}
            disabled={pending}
            onClick={confirm}
          >
            {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
