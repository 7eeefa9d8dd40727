import { productMessages } from '@chorus/contracts';
import { Button } from '@chorus/platform/ui';
import { ArrowLeft, PackageX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** An unknown product id, or another user's: the same answer, so nothing leaks. */
export function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <PackageX className="size-7" aria-hidden />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{productMessages.notFound}</h1>
      <p className="mt-2 text-muted-foreground">
        The product does not exist or you do not have access to it.
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link to="/products">
          <ArrowLeft aria-hidden /> Back to Products
        </Link>
      </Button>
    </div>
  );
}

/** The frame of every products page: centred, with the same margins as the billing page. */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">{children}</div>
  );
}
