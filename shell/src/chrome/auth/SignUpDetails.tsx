import {
  authMessages,
  industryOptions,
  MIN_PASSWORD_LENGTH,
  registerRequest,
} from '@chorus/contracts';
import { Button, FormField, Input, Textarea, useZodForm } from '@chorus/platform/ui';
import type { FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { titledMessage } from '../messages';
import { type AuthMode, destructive, planLine, SwitchLink } from './shared';

export type RegisterInput = z.input<typeof registerRequest>;
export type RegisterDetails = z.output<typeof registerRequest>;

export const registerSteps = ['Details', 'Payment'] as const;

export function RegisterDetailsForm({
  initial,
  onNext,
  onSwitch,
}: {
  initial: RegisterInput;
  onNext(details: RegisterDetails, raw: RegisterInput): void;
  onSwitch(mode: AuthMode): void;
}) {
  const form = useZodForm(registerRequest, { defaultValues: initial });

  const onInvalid = (problems: FieldErrors<RegisterInput>) => {
    const messages = Object.values(problems).map((problem) => problem?.message);
    const message = messages.includes(authMessages.missingInformation)
      ? authMessages.missingInformation
      : (messages.find(Boolean) ?? authMessages.missingInformation);
    const { title, description } = titledMessage(String(message));
    destructive(title, description);
  };

  const submit = form.handleSubmit((details) => onNext(details, form.getValues()), onInvalid);
  // The toast says what is missing; under the field a word is enough.
  const fieldError = (message: string) =>
    message === authMessages.missingInformation ? 'Required' : message;

  return (
    <form onSubmit={submit} className="grid gap-3.5" noValidate>
      <div className="grid gap-3.5 sm:grid-cols-2">
        <FormField
          form={form}
          name="firstName"
          id="reg-first"
          label="First name"
          errorText={fieldError}
          required
        >
          {(control) => <Input autoComplete="given-name" {...control} />}
        </FormField>
        <FormField
          form={form}
          name="lastName"
          id="reg-last"
          label="Last name"
          errorText={fieldError}
          required
        >
          {(control) => <Input autoComplete="family-name" {...control} />}
        </FormField>
      </div>
      <FormField
        form={form}
        name="email"
        id="reg-email"
        label="Email"
        errorText={fieldError}
        required
      >
        {(control) => <Input type="email" autoComplete="email" {...control} />}
      </FormField>
      <FormField
        form={form}
        name="password"
        id="reg-password"
        label="Password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
        errorText={fieldError}
        required
      >
        {(control) => <Input type="password" autoComplete="new-password" {...control} />}
      </FormField>
      <FormField
        form={form}
        name="productName"
        id="reg-product"
        label="Product name"
        errorText={fieldError}
        required
      >
        {(control) => <Input {...control} />}
      </FormField>
      <FormField
        form={form}
        name="productDescription"
        id="reg-description"
        label="Product description (optional)"
      >
        {(control) => <Textarea rows={2} className="min-h-16" {...control} />}
      </FormField>
      <FormField form={form} name="industry" id="reg-industry" label="Industry (optional)">
        {(control) => (
          <select
            className="h-10 w-full cursor-pointer rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30"
            {...control}
          >
            <option value="">Select an industry</option>
            {industryOptions.map((industry) => (
              <option key={industry} value={industry.toLowerCase()}>
                {industry}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="rounded-lg border border-primary/20 bg-primary/5 px-4 py-3 text-sm">
        <span className="font-medium">Product Plan:</span> {planLine}
      </div>
      <Button type="submit" size="lg">
        Continue to Payment
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account? <SwitchLink onClick={() => onSwitch('login')}>Sign in</SwitchLink>
      </p>
    </form>
  );
}
