import { Field, Input, Textarea } from '@chorus/platform/ui';

export interface ProductDetails {
  name: string;
  description: string;
  /** The option label as chosen; stored lower case by the API. */
  industry: string;
}

export const emptyProductDetails: ProductDetails = { name: '', description: '', industry: '' };

export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field a schema refused. */
export function fieldErrorsOf(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

export const selectClassName =
  'h-10 w-full cursor-pointer rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 aria-invalid:border-destructive';

/** Product name, description (optional) and industry, with the spec's messages underneath. */
export function ProductDetailsFields({
  idPrefix,
  values,
  errors,
  industries,
  onChange,
}: {
  idPrefix: string;
  values: ProductDetails;
  errors: FieldErrors;
  industries: readonly string[];
  onChange(values: ProductDetails): void;
}) {
  const set = (field: keyof ProductDetails) => (value: string) =>
    onChange({ ...values, [field]: value });
  return (
    <div className="grid gap-4">
      <Field label="Product name" htmlFor={`${idPrefix}-name`} error={errors.name}>
        <Input
          id={`${idPrefix}-name`}
          value={values.name}
          aria-invalid={errors.name ? true : undefined}
          placeholder="e.g. Acme Analytics"
          onChange={(event) => set('name')(event.target.value)}
        />
      </Field>
      <Field label="Description (optional)" htmlFor={`${idPrefix}-description`}>
        <Textarea
          id={`${idPrefix}-description`}
          rows={3}
          value={values.description}
          placeholder="What does your product do, and for whom?"
          onChange={(event) => set('description')(event.target.value)}
        />
      </Field>
      <Field label="Industry" htmlFor={`${idPrefix}-industry`} error={errors.industry}>
        <select
          id={`${idPrefix}-industry`}
          className={selectClassName}
          value={values.industry}
          aria-invalid={errors.industry ? true : undefined}
          onChange={(event) => set('industry')(event.target.value)}
        >
          <option value="">Select an industry</option>
          {industries.map((industry) => (
            <option key={industry} value={industry}>
              {industry}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
