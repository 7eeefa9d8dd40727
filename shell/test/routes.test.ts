import { pageOwner, type PageOwner } from '../src/routes';

const signedIn: [string, PageOwner][] = [
  ['/', 'products'],
  ['/products', 'products'],
  ['/products/p1/dashboard', 'products'],
  ['/products/p1/profile', 'products'],
  ['/products/p1/personas', 'products'],
  ['/products/p1/questions', 'products'],
  ['/companies', 'products'],
  ['/companies/p1/dashboard', 'products'],
  ['/companies/p1/questions/q1', 'products'],
  ['/create-product', 'products'],
  ['/onboarding', 'products'],
  ['/subscribe', 'products'],
  ['/dashboard', 'products'],
  ['/business-profile', 'products'],
  ['/no/such/page', 'products'],
  ['/about', 'products'],
  ['/roadmap', 'roadmaps'],
  ['/roadmap/', 'roadmaps'],
  ['/products/p1/roadmaps', 'roadmaps'],
  ['/products/p1/roadmap/create', 'roadmaps'],
  ['/products/p1/roadmap/r1', 'roadmaps'],
  ['/products/p1/roadmap/r1/edit', 'roadmaps'],
  ['/products/p1/roadmap/r1/edit/more', 'products'],
  ['/billing', 'billing'],
  ['/subscription-plans', 'billing'],
  ['/subscription-success', 'billing'],
  ['/subscription/cancel', 'billing'],
  ['/subscription-cancel', 'billing'],
  ['/admin', 'admin'],
  ['/landing', 'chrome'],
  ['/reset-password', 'chrome'],
  ['/invitations/abc123', 'products'],
  ['/products/p1/team', 'products'],
];

const signedOut: [string, PageOwner][] = [
  ['/', 'chrome'],
  ['/about', 'chrome'],
  ['/products', 'chrome'],
  ['/billing', 'chrome'],
  ['/roadmap', 'chrome'],
  ['/no/such/page', 'chrome'],
  ['/reset-password', 'chrome'],
  ['/admin', 'admin'],
  ['/onboarding', 'products'],
  ['/invitations/abc123', 'products'],
  ['/invitations/abc123/', 'products'],
  ['/invitations', 'chrome'],
  ['/products/p1/team', 'chrome'],
];

describe('who shows a page', () => {
  it.each(signedIn)('signed in, %s is shown by %s', (path, owner) => {
    expect(pageOwner(path, true)).toBe(owner);
  });
  it.each(signedOut)('signed out, %s is shown by %s', (path, owner) => {
    expect(pageOwner(path, false)).toBe(owner);
  });
});
