import {
  type BusinessProfileInput,
  type BusinessProfileView,
  type ProfileField,
  type ProfileTab,
  profileTabs,
  unknownFlagOf,
} from '@chorus/contracts';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  cn,
  FormField,
  Input,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
} from '@chorus/platform/ui';
import { Loader2, Save } from 'lucide-react';
import { type ProfileFormState, useProfileForm } from '../hooks/useProfileForm';
import { profileFieldsOfTab } from '../product-pages';

interface ProfileFormProps {
  profile: BusinessProfileView | null;
  saving: boolean;
  onSave: (body: BusinessProfileInput) => void;
  onInvalid: (message: string) => void;
  onCancel: () => void;
}

/** One profile field with its Unknown checkbox, which disables the input and counts it answered. */
function ProfileFieldInput({
  field,
  profileForm: { form, isUnknown },
}: {
  field: ProfileField;
  profileForm: ProfileFormState;
}) {
  const id = `profile-${field.name}`;
  const unknown = isUnknown(field.name);
  return (
    <FormField
      form={form}
      name={field.name}
      id={id}
      label={field.label}
      className={cn('content-start', field.kind === 'multi' && 'md:col-span-2')}
      labelAside={
        <label className="flex items-center gap-1.5 text-xs text-muted-foreground select-none">
          <input
            type="checkbox"
            className="size-3.5 accent-primary"
            aria-label={`${field.label}: Unknown`}
            {...form.register(unknownFlagOf(field.name))}
          />
          Unknown
        </label>
      }
    >
      {(control) =>
        field.kind === 'multi' ? (
          <Textarea {...control} rows={3} disabled={unknown} />
        ) : (
          <Input
            {...control}
            disabled={unknown}
            inputMode={field.kind === 'number' ? 'numeric' : undefined}
            placeholder={field.kind === 'number' ? 'e.g. 5' : undefined}
          />
        )
      }
    </FormField>
  );
}

function CompletionCard({ completion }: { completion: ProfileFormState['completion'] }) {
  return (
    <Card className="gap-3">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle>Profile Completion</CardTitle>
        <span className="text-2xl font-semibold tabular-nums" data-testid="profile-completion">
          {completion.percent}%
        </span>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div
          role="progressbar"
          aria-label="Profile Completion"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={completion.percent}
          className="h-2.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-300"
            style={{ width: `${completion.percent}%` }}
          />
        </div>
        <p className="text-xs text-muted-foreground">
          {completion.answered} of {completion.total} fields answered. Marking a field Unknown
          counts it as answered.
        </p>
      </CardContent>
    </Card>
  );
}

/** The five-tab business profile form, with its live completion percentage. */
export function ProfileForm({ profile, saving, onSave, onInvalid, onCancel }: ProfileFormProps) {
  const profileForm = useProfileForm({ profile, onSave, onInvalid });
  const { tab, setTab, completion, submit } = profileForm;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-6"
      aria-label="Business profile"
    >
      <CompletionCard completion={completion} />

      <Tabs value={tab} onValueChange={(value) => setTab(value as ProfileTab)} className="gap-4">
        <TabsList
          aria-label="Profile sections"
          className="h-auto max-w-full flex-wrap justify-start gap-1"
        >
          {profileTabs.map((t) => (
            <TabsTrigger key={t.tab} value={t.tab} className="h-8 flex-none">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {profileTabs.map((t) => (
          <TabsContent key={t.tab} value={t.tab}>
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">{t.title}</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-5 md:grid-cols-2">
                {profileFieldsOfTab(t.tab).map((f) => (
                  <ProfileFieldInput key={f.name} field={f} profileForm={profileForm} />
                ))}
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>

      <div className="flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          {saving ? 'Saving...' : 'Save Business Profile'}
        </Button>
      </div>
    </form>
  );
}
