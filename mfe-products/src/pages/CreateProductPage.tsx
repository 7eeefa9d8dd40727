import { createPageIndustryOptions } from '@chorus/contracts';
import { Button, Card, CardContent } from '@chorus/platform/ui';
import { ArrowLeft, LayoutGrid, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CreateProductWizard, WelcomeStep } from '../components/purchase/CreateProductWizard';

/**
 * /create-product: the create-product wizard on its own page, with the
 * page's longer industry list. After success: View All Products or Create
 * Another Product.
 */
export function CreateProductPage() {
  const [round, setRound] = useState(0);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 lg:py-10">
      <Link
        to="/products"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to Products
      </Link>
      <header className="mt-3">
        <h1 className="text-3xl font-bold tracking-tight">Create New Product</h1>
        <p className="mt-2 text-muted-foreground">
          Each product has its own personas, questions, roadmaps and subscription.
        </p>
      </header>
      <Card className="mt-8 py-6">
        <CardContent>
          <CreateProductWizard
            key={round}
            industries={createPageIndustryOptions}
            createFailedMessage="Failed to create product"
            done={(product) => (
              <WelcomeStep productName={product.name}>
                <div className="mt-2 flex flex-wrap justify-center gap-3">
                  <Button asChild variant="outline">
                    <Link to="/products">
                      <LayoutGrid aria-hidden /> View All Products
                    </Link>
                  </Button>
                  <Button onClick={() => setRound((value) => value + 1)}>
                    <Plus aria-hidden /> Create Another Product
                  </Button>
                </div>
              </WelcomeStep>
            )}
          />
        </CardContent>
      </Card>
    </div>
  );
}
