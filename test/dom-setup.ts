// Microfrontend tests: Testing Library's matchers (toBeInTheDocument,
// toHaveTextContent, …); Testing Library empties the document after each test.
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom leaves out what every browser has and react-router reads on import.
Object.assign(globalThis, { TextEncoder, TextDecoder });
