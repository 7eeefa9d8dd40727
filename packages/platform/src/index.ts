/**
 * @chorus/platform: the state the shell and every microfrontend share, loaded
 * once per page as a Module Federation singleton — api client, session,
 * QueryClient, toasts, analytics, the payment provider. It stays small and
 * free of UI so the first page loads fast; components are in
 * `@chorus/platform/ui`, which each app bundles (tree-shaken) for itself.
 */
export * from './analytics';
export { ActionKeys, useActionMutation } from './action-mutation';
export {
  ApiError,
  apiRequest,
  IDEMPOTENCY_HEADER,
  getQueryFn,
  getToken,
  serverMessage,
} from './api';
export { COPY_FAILED_MESSAGE, useCopy } from './copy';
export { download, downloadFrom, dispositionFileName } from './download';
export { login } from './login';
export * from './payments';
export { refusalMessage } from './refusal';
export { queryClient } from './query-client';
export * from './session';
export {
  dismissToast,
  subscribeToasts,
  currentToasts,
  toast,
  type ToastItem,
  TOAST_DURATION,
} from './toasts';
