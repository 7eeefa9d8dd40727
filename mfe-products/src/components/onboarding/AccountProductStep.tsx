import { industryOptions } from '@chorus/contracts';
import { Button, FormField, Input } from '@chorus/platform/ui';
import { ArrowRight } from 'lucide-react';
import type { Onboarding } from '../../hooks/useOnboarding';
import { ProductDetailsFields } from '../purchase/ProductDetailsFields';

const accountFields: {
  name: 'firstName' | 'lastName' | 'email' | 'password';
  id: string;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
}[] = [
  { name: 'firstName', id: 'onb-first', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', id: 'onb-last', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', id: 'onb-email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    name: 'password',
    id: 'onb-password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters.',
  },
];

/** Onboarding step 1: the account (unless signed in) and the first product. */
export function AccountProductStep({ onboarding }: { onboarding: Onboarding }) {
  const form = onboarding.details;
  return (
    <form className="grid gap-5" noValidate onSubmit={(event) => void onboarding.toPlan(event)}>
      {!onboarding.signedIn ? (
        <div className="grid gap-4">
          <h2 className="font-semibold">Your account</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {accountFields.map(({ name, id, label, hint, ...input }) => (
              <FormField
                key={name}
                form={form}
                name={name}
                id={id}
                label={label}
                hint={hint}
                required
                // Names sit side by side; email and password take the whole row.
                className={name === 'email' || name === 'password' ? 'sm:col-span-2' : undefined}
              >
                {(control) => <Input {...control} {...input} />}
              </FormField>
            ))}
          </div>
        </div>
      ) : null}
      <div className="grid gap-4">
        <h2 className="font-semibold">Your product</h2>
        <ProductDetailsFields form={form} idPrefix="onb-product" industries={industryOptions} />
      </div>
      <Button type="submit" size="lg">
        Continue <ArrowRight aria-hidden />
      </Button>
    </form>
  );
}
