import { Route, Routes } from 'react-router-dom';
import { BillingPage } from './pages/BillingPage';
import { SubscriptionPlansPage } from './pages/SubscriptionPlansPage';
import { SubscriptionSuccessPage } from './pages/SubscriptionSuccessPage';
import { CheckoutCancelledPage } from './pages/CheckoutCancelledPage';
import { ManageSubscriptionsPage } from './pages/ManageSubscriptionsPage';

/** The routes this microfrontend owns (the shell mounts it only on these paths). */
export function App() {
  return (
    <Routes>
      <Route path="/billing" element={<BillingPage />} />
      <Route path="/subscription-plans" element={<SubscriptionPlansPage />} />
      <Route path="/subscription-success" element={<SubscriptionSuccessPage />} />
      <Route path="/subscription/cancel" element={<ManageSubscriptionsPage />} />
      <Route path="/subscription-cancel" element={<CheckoutCancelledPage />} />
    </Routes>
  );
}
