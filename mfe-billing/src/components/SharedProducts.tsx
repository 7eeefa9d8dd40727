import { type ProductView, type TeamView } from '@chorus/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@chorus/platform/ui';
import { useQueries } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { paidByOwnerSentence } from '../billing-page';

/**
 * Products someone else owns and shared with the reader: their owners pay
 * for them, and the billing page says so, one sentence each ("Atlas is
 * paid for by its owner, Olive Owner."). The owner's name comes from the
 * product's team, which every member may read.
 */
export function SharedProducts({ products }: { products: ProductView[] }) {
  const owners = useQueries({
    queries: products.map((product) => ({
      queryKey: ['/api/products', encodeURIComponent(product.id), 'team'],
      select: (team: TeamView) => team.owner.name,
    })),
  });
  return (
    <Card role="region" aria-label="Products shared with you">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UsersRound className="size-5 text-primary" aria-hidden /> Shared with you
        </CardTitle>
        <CardDescription>You work on these products; you pay nothing for them.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {products.map((product, index) => (
            <li key={product.id} data-testid="paid-by-owner">
              {paidByOwnerSentence(product.name, owners[index]?.data)}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
