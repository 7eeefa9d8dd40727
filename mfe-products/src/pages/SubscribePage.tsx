import { billingMessages } from '@chorus/contracts';
import { useAuth } from '@chorus/platform';
import { Button, Card, CardContent, isNotFound, Spinner, useProduct } from '@chorus/platform/ui';
import { AlertTriangle, ArrowLeft, CheckCircle2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CardPaymentForm } from '../components/purchase/CardPaymentForm';
import { planIncludes } from '../components/purchase/PlanChooser';
import { useAfter } from '../components/purchase/CreateProductWizard';
import { payForProduct, requestPaymentSetup, syncStatus } from '../purchase-api';

/** The page redirects this long after the payment succeeded (the spec's 1.5 seconds). */
const SUBSCRIBE_REDIRECT_MS = 1_500;

const unexpected = 'An unexpected error occurred. Please try again.';

function Problem({ title, message }: { title: string; message?: string }) {
  const navigate = useNavigate();
  return (
    <Card role="alert" className="items-center px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <AlertTriangle className="size-6" aria-hidden />
      </span>
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        {message ? <p className="max-w-md text-sm text-muted-foreground">{message}</p> : null}
      </div>
      <Button
        variant="outline"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/products'))}
      >
        <ArrowLeft aria-hidden /> Go Back
      </Button>
    </Card>
  );
}

function Paid({ productId }: { productId: string }) {
  const navigate = useNavigate();
  useAfter(SUBSCRIBE_REDIRECT_MS, () =>
    navigate(productId ? `/products/${encodeURIComponent(productId)}` : '/products'),
  );
  return (
    <Card role="status" className="items-center px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <CheckCircle2 className="size-6" aria-hidden />
      </span>
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">Payment Successful</h2>
        <p className="text-sm text-muted-foreground">
          Your subscription is active. Taking you to your product...
        </p>
      </div>
    </Card>
  );
}

type Setup = 'requesting' | 'ready' | 'failed';

/**
 * /subscribe?productId=..: pay for an existing product that has no running
 * subscription. After the payment: sync the status, then go to the product
 * 1.5 seconds later. Coming back from a provider redirect with success=true
 * (or redirect_status=succeeded) goes straight to the sync.
 */
export function SubscribePage() {
  const [params] = useSearchParams();
  const productId = params.get('productId') ?? '';
  const returned =
    params.get('success') === 'true' || params.get('redirect_status') === 'succeeded';
  const { user } = useAuth();
  const product = useProduct(productId || undefined);
  const [setup, setSetup] = useState<Setup>('requesting');
  const [paid, setPaid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!productId) return;
    let current = true;
    if (returned) {
      syncStatus(productId)
        .then(() => current && setPaid(true))
        .catch(() => current && setFailure(unexpected));
    } else {
      requestPaymentSetup(productId)
        .then(() => current && setSetup('ready'))
        .catch(() => current && setSetup('failed'));
    }
    return () => {
      current = false;
    };
  }, [productId, returned]);

  let body: ReactNode;
  if (!productId) {
    body = <Problem title={billingMessages.noProductSelected} />;
  } else if (failure) {
    body = <Problem title="Unable to Process Payment" message={failure} />;
  } else if (paid) {
    body = <Paid productId={productId} />;
  } else if (product.isError) {
    body = (
      <Problem
        title="Unable to Process Payment"
        message={isNotFound(product.error) ? billingMessages.productNotFound : unexpected}
      />
    );
  } else if (setup === 'failed') {
    body = (
      <Problem title="Unable to Process Payment" message={billingMessages.paymentSetupFailed} />
    );
  } else if (returned || product.isLoading || setup === 'requesting' || !product.data) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Preparing secure payment..." />
      </div>
    );
  } else {
    const current = product.data;
    body = (
      <Card className="py-6">
        <CardContent>
          <CardPaymentForm
            billing={{
              name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
              email: user?.email ?? '',
            }}
            submitLabel="Complete Payment"
            submittingLabel="Processing payment..."
            summary={
              <div className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
                <p className="font-medium">
                  {current.name} · {current.billingCycle === 'annual' ? 'Annual' : 'Monthly'} plan
                </p>
                <p className="text-muted-foreground">{planIncludes}</p>
              </div>
            }
            onPay={async (paymentMethodId) => {
              const failure = await payForProduct(
                {
                  productId,
                  paymentMethodId,
                  cardholderName: user ? `${user.firstName} ${user.lastName}`.trim() : '',
                  billingCycle: current.billingCycle,
                },
                () =>
                  syncStatus(productId).then(
                    () => undefined,
                    // The payment went through; the status catches up on the next read.
                    () => undefined,
                  ),
              );
              if (!failure) setPaid(true);
              return failure;
            }}
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6 lg:py-10">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">Complete Payment</h1>
        <p className="mt-2 text-muted-foreground">
          {product.data
            ? `Activate the subscription of ${product.data.name}.`
            : 'Activate the subscription of your product.'}
        </p>
      </header>
      {body}
    </div>
  );
}
