import {
  businessProfileFields,
  businessProfileInput,
  type BusinessProfileInput,
  type BusinessProfileView,
  profileCompletion,
  type ProfileFieldName,
  type ProfileTab,
  unknownFlagOf,
} from '@chorus/contracts';
import { profileFormText, profileNumberValue } from '../product-pages';
import { useZodForm } from '@chorus/platform/ui';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { z } from 'zod';

type ProfileFormValues = z.input<typeof businessProfileInput>;

/** Every field as the form shows it (the stored 0 years as empty) and every Unknown flag. */
function formValuesOf(profile: BusinessProfileView | null): ProfileFormValues {
  const values: Record<string, string | boolean> = {};
  for (const f of businessProfileFields) {
    values[f.name] = profileFormText(profile?.[f.name]);
    values[unknownFlagOf(f.name)] = profile?.[unknownFlagOf(f.name)] ?? false;
  }
  return values as ProfileFormValues;
}

/**
 * The values as the completion rule reads them: years in operation as a
 * number when it reads as one, so a typed "0" is unanswered like the stored 0.
 */
function completionOf(values: ProfileFormValues) {
  const years = values.yearsInOperation;
  return profileCompletion({
    ...values,
    yearsInOperation: typeof years === 'string' ? profileNumberValue(years) : years,
  });
}

/**
 * The business profile form: every field and Unknown flag in one form (so a
 * tab's values outlive its unmounting), checked on save by the schema the
 * server applies, with the open tab and the live completion.
 */
export function useProfileForm({
  profile,
  onSave,
  onInvalid,
}: {
  profile: BusinessProfileView | null;
  onSave: (body: BusinessProfileInput) => void;
  /** The first refusal, in the order of the fields. */
  onInvalid: (message: string) => void;
}) {
  // Messages change on save only, as the server's would.
  const form = useZodForm(businessProfileInput, {
    defaultValues: formValuesOf(profile),
    reValidateMode: 'onSubmit',
  });
  const [tab, setTab] = useState<ProfileTab>('core');
  const values = form.watch();

  function refused(errors: FieldErrors<ProfileFormValues>): void {
    const first = businessProfileFields.find((f) => errors[f.name]);
    // A refused field may sit on another tab: open that one so its message shows.
    if (first) setTab(first.tab);
    onInvalid((first && errors[first.name]?.message) || 'Please check the form.');
  }

  return {
    form,
    tab,
    setTab,
    completion: completionOf(values),
    isUnknown: (name: ProfileFieldName) => values[unknownFlagOf(name)] === true,
    submit: form.handleSubmit(onSave, refused),
  };
}

export type ProfileFormState = ReturnType<typeof useProfileForm>;
