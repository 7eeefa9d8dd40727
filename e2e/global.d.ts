/** The tag manager's queue that the app pushes analytics events to. */
interface Window {
  dataLayer?: Record<string, unknown>[];
}
