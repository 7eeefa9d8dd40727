import type { QuestionView } from '@chorus/contracts';
import { queryClient } from '@chorus/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { productKeys } from '../src/api';
import { useQuestions, useQuestionStream } from '../src/questions-api';
import { reply } from './panel-fixtures';

// The questions page's live list: the event stream pushes each stored state,
// and the list read keeps up with it. A page opened just as a question is
// answered must still show the answer, whatever order the stream and the
// reads arrive in.

/** A stand-in for the browser's EventSource that the test drives. */
class TestEventSource {
  static opened: TestEventSource[] = [];
  private readonly listeners = new Map<string, ((event: { data: string }) => void)[]>();

  constructor(readonly url: string) {
    TestEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: { data: string }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {}

  emit(type: string, data: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }
}

const question = (status: QuestionView['status'], updatedAt: string) =>
  ({
    id: 'q1',
    productId: 'prod-1',
    questionText: 'Would you pay for a meal planner?',
    status,
    updatedAt,
  }) as QuestionView;

const processing = question('processing', '2027-01-01T10:00:00.000Z');
const complete = question('complete', '2027-01-01T10:00:02.000Z');

/**
 * The server as the page sees it: a read answers the state stored when the
 * read reached the server. Reads are held (a slow network) until the test
 * lets them through; from then on they answer at once.
 */
function server() {
  let stored: QuestionView = processing;
  let holding = true;
  const held: (() => void)[] = [];
  globalThis.fetch = jest.fn(() => {
    const answer = [stored];
    return new Promise<Response>((resolve) => {
      if (holding) held.push(() => resolve(reply(200, answer)));
      else resolve(reply(200, answer));
    });
  }) as unknown as typeof fetch;
  return {
    store(state: QuestionView) {
      stored = state;
    },
    hold() {
      holding = true;
    },
    reads: () => (globalThis.fetch as jest.Mock).mock.calls.length,
    /** Lets every held read answer, in the order they were sent, and the next ones at once. */
    release: () =>
      act(() => {
        holding = false;
        held.splice(0).forEach((answer) => answer());
      }),
  };
}

function useLiveList(productId: string) {
  const streaming = useQuestionStream(productId);
  return useQuestions(productId, streaming).data;
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

beforeEach(() => {
  queryClient.clear();
  TestEventSource.opened = [];
  (globalThis as { EventSource?: unknown }).EventSource = TestEventSource;
  window.localStorage.setItem('token', 'token-for-the-test');
});

describe('the live question list', () => {
  it('shows the answer pushed while the list was still being read for the first time', async () => {
    const api = server();
    const { result } = renderHook(() => useLiveList('prod-1'), { wrapper });
    await waitFor(() => expect(api.reads()).toBe(1));
    const stream = TestEventSource.opened[0]!;
    expect(stream.url).toContain('/api/products/prod-1/questions/stream');

    // The stream is watching: the list is read again (that read sees "processing")…
    act(() => stream.emit('ready', { productId: 'prod-1' }));
    await waitFor(() => expect(api.reads()).toBe(2));
    // …and the answer is stored and pushed before that read comes back.
    api.store(complete);
    act(() => stream.emit('question', complete));
    await api.release();

    await waitFor(() => expect(result.current?.[0]?.status).toBe('complete'));
  });

  it('keeps a pushed answer when an older read comes back after it', async () => {
    const api = server();
    const { result } = renderHook(() => useLiveList('prod-1'), { wrapper });
    await waitFor(() => expect(api.reads()).toBe(1));
    const stream = TestEventSource.opened[0]!;
    act(() => stream.emit('ready', { productId: 'prod-1' }));
    await waitFor(() => expect(api.reads()).toBe(2));
    await api.release();
    await waitFor(() => expect(result.current?.[0]?.status).toBe('processing'));
    api.hold();

    // A read sent before the answer was stored…
    act(() => void queryClient.invalidateQueries({ queryKey: productKeys.questions('prod-1') }));
    await waitFor(() => expect(api.reads()).toBe(3));
    // …comes back after the answer was pushed.
    api.store(complete);
    act(() => stream.emit('question', complete));
    await waitFor(() => expect(result.current?.[0]?.status).toBe('complete'));
    await api.release();
    await waitFor(() =>
      expect(queryClient.getQueryState(productKeys.questions('prod-1'))?.fetchStatus).toBe('idle'),
    );
    expect(result.current?.[0]?.status).toBe('complete');
  });
});
