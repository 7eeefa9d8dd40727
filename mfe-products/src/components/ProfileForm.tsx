import {
  businessProfileFields,
  businessProfileInput,
  type BusinessProfileView,
  profileCompletion,
  profileFieldsOfTab,
  profileFormText,
  profileNumberValue,
  type ProfileField,
  type ProfileFieldName,
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
  Input,
  Label,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
  cn,
} from '@chorus/platform/ui';
import { Loader2, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';

type Texts = Record<ProfileFieldName, string>;
type Flags = Record<ProfileFieldName, boolean>;

function initialTexts(profile: BusinessProfileView | null): Texts {
  return Object.fromEntries(
    businessProfileFields.map((f) => [f.name, profileFormText(profile?.[f.name])]),
  ) as Texts;
}

function initialFlags(profile: BusinessProfileView | null): Flags {
  return Object.fromEntries(
    businessProfileFields.map((f) => [f.name, profile?.[unknownFlagOf(f.name)] ?? false]),
  ) as Flags;
}

/**
 * What the form holds, in the shape the API takes: texts, each Unknown flag,
 * and years in operation as a number when it reads as one (so "0" counts as
 * unanswered, as the stored 0 does).
 */
function profileBody(texts: Texts, flags: Flags): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of businessProfileFields) {
    body[f.name] = f.kind === 'number' ? profileNumberValue(texts[f.name]) : texts[f.name];
    body[unknownFlagOf(f.name)] = flags[f.name];
  }
  return body;
}

export interface ProfileFormProps {
  profile: BusinessProfileView | null;
  saving: boolean;
  onSave: (body: Record<string, unknown>) => void;
  onInvalid: (message: string) => void;
  onCancel: () => void;
}

function FieldInput({
  field,
  value,
  unknown,
  error,
  onValue,
  onUnknown,
}: {
  field: ProfileField;
  value: string;
  unknown: boolean;
  error: string | undefined;
  onValue: (value: string) => void;
  onUnknown: (unknown: boolean) => void;
}) {
  const id = `profile-${field.name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    value,
    disabled: unknown,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className={cn('grid content-start gap-2', field.kind === 'multi' && 'md:col-span-2')}>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>{field.label}</Label>
        <label className="flex items-center gap-1.5 text-xs text-muted-foreground select-none">
          <input
            type="checkbox"
            className="size-3.5 accent-primary"
            checked={unknown}
            aria-label={`${field.label}: Unknown`}
            onChange={(event) => onUnknown(event.target.checked)}
          />
          Unknown
        </label>
      </div>
      {field.kind === 'multi' ? (
        <Textarea {...common} rows={3} onChange={(event) => onValue(event.target.value)} />
      ) : (
        <Input
          {...common}
          inputMode={field.kind === 'number' ? 'numeric' : undefined}
          placeholder={field.kind === 'number' ? 'e.g. 5' : undefined}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The five-tab business profile form, with its live completion percentage. */
export function ProfileForm({ profile, saving, onSave, onInvalid, onCancel }: ProfileFormProps) {
  const [texts, setTexts] = useState(() => initialTexts(profile));
  const [flags, setFlags] = useState(() => initialFlags(profile));
  const [errors, setErrors] = useState<Partial<Record<ProfileFieldName, string>>>({});
  const [tab, setTab] = useState<ProfileTab>('core');
  const body = profileBody(texts, flags);
  const completion = profileCompletion(body);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The same schema the server applies, so a refusal is shown before anything is sent.
    const parsed = businessProfileInput.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<ProfileFieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as ProfileFieldName;
        found[name] ??= issue.message;
      }
      setErrors(found);
      const first = businessProfileFields.find((f) => found[f.name]);
      if (first) setTab(first.tab);
      onInvalid(parsed.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    setErrors({});
    onSave(body);
  }

  return (
    <form onSubmit={submit} className="grid gap-6" aria-label="Business profile">
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
                  <FieldInput
                    key={f.name}
                    field={f}
                    value={texts[f.name]}
                    unknown={flags[f.name]}
                    error={errors[f.name]}
                    onValue={(value) => setTexts((old) => ({ ...old, [f.name]: value }))}
                    onUnknown={(unknown) => setFlags((old) => ({ ...old, [f.name]: unknown }))}
                  />
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
