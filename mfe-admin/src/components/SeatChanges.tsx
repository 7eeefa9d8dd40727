import { formatDate, type SeatChangeView } from '@chorus/contracts';
import {
  auditActionLabels,
  auditChangeText,
  billingImpactText,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@chorus/platform/ui';
import { UsersRound } from 'lucide-react';

/**
 * Team changes on customers' products that changed a bill, newest first: a
 * seat added (+$25.00/month) or removed (-$25.00/month), on which product,
 * by whom, for whom and when.
 */
export function SeatChanges({ changes }: { changes: SeatChangeView[] | undefined }) {
  const net = changes?.reduce((sum, change) => sum + change.billingImpact, 0) ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UsersRound className="size-5 text-primary" aria-hidden /> Team Seat Changes
        </CardTitle>
        <CardDescription>
          Seats added and removed on customers&apos; products, with their effect on the monthly
          bill.
          {changes && changes.length > 0 ? (
            <span className="ml-1 font-medium text-foreground">
              Net of the changes listed: {billingImpactText(net)}/month.
            </span>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!changes ? (
          <p className="text-sm text-muted-foreground">Loading seat changes...</p>
        ) : changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No team seats added or removed yet.</p>
        ) : (
          <div className="max-h-96 overflow-auto">
            <table className="w-full text-sm" aria-label="Team seat changes">
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className="py-2 pr-4 font-medium">Date</th>
                  <th className="py-2 pr-4 font-medium">Product</th>
                  <th className="py-2 pr-4 font-medium">Action</th>
                  <th className="py-2 pr-4 font-medium">Member</th>
                  <th className="py-2 pr-4 font-medium">By</th>
                  <th className="py-2 text-right font-medium">Billing impact</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {changes.map((change) => (
                  <tr key={change.id}>
                    <td className="py-2.5 pr-4 whitespace-nowrap text-xs text-muted-foreground tabular-nums">
                      {formatDate(change.effectiveDate, 'dateTime')}
                    </td>
                    <td className="py-2.5 pr-4 font-medium">{change.productName}</td>
                    <td className="py-2.5 pr-4">
                      {auditActionLabels[change.actionType]}
                      <span className="block text-xs text-muted-foreground">
                        {auditChangeText(change)}
                      </span>
                    </td>
                    <td className="max-w-56 py-2.5 pr-4">
                      {/* A long address is shortened with an ellipsis, never broken mid-word; the whole one is its title. */}
                      <span
                        className="block truncate"
                        title={change.affectedEmail ?? undefined}
                        data-testid="seat-member-email"
                      >
                        {change.affectedEmail ?? '—'}
                      </span>
                    </td>
                    <td className="py-2.5 pr-4">{change.actor.name || '—'}</td>
                    <td className="py-2.5 text-right tabular-nums">
                      {billingImpactText(change.billingImpact)}/month
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
