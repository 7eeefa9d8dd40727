import {
  ADMIN_SIGN_IN_ACTION,
  type AuditEntry,
  type AuditLogKind,
  formatDate,
} from '@chorus/contracts';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ToggleGroup,
  ToggleGroupItem,
} from '@chorus/platform/ui';
import { History } from 'lucide-react';

const actionLabels: Record<string, string> = {
  [ADMIN_SIGN_IN_ACTION]: 'Signed in',
  'promo_code.create': 'Created promo code',
  'promo_code.delete': 'Deleted promo code',
  'persona_template.create': 'Created persona template',
  'persona_template.delete': 'Deleted persona template',
  'persona_templates.sync': 'Synchronized personas from YAML',
};

function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([key, value]) => key !== 'id' && value !== null && value !== undefined)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

const kindLabels: Record<AuditLogKind, string> = {
  changes: 'Changes',
  'sign-ins': 'Sign-ins',
  all: 'All',
};

const emptyText: Record<AuditLogKind, string> = {
  changes: 'No changes yet: sign-ins are under Sign-ins.',
  'sign-ins': 'No sign-ins yet.',
  all: 'No admin actions yet.',
};

/**
 * What operators did, newest first: who, what, on what, when. Sign-ins are
 * folded away by default (they would flood the changes); the filter shows
 * them alone or with everything.
 */
export function AuditLog({
  entries,
  kind,
  onKindChange,
}: {
  entries: AuditEntry[] | undefined;
  kind: AuditLogKind;
  onKindChange: (kind: AuditLogKind) => void;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <History className="size-5 text-primary" aria-hidden /> Audit Log
          </CardTitle>
          <CardDescription>
            Every admin action, with who did it and when. Sign-ins are folded away unless you choose
            them.
          </CardDescription>
        </div>
        <ToggleGroup
          type="single"
          aria-label="Show in the audit log"
          value={kind}
          onValueChange={(value) => {
            if (value) onKindChange(value as AuditLogKind);
          }}
        >
          {(Object.keys(kindLabels) as AuditLogKind[]).map((value) => (
            <ToggleGroupItem key={value} value={value}>
              {kindLabels[value]}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </CardHeader>
      <CardContent>
        {!entries ? (
          <p className="text-sm text-muted-foreground">Loading audit log...</p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{emptyText[kind]}</p>
        ) : (
          <ol className="max-h-96 divide-y overflow-y-auto" aria-label="Admin actions">
            {entries.map((entry) => {
              const details = detailsText(entry.details);
              return (
                <li
                  key={entry.id}
                  className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:gap-4"
                >
                  <time
                    dateTime={entry.createdAt}
                    className="w-44 shrink-0 text-xs text-muted-foreground tabular-nums"
                  >
                    {formatDate(entry.createdAt, 'dateTime')}
                  </time>
                  <p className="min-w-0 text-sm">
                    <span className="font-medium">{entry.adminEmail}</span>{' '}
                    {actionLabels[entry.action] ?? entry.action}
                    {entry.target && entry.action !== ADMIN_SIGN_IN_ACTION ? (
                      <>
                        {' '}
                        <span className="font-mono text-xs break-all">{entry.target}</span>
                      </>
                    ) : null}
                    {details ? (
                      <span className="block text-xs text-muted-foreground">{details}</span>
                    ) : null}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
