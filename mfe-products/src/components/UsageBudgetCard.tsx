import { budgetRequest, formatCost } from '@chorus/contracts';
import { serverMessage, toast } from '@chorus/platform';
import { Button, Card, CardContent, FormField, Input, useZodForm } from '@chorus/platform/ui';
import { Coins } from 'lucide-react';
import { useEffect, useId } from 'react';
import { z } from 'zod';
import { useQuestionBudget, useSetQuestionBudget } from '../questions-api';

/** The budget as typed: blank is no budget, anything else must be a number the request accepts. */
const budgetField = z.object({
  monthlyBudgetUsd: z
    .string()
    .transform((typed) => (typed.trim() === '' ? null : Number(typed)))
    .pipe(budgetRequest.shape.monthlyBudgetUsd),
});

const typed = (budget: number | null) => ({
  monthlyBudgetUsd: budget === null ? '' : String(budget),
});

/**
 * This month's spend on questions (model tokens at the configured price; the
 * local engine costs nothing) and the optional monthly budget that refuses
 * new questions once reached.
 */
export function UsageBudgetCard({ productId, editable }: { productId: string; editable: boolean }) {
  const id = useId();
  const budget = useQuestionBudget(productId);
  const save = useSetQuestionBudget(productId);
  const current = budget.data?.monthlyBudgetUsd ?? null;
  // Checked when saved, and again only at the next save.
  const form = useZodForm(budgetField, {
    defaultValues: typed(current),
    reValidateMode: 'onSubmit',
  });
  const { reset } = form;
  useEffect(() => {
    reset(typed(current));
  }, [current, reset]);

  const submit = (monthlyBudgetUsd: number | null) => {
    form.clearErrors();
    save.mutate(monthlyBudgetUsd, {
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
            onSubmit={(event) =>
              void form.handleSubmit(({ monthlyBudgetUsd }) => submit(monthlyBudgetUsd))(event)
            }
          >
            <FormField
              form={form}
              name="monthlyBudgetUsd"
              id={`${id}-budget`}
              label="Monthly budget (USD)"
              className="gap-1"
            >
              {(control) => (
                <Input {...control} inputMode="decimal" className="w-40" placeholder="No budget" />
              )}
            </FormField>
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
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
