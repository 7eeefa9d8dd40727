import { roadmapMessages } from '@chorus/contracts';
import { FormField, Input } from '@chorus/platform/ui';
import type { FormEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

interface DatedValues extends FieldValues {
  startDate?: unknown;
  endDate?: unknown;
}

const DATE_NAMES = ['startDate', 'endDate'] as const;

/**
 * Start and end date side by side, the rule shown before sending ("on or
 * after the start date") and its refusal beside the end date.
 */
export function DateRangeFields<Values extends DatedValues, Output>({
  form,
  idPrefix,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  idPrefix: string;
}) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <FormField
        form={form}
        name={'startDate' as Path<Values>}
        id={`${idPrefix}-start`}
        label="Start Date"
        hint="Optional"
      >
        {(control) => <Input {...control} type="date" data-date-field="startDate" />}
      </FormField>
      <FormField
        form={form}
        name={'endDate' as Path<Values>}
        id={`${idPrefix}-end`}
        label="End Date"
        hint="Optional; on or after the start date"
      >
        {(control) => <Input {...control} type="date" data-date-field="endDate" />}
      </FormField>
    </div>
  );
}

/**
 * A browser's date field holds an empty value while what was typed is not a
 * whole day (a day typed in another order, a missing year): that would be
 * sent as "no date". Such a field is refused beside it, in a plain sentence,
 * before the schema runs.
 */
export function submitWithReadableDates<Values extends DatedValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  submit: (event?: FormEvent<HTMLFormElement>) => Promise<void>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    const unreadable = DATE_NAMES.filter((name) => {
      const input = event.currentTarget.querySelector<HTMLInputElement>(
        `input[data-date-field="${name}"]`,
      );
      return Boolean(input?.validity.badInput);
    });
    if (unreadable.length === 0) return submit(event);
    event.preventDefault();
    for (const name of unreadable) {
      form.setError(name as Path<Values>, { message: roadmapMessages.unreadableDate });
    }
    return Promise.resolve();
  };
}
