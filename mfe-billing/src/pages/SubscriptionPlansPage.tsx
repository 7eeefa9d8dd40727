import {
  accessLevel,
  billingMessages,
  type CheckoutSessionAnswer,
  formatDollars,
  formatWholeDollars,
  type PlanPriceOption,
  type ProductView,
} from '@chorus/contracts';
import { analytics, apiRequest, toast, useActionMutation } from '@chorus/platform';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  LoadError,
  Loading,
  ToggleGroup,
  ToggleGroupItem,
} from '@chorus/platform/ui';
import { Check, Loader2, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePlanCatalogue, useProducts } from '../api';
import { rememberCheckout } from '../checkout';
import { refusalMessage } from '../messages';
import { checkoutReturnUrls } from '../billing-page';

type Cycle = 'monthly' | 'annual';

const plansUnavailable =
  'Unable to load subscription plans. Please check your connection and try again, or contact support if the problem persists.';

/** A product that can start a subscription: one without a running one (the entitlement rule). */
function payable(product: ProductView): boolean {
  return accessLevel(product) === 'read_only';
}

/**
 * Which product the plan is for: the one in `?productId=` (when it can be
 * paid for), or the only one that can; otherwise the customer picks, and the
 * checkout says why it cannot start.
 */
function usePlanProduct() {
  const [params] = useSearchParams();
  const products = useProducts();
  const requested = params.get('productId') || undefined;
  const candidates = (products.data ?? []).filter(payable);
  const [picked, setPicked] = useState<string>();
  const fallback =
    requested && candidates.some((product) => product.id === requested)
      ? requested
      : candidates.length === 1
        ? candidates[0]!.id
        : undefined;
  const productId = picked ?? fallback;
  const requestedPaid = (products.data ?? []).find(
    (product) => product.id === requested && !payable(product),
  );
  let blocked: string | undefined;
  if (products.isPending) blocked = 'Loading your products...';
  else if (products.isError) blocked = 'Unable to load your products. Please try again.';
  else if (candidates.length === 0) {
    blocked =
      (products.data?.length ?? 0) === 0
        ? 'You have no product yet. Create one to subscribe it.'
        : 'Every product you have is already paid for. Create another product to subscribe it.';
  } else if (!productId) blocked = 'Choose the product this plan is for.';
  return { products, candidates, productId, setPicked, blocked, requestedPaid };
}

