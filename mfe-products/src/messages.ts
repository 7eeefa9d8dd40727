/** The server's words for a refused request: one helper for every microfrontend. */
export { refusalMessage } from '@chorus/platform';
