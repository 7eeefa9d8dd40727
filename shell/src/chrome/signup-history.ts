import { useSyncExternalStore } from 'react';

/**
 * The sign-up steps live in the browser's history as `?signup=details` and
 * `?signup=payment`, so Back returns from the payment step to the details
 * (and from the details to the page the dialog opened on) instead of leaving
 * the site, and Forward goes on again.
 */
type SignupStep = 'details' | 'payment';

const PARAM = 'signup';

interface SignupState {
  /** How many sign-up entries this one sits above the page the dialog opened on. */
  signupDepth?: number;
}

export function signupStepInUrl(): SignupStep | null {
  const value = new URLSearchParams(window.location.search).get(PARAM);
  return value === 'details' || value === 'payment' ? value : null;
}

function urlWith(step: SignupStep | null): string {
  const url = new URL(window.location.href);
  if (step) url.searchParams.set(PARAM, step);
  else url.searchParams.delete(PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

function depth(): number {
  const state = window.history.state as SignupState | null;
  return typeof state?.signupDepth === 'number' ? state.signupDepth : 0;
}

/** A new history entry for a step (the dialog opening is the first). */
export function pushSignupStep(step: SignupStep): void {
  const state: SignupState = { signupDepth: depth() + 1 };
  window.history.pushState(state, '', urlWith(step));
}

/** Shows a step in place of the current entry (a reload on the payment step with no details). */
export function replaceSignupStep(step: SignupStep): void {
  window.history.replaceState(window.history.state, '', urlWith(step));
}

/**
 * Closing the dialog: back to the entry it opened on, so the next Back
 * does not reopen it. An address opened with the step already in it has no
 * entry below to return to; its step is dropped in place.
 */
export function exitSignup(): void {
  if (!signupStepInUrl()) return;
  const steps = depth();
  if (steps > 0) window.history.go(-steps);
  else window.history.replaceState(window.history.state, '', urlWith(null));
}

/** Signed up: the address loses its step without going back (the app moves on from here). */
export function finishSignup(): void {
  if (signupStepInUrl()) window.history.replaceState(null, '', urlWith(null));
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

/** The sign-up step in the address, followed through Back and Forward. */
export function useSignupStep(): SignupStep | null {
  return useSyncExternalStore(subscribe, signupStepInUrl);
}
