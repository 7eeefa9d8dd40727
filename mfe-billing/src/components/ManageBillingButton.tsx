import { analytics, apiRequest, toast } from '@chorus/platform';
import { Button } from '@chorus/platform/ui';
import { useMutation } from '@tanstack/react-query';
import { ExternalLink, Loader2 } from 'lucide-react';
import { refusalMessage } from '../messages';

/**
 * The customer portal exists only with Stripe (the local provider's portal
 * is this page), so the button shows only there, for a customer the
 * provider knows.
 */
export function ManageBillingButton({
  customerId,
  returnPath = '/billing',
  label = 'Manage Billing',
}: {
  customerId: string;
  returnPath?: string;
  label?: string;
}) {
  const portal = useMutation({
    mutationFn: async () => {
      const response = await apiRequest('POST', '/api/billing/customer-portal', {
        customerId,
        returnUrl: `${window.location.origin}${returnPath}`,
      });
      const { url } = (await response.json()) as { url?: string };
      if (!url) throw new Error('No portal URL received');
      return url;
    },
    onMutate: () => analytics.billingInteraction('open_customer_portal'),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) =>
      toast({
        title: 'Portal Error',
        description:
          refusalMessage(error) ?? 'Unable to open the billing portal. Please try again.',
        variant: 'destructive',
      }),
  });
  return (
    <Button variant="outline" disabled={portal.isPending} onClick={() => portal.mutate()}>
      {portal.isPending ? (
        <Loader2 className="animate-spin" aria-hidden />
      ) : (
        <ExternalLink aria-hidden />
      )}
      {label}
    </Button>
  );
}
