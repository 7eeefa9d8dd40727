/**
 * The UI kit: shadcn-style components on Radix and Tailwind, the toaster, the
 * microfrontend frame and the local card form. Stateless (state lives in
 * `@chorus/platform`), so each app bundles only what it uses.
 */
export * from './alert-dialog';
export * from './avatar';
export * from './badge';
export * from './button';
export * from './card';
export * from './confirm-dialog';
export { cn } from './cn';
export * from './dialog';
export * from './dropdown-menu';
export * from './entitlement';
export * from './form';
export * from './input';
export * from './label';
export { usePaymentProvider } from './LocalCardForm';
export * from './brand';
export * from './fallbacks';
export * from './microfrontend';
export * from './opinions';
export * from './portal';
export * from './product-gate';
export * from './products';
export * from './spinner';
export * from './stat-card';
export * from './states';
export * from './step-indicator';
export * from './tabs';
export * from './team';
export { Toaster } from './toaster';
export * from './toggle-group';
