import { industryOptions } from '@chorus/contracts';
import { Button, Field, Input } from '@chorus/platform/ui';
import { ArrowRight } from 'lucide-react';
import type { Onboarding } from '../../hooks/useOnboarding';
import { ProductDetailsFields } from '../purchase/ProductDetailsFields';

/** Onboarding step 1: the account (unless signed in) and the first product. */
export function AccountProductStep({ onboarding }: { onboarding: Onboarding }) {
  const { account, setAccount, errors } = onboarding;
  return (
    <form
      className="grid gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onboarding.toPlan();
      }}
    >
      {!onboarding.signedIn ? (
        <div className="grid gap-4">
          <h2 className="font-semibold">Your account</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" htmlFor="onb-first" error={errors.firstName}>
              <Input
                id="onb-first"
                aria-invalid={errors.firstName ? true : undefined}
                autoComplete="given-name"
                value={account.firstName}
                onChange={(e) => setAccount({ ...account, firstName: e.target.value })}
              />
            </Field>
            <Field label="Last name" htmlFor="onb-last" error={errors.lastName}>
              <Input
                id="onb-last"
                aria-invalid={errors.lastName ? true : undefined}
                autoComplete="family-name"
                value={account.lastName}
                onChange={(e) => setAccount({ ...account, lastName: e.target.value })}
              />
            </Field>
          </div>
          <Field label="Email" htmlFor="onb-email" error={errors.email}>
            <Input
              id="onb-email"
              aria-invalid={errors.email ? true : undefined}
              type="email"
              autoComplete="email"
              value={account.email}
              onChange={(e) => setAccount({ ...account, email: e.target.value })}
            />
          </Field>
          <Field
            label="Password"
            htmlFor="onb-password"
            error={errors.password}
            hint="At least 8 characters."
          >
            <Input
              id="onb-password"
              aria-invalid={errors.password ? true : undefined}
              type="password"
              autoComplete="new-password"
              value={account.password}
              onChange={(e) => setAccount({ ...account, password: e.target.value })}
            />
          </Field>
        </div>
      ) : null}
      <div className="grid gap-4">
        <h2 className="font-semibold">Your product</h2>
        <ProductDetailsFields
          idPrefix="onb-product"
          values={onboarding.product}
          errors={errors}
          industries={industryOptions}
          onChange={onboarding.setProduct}
        />
      </div>
      <Button type="submit" size="lg">
        Continue <ArrowRight aria-hidden />
      </Button>
    </form>
  );
}
