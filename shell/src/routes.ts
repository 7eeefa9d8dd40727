/**
 * Who shows the page at a path: the shell's chrome or one of the
 * microfrontends. This is the route table of both specs in one place; the
 * root config mounts exactly one page owner at a time.
 */
export type PageOwner = 'chrome' | 'products' | 'roadmaps' | 'billing' | 'admin';

export const remoteNames = ['products', 'roadmaps', 'billing', 'admin'] as const;
export type RemoteName = (typeof remoteNames)[number];

const billingPaths = new Set([
  '/billing',
  '/subscription-plans',
  '/subscription-success',
  '/subscription/cancel',
  '/subscription-cancel',
]);

/** /roadmap, /products/{id}/roadmaps, /products/{id}/roadmap/create, /{roadmapId}, /{roadmapId}/edit */
const roadmapPath =
  /^\/(roadmap|products\/[^/]+\/roadmaps|products\/[^/]+\/roadmap\/[^/]+(\/edit)?)$/;

/** /invitations/{token} */
const invitationPath = /^\/invitations\/[^/]+$/;

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function pageOwner(pathname: string, signedIn: boolean): PageOwner {
  const path = normalise(pathname);
  // Reachable whoever you are: the reset link, and the admin area with its own login.
  if (path === '/reset-password') return 'chrome';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  // The landing page; signed-in visitors reach it as "Company Info".
  if (path === '/landing') return 'chrome';
  // Onboarding is where a new visitor signs up with their first product.
  if (path === '/onboarding') return 'products';
  // An invitation link is opened signed out as often as signed in: its page
  // offers to sign in or create an account, then accepts.
  if (invitationPath.test(path)) return 'products';
  // Signed out: /, /about and every other path show the landing page.
  if (!signedIn) return 'chrome';
  if (roadmapPath.test(path)) return 'roadmaps';
  if (billingPaths.has(path)) return 'billing';
  // /, /products..., /companies..., /create-product, /onboarding, /subscribe,
  // /dashboard, /business-profile, and any unknown path: the product list.
  return 'products';
}
