import { FormField, Input, Textarea } from '@chorus/platform/ui';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

interface ProductDetails {
  name: string;
  description: string;
  /** The option label as chosen; stored lower case by the API. */
  industry: string;
}

export const emptyProductDetails: ProductDetails = { name: '', description: '', industry: '' };

const selectClassName =
  'h-10 w-full cursor-pointer rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 aria-invalid:border-destructive';

/**
 * Product name, description (optional) and industry of a zod form whose
 * values include them, with the schema's messages underneath.
 */
export function ProductDetailsFields<Values extends FieldValues, Output>({
  form,
  idPrefix,
  industries,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  idPrefix: string;
  industries: readonly string[];
}) {
  const field = (name: keyof ProductDetails) => ({
    form,
    name: name as Path<Values>,
    id: `${idPrefix}-${name}`,
  });
  return (
    <div className="grid gap-4">
      <FormField {...field('name')} label="Product name" required>
        {(control) => <Input {...control} placeholder="e.g. Acme Analytics" />}
      </FormField>
      <FormField {...field('description')} label="Description (optional)">
        {(control) => (
          <Textarea {...control} rows={3} placeholder="What does your product do, and for whom?" />
        )}
      </FormField>
      <FormField {...field('industry')} label="Industry" required>
        {(control) => (
          <select {...control} className={selectClassName}>
            <option value="">Select an industry</option>
            {industries.map((industry) => (
              <option key={industry} value={industry}>
                {industry}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}
