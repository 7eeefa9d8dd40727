import { type AuditEntry, formatDate } from '@chorus/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@chorus/platform/ui';
import { History } from 'lucide-react';

const actionLabels: Record<string, string> = {
  'admin.login': 'Signed in',
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

/** What operators did, newest first: who, what, on what, when. */
export function AuditLog({ entries }: { entries: AuditEntry[] | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden /> Audit Log
        </CardTitle>
        <CardDescription>Every admin action, with who did it and when.</CardDescription>
      </CardHeader>
      <CardContent>
        {!entries ? (
          <p className="text-sm text-muted-foreground">Loading audit log...</p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No admin actions yet.</p>
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
                    {entry.target && entry.action !== 'admin.login' ? (
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
