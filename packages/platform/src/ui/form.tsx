import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import {
  type FieldError as HookFieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { cn } from './cn';
import { Label } from './label';

/**
 * A react-hook-form form validated by a contracts schema: values are the
 * schema's input, a successful submit hands over its output (trimmed,
 * defaulted), and every message is the schema's own.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
}

/** A field's validation message, announced when it appears. */
export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm text-destructive" role="alert">
      {children}
    </p>
  );
}

/**
 * The asterisk after a required field's label (beside it, so the label's
 * text stays the field's name). Screen readers hear "required" from the
 * control's aria-required instead.
 */
export function RequiredMark() {
  return (
    <span className="text-destructive" aria-hidden data-required-mark title="Required">
      *
    </span>
  );
}

/** What a control needs to join its form and be described by its error. */
export type FieldControl = UseFormRegisterReturn & {
  id: string;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * One labelled field of a `useZodForm` form: the label, the control (from
 * `children`, given the registration, id and aria attributes) and the
 * schema's message underneath, which the control points at while invalid.
 */
export function FormField<Values extends FieldValues, Output>({
  form,
  name,
  id,
  label,
  labelAside,
  hint,
  required,
  errorText = (message) => message,
  className,
  children,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  name: Path<Values>;
  id: string;
  label: ReactNode;
  /**
   * A control that belongs to the label's line (an Unknown checkbox, a
   * "Forgot password?" link); kept outside the label so it does not join
   * the field's accessible name.
   */
  labelAside?: ReactNode;
  hint?: ReactNode;
  /** Marks the label with an asterisk and the control as required. */
  required?: boolean;
  /**
   * Rewords the schema's message for this spot ("Required" under the field,
   * details in a toast); undefined shows none here.
   */
  errorText?: (message: string) => string | undefined;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const problem = get(form.formState.errors, name) as HookFieldError | undefined;
  const message = problem?.message ? errorText(problem.message) : undefined;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = message ? errorId : hint ? hintId : undefined;
  // The mark sits beside the label, not in it: the field's name stays its label's words.
  const labelled = required ? (
    <span className="flex items-center gap-1">
      <Label htmlFor={id}>{label}</Label>
      <RequiredMark />
    </span>
  ) : (
    <Label htmlFor={id}>{label}</Label>
  );
  return (
    <div className={cn('grid gap-2', className)}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-3">
          {labelled}
          {labelAside}
        </div>
      ) : (
        labelled
      )}
      {children({
        ...form.register(name),
        id,
        'aria-required': required ? true : undefined,
        // Invalid even when the message shows elsewhere (a toast, one line under the form).
        'aria-invalid': problem ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {message ? (
        <FieldError id={errorId}>{message}</FieldError>
      ) : hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
