/**
 * @jest-environment jsdom
 */
import { act, renderHook } from '@testing-library/react';
import { COPIED_RESET_MS, useCopy } from '../src/copy';
import { currentToasts } from '../src/toasts';

describe('useCopy', () => {
  const written: string[] = [];
  let refuse = false;
  beforeEach(() => {
    jest.useFakeTimers();
    written.length = 0;
    refuse = false;
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          if (refuse) throw new DOMException('Document is not focused', 'NotAllowedError');
          written.push(text);
        },
      },
    });
  });
  afterEach(() => jest.useRealTimers());

  it('copies the text and says so for two seconds', async () => {
    const { result } = renderHook(() => useCopy('https://chorus.example/s/abc'));
    await act(() => result.current.copy());
    expect(written).toEqual(['https://chorus.example/s/abc']);
    expect(result.current).toMatchObject({ copied: true, failed: false });
    act(() => jest.advanceTimersByTime(COPIED_RESET_MS - 1));
    expect(result.current.copied).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
  });

  it('says why when the browser refuses the clipboard', async () => {
    refuse = true;
    const { result } = renderHook(() => useCopy('text'));
    await act(() => result.current.copy());
    expect(result.current).toMatchObject({ copied: false, failed: true });
    expect(currentToasts().at(-1)).toMatchObject({
      title: 'Copy failed',
      description: 'Unable to copy to clipboard.',
      variant: 'destructive',
    });
  });
});
