import { industryOptions } from '@chorus/contracts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@chorus/platform/ui';
import { useState } from 'react';
import { CreateProductWizard, useAfter, WelcomeStep } from './purchase/CreateProductWizard';

/** The dialog closes this long after the payment succeeded (the spec's 2 seconds). */
const CREATE_DIALOG_CLOSE_MS = 2_000;

const descriptions: Record<number, string> = {
  1: 'Tell us about your product.',
  2: 'Choose how you want to be billed.',
  3: 'Add a card to start the subscription.',
  4: 'All set.',
};

function CloseAfterSuccess({ productName, onClose }: { productName: string; onClose(): void }) {
  useAfter(CREATE_DIALOG_CLOSE_MS, onClose);
  return <WelcomeStep productName={productName} />;
}

/**
 * My Products' create-product dialog: details, plan, payment, welcome. Two
 * seconds after the payment succeeds it closes, and it opens again empty.
 */
export function CreateProductDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [step, setStep] = useState(1);
  // A new wizard each time the dialog opens: nothing from the last product stays.
  const [round, setRound] = useState(0);
  const close = () => {
    onOpenChange(false);
    setStep(1);
    setRound((value) => value + 1);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-[560px]">
        <DialogHeader>
          <DialogTitle>Create New Product</DialogTitle>
          <DialogDescription>{descriptions[step]}</DialogDescription>
        </DialogHeader>
        <CreateProductWizard
          key={round}
          industries={industryOptions}
          onStepChange={setStep}
          done={(product) => <CloseAfterSuccess productName={product.name} onClose={close} />}
        />
      </DialogContent>
    </Dialog>
  );
}