function ProductPicker({
  candidates,
  productId,
  onPick,
}: {
  candidates: ProductView[];
  productId: string | undefined;
  onPick: (id: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid w-full max-w-md gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Product
      </label>
      <select
        id={id}
        className="h-10 rounded-md border bg-background px-3 text-sm shadow-xs"
        value={productId ?? ''}
        onChange={(event) => onPick(event.target.value)}
      >
        {productId ? null : (
          <option value="" disabled>
            Choose a product
          </option>
        )}
        {candidates.map((product) => (
          <option key={product.id} value={product.id}>
            {product.name}
          </option>
        ))}
      </select>
      <p className="text-xs text-muted-foreground">
        Each product has its own subscription; only products that are not paid for are listed.
      </p>
    </div>
  );
}

/**
 * /subscription-plans: the product it is for, monthly or annual, then the
 * payment provider's hosted checkout.
 */
export function SubscriptionPlansPage() {
  const plans = usePlanCatalogue();
  const [cycle, setCycle] = useState<Cycle>('monthly');
  const target = usePlanProduct();
  const { productId } = target;

  // One Idempotency-Key per click: a double click opens one checkout.
  const checkout = useActionMutation({
    mutationFn: async (price: PlanPriceOption, idempotencyKey) => {
      const response = await apiRequest(
        'POST',
        '/api/stripe/create-checkout-session',
        {
          productId,
          priceId: price.id,
          billingCycle: cycle,
          ...checkoutReturnUrls(window.location.origin),
        },
        { idempotencyKey },
      );
      const { url } = (await response.json()) as Partial<CheckoutSessionAnswer>;
      if (!url) throw new Error('No checkout URL received');
      return url;
    },
    onMutate: (price) => {
      analytics.billingInteraction('start_checkout');
      rememberCheckout({
        planType: cycle,
        value: price.unit_amount / 100,
        currency: price.currency.toUpperCase(),
      });
    },
    onSuccess: (url) => window.location.assign(url),
    onError: (error) =>
      toast({
        title: 'Checkout Failed',
        description: refusalMessage(error) ?? billingMessages.checkoutFailed,
        variant: 'destructive',
      }),
  });
  // The button stays busy while the browser leaves for the checkout page.
  const leaving = checkout.isPending || checkout.isSuccess;

  let body;
  if (plans.isPending) {
    body = <Loading label="Loading plans..." />;
  } else if (plans.isError) {
    body = <LoadError message={plansUnavailable} onRetry={() => void plans.refetch()} />;
  } else {
    const catalogue = plans.data;
    const price = cycle === 'annual' ? catalogue.prices.yearly : catalogue.prices.monthly;
    const features = [
      `${catalogue.includedPersonas} AI personas included`,
      `${formatDollars(catalogue.extraPersonaCost)} per additional persona per month`,
      'Unlimited strategic questions',
      'Comprehensive business profiles',
      'Analytics dashboard',
    ];
    body = (
      <div className="flex flex-col items-center gap-8">
        {target.requestedPaid ? (
          <p role="status" className="max-w-md text-center text-sm text-muted-foreground">
            {target.requestedPaid.name} already has an active subscription.
          </p>
        ) : null}
        {target.candidates.length > 0 ? (
          <ProductPicker
            candidates={target.candidates}
            productId={productId}
            onPick={target.setPicked}
          />
        ) : null}
        <ToggleGroup
          type="single"
          value={cycle}
          onValueChange={(value) => {
            if (value === 'monthly' || value === 'annual') setCycle(value);
          }}
          aria-label="Billing cycle"
        >
          <ToggleGroupItem value="monthly">Monthly</ToggleGroupItem>
          <ToggleGroupItem value="annual">
            Annual
            <Badge variant="success">Save {catalogue.annualDiscountPercent}%</Badge>
          </ToggleGroupItem>
        </ToggleGroup>

        <Card
          className="w-full max-w-md border-primary/30 shadow-md"
          role="group"
          aria-label="Plan"
        >
          <CardHeader>
            <CardTitle className="text-xl">{catalogue.product.name}</CardTitle>
            {catalogue.product.description ? (
              <CardDescription>{catalogue.product.description}</CardDescription>
            ) : null}
          </CardHeader>
          <CardContent className="grid gap-6">
            <div>
              <p className="flex items-baseline gap-1" data-testid="plan-price">
                <span className="text-5xl font-bold tracking-tight">
                  {formatWholeDollars(price.unit_amount, price.currency)}
                </span>
                <span className="text-lg text-muted-foreground">
                  /{cycle === 'annual' ? 'year' : 'month'}
                </span>
              </p>
              <p className="mt-2 text-sm text-muted-foreground">
                {cycle === 'annual' && price.savingsFormatted
                  ? `Billed yearly. You save ${price.savingsFormatted} compared with paying monthly.`
                  : 'Billed monthly. Cancel anytime.'}
              </p>
            </div>
            <ul className="grid gap-3 text-sm">
              {features.map((feature) => (
                <li key={feature} className="flex items-start gap-3">
                  <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                    <Check className="size-3.5" aria-hidden />
                  </span>
                  {feature}
                </li>
              ))}
            </ul>
          </CardContent>
          <CardFooter className="flex-col gap-3">
            <Button
              size="lg"
              className="w-full"
              disabled={leaving || Boolean(target.blocked)}
              aria-describedby={target.blocked ? 'checkout-blocked' : undefined}
              onClick={() => checkout.mutate(price)}
            >
              {leaving ? <Loader2 className="animate-spin" aria-hidden /> : null}
              Continue to Checkout
            </Button>
            {target.blocked ? (
              <p id="checkout-blocked" className="text-center text-sm text-muted-foreground">
                {target.blocked}{' '}
                {target.candidates.length === 0 && !target.products.isPending ? (
                  <Link
                    to="/create-product"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Create Product
                  </Link>
                ) : null}
              </p>
            ) : null}
            <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <Lock className="size-3" aria-hidden /> You pay on our payment provider&apos;s secure
              checkout page.
            </p>
          </CardFooter>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
      <header className="mx-auto mb-10 max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Subscription Plans</h1>
        <p className="mt-3 text-muted-foreground">
          One simple plan per product. Pay monthly, or yearly and save.
        </p>
      </header>
      {body}
    </div>
  );
}
