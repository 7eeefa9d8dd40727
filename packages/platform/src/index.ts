/**
 * @chorus/platform: the state the shell and every microfrontend share, loaded
 * once per page as a Module Federation singleton — api client, session,
 * QueryClient, toasts, analytics, the payment provider. It stays small and
 * free of UI so the first page loads fast; components are in
 * `@chorus/platform/ui`, which each app bundles (tree-shaken) for itself.
 */
export * from './analytics';
export {
  ActionKeys,
  type ActionMutationOptions,
  newActionKey,
  useActionMutation,
} from './action-mutation';
export {
  ApiError,
  apiRequest,
  type ApiRequestOptions,
  IDEMPOTENCY_HEADER,
  clearToken,
  getQueryFn,
  getToken,
  serverMessage,
  setToken,
  TOKEN_KEY,
} from './api';
export { COPIED_RESET_MS, COPY_FAILED_MESSAGE, useCopy } from './copy';
export { download, downloadFrom, dispositionFileName, DOWNLOAD_REVOKE_DELAY } from './download';
export { login, loginMessages, type LoginOutcome } from './login';
export * from './payments';
export { refusalMessage } from './refusal';
export { queryClient } from './query-client';
export * from './session';
export {
  dismissToast,
  subscribeToasts,
  currentToasts,
  toast,
  type ToastInput,
  type ToastItem,
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
} from './toasts';
