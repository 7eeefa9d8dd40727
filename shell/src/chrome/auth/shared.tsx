// What every step of the sign-in dialog shares: its modes, error toast, price line and links.
import { CURRENT_PLAN, formatWholeDollars } from '@chorus/contracts';
import { toast } from '@chorus/platform';

export type AuthMode = 'login' | 'register' | 'forgot';

export const destructive = (title: string, description: string) =>
  toast({ title, description, variant: 'destructive' });

/** The dialog's price line: "$25/month, 10 AI personas included, $2 per additional persona". */
export const planLine = `${formatWholeDollars(CURRENT_PLAN.monthlyCents)}/month, ${CURRENT_PLAN.includedPersonas} AI personas included, ${formatWholeDollars(CURRENT_PLAN.extraPersonaCents)} per additional persona`;

export function SwitchLink({ children, onClick }: { children: string; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
    </button>
  );
}
