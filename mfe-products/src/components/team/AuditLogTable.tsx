import { formatDate } from '@chorus/contracts';
import {
  auditActionLabels,
  auditChangeText,
  billingImpactText,
  EmptyState,
  LoadError,
  Loading,
} from '@chorus/platform/ui';
import { ScrollText } from 'lucide-react';
import { useAuditLog } from '../../team-api';

/** Every change to the team, newest first: who did what to whom, and what it did to the bill. */
export function AuditLogTable({ productId }: { productId: string }) {
  const log = useAuditLog(productId, true);
  if (log.isPending) return <Loading label="Loading the audit log..." />;
  if (log.isError) {
    return <LoadError message="Unable to load the audit log." onRetry={() => void log.refetch()} />;
  }
  if (log.data.length === 0) {
    return (
      <EmptyState
        icon={ScrollText}
        title="Nothing yet"
        text="Invitations, role changes and removals will be listed here."
      />
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full text-sm" aria-label="Audit log">
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th className="px-4 py-3 font-medium">Date</th>
            <th className="px-4 py-3 font-medium">Who</th>
            <th className="px-4 py-3 font-medium">Action</th>
            <th className="px-4 py-3 font-medium">Affected</th>
            <th className="px-4 py-3 font-medium">Change</th>
            <th className="px-4 py-3 text-right font-medium">Billing impact</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {log.data.map((entry) => (
            <tr key={entry.id} data-testid="audit-row">
              <td className="px-4 py-3 whitespace-nowrap">
                {formatDate(entry.effectiveDate, 'dateTime')}
              </td>
              <td className="px-4 py-3">{entry.actor.name}</td>
              <td className="px-4 py-3 font-medium">{auditActionLabels[entry.actionType]}</td>
              <td className="px-4 py-3">{entry.affectedEmail ?? '—'}</td>
              <td className="px-4 py-3">{auditChangeText(entry)}</td>
              <td className="px-4 py-3 text-right tabular-nums">
                {billingImpactText(entry.billingImpact)}/month
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
