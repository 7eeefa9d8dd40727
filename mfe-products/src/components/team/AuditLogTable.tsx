import { formatDate } from '@chorus/contracts';
import {
  auditActionLabels,
  auditChangeText,
  billingImpactText,
  cn,
  EmptyState,
  LoadError,
  Loading,
} from '@chorus/platform/ui';
import { ScrollText } from 'lucide-react';
import { useAuditLog } from '../../team-api';
import { stacked } from './stacked';

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
      <table className={stacked.table} aria-label="Audit log">
        <thead className={stacked.head}>
          <tr>
            <th className="px-4 py-3 font-medium">Date</th>
            <th className="px-4 py-3 font-medium">Who</th>
            <th className="px-4 py-3 font-medium">Action</th>
            <th className="px-4 py-3 font-medium">Affected</th>
            <th className="px-4 py-3 font-medium">Change</th>
            <th className="px-4 py-3 text-right font-medium">Billing impact</th>
          </tr>
        </thead>
        <tbody className={stacked.body}>
          {log.data.map((entry) => (
            <tr key={entry.id} data-testid="audit-row" className={stacked.row}>
              <td data-label="Date" className={cn(stacked.cell, 'whitespace-nowrap')}>
                {formatDate(entry.effectiveDate, 'dateTime')}
              </td>
              <td data-label="Who" className={stacked.cell}>
                {entry.actor.name}
              </td>
              <td data-label="Action" className={cn(stacked.cell, 'font-medium')}>
                {auditActionLabels[entry.actionType]}
              </td>
              <td data-label="Affected" className={stacked.cell}>
                {entry.affectedEmail ?? '—'}
              </td>
              <td data-label="Change" className={cn(stacked.cell, stacked.wide)}>
                {auditChangeText(entry)}
              </td>
              <td
                data-label="Billing impact"
                className={cn(stacked.cell, 'text-right tabular-nums max-md:text-left')}
              >
                {billingImpactText(entry.billingImpact)}/month
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
