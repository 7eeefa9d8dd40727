import { budgetRequest, formatCost } from '@chorus/contracts';
import { serverMessage, toast } from '@chorus/platform';
import { Button, Card, CardContent, Input, Label } from '@chorus/platform/ui';
import { Coins } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useQuestionBudget, useSetQuestionBudget } from '../questions-api';

/**
 * This month's spend on questions (model tokens at the configured price; the
 * local engine costs nothing) and the optional monthly budget that refuses
 * new questions once reached.
 */
export function UsageBudgetCard({ productId, editable }: { productId: string; editable: boolean }) {
  const id = useId();
  const budget = useQuestionBudget(productId);
  const save = useSetQuestionBudget(productId);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const current = budget.data?.monthlyBudgetUsd ?? null;
  useEffect(() => {
    setValue(current === null ? '' : String(current));
  }, [current]);

  const submit = (monthlyBudgetUsd: number | null) => {
    const checked = budgetRequest.safeParse({ monthlyBudgetUsd });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(checked.data.monthlyBudgetUsd, {
      onSuccess: (saved) => toast({ title: saved.message }),
      onError: (failure) =>
        toast({
          title: 'Budget not saved',
          description: serverMessage(failure),
          variant: 'destructive',
        }),
    });
  };

  const data = budget.data;
  return (
    <Card className="gap-3 py-5" aria-labelledby={`${id}-title`}>
      <CardContent className="grid gap-3 px-5">
        <div className="flex items-center gap-2">
          <Coins className="size-5 text-amber-600" aria-hidden />
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Question usage
          </h2>
        </div>
        {data ? (
          <p className="text-sm" data-testid="usage-this-month">
            This month: <span className="font-semibold">{formatCost(data.spentThisMonthUsd)}</span>{' '}
            over {data.questionsThisMonth} {data.questionsThisMonth === 1 ? 'run' : 'runs'}
            {data.monthlyBudgetUsd !== null
              ? ` of a ${formatCost(data.monthlyBudgetUsd)} monthly budget`
              : ' (no budget set)'}
            .
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Loading usage...</p>
        )}
        {editable ? (
          <form
            className="flex flex-wrap items-end gap-2"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit(value.trim() === '' ? null : Number(value));
            }}
          >
            <div className="grid gap-1">
              <Label htmlFor={`${id}-budget`}>Monthly budget (USD)</Label>
              <Input
                id={`${id}-budget`}
                inputMode="decimal"
                className="w-40"
                placeholder="No budget"
                value={value}
                aria-invalid={error ? true : undefined}
                onChange={(event) => setValue(event.target.value)}
              />
            </div>
            <Button type="submit" variant="outline" disabled={save.isPending}>
              Save budget
            </Button>
            {current !== null ? (
              <Button
                type="button"
                variant="ghost"
                disabled={save.isPending}
                onClick={() => submit(null)}
              >
                Remove budget
              </Button>
            ) : null}
            {error ? <p className="w-full text-sm text-destructive">{error}</p> : null}
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
