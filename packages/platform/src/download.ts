import { apiRequest } from './api';

/**
 * The file name a response's Content-Disposition gives: the RFC 5987
 * `filename*=UTF-8''…` form first (percent-decoded), else `filename="…"` or
 * a bare `filename=…`; `fallback` when the header names none.
 */
export function dispositionFileName(header: string | null, fallback: string): string {
  const value = header ?? '';
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/i.exec(value)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(value);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || fallback;
}

/** How long an object URL outlives the click: revoking at once can cancel a download that has not started reading the blob. */
export const DOWNLOAD_REVOKE_DELAY = 60_000;

/** Saves a blob under a file name through a temporary link (the browser's download). */
export function download(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), DOWNLOAD_REVOKE_DELAY);
}

/**
 * Fetches an authenticated file (the bearer token a plain link cannot send)
 * and saves it under the server's file name, else `fallbackName`.
 */
export async function downloadFrom(path: string, fallbackName: string): Promise<void> {
  const response = await apiRequest('GET', path);
  const fileName = dispositionFileName(response.headers.get('content-disposition'), fallbackName);
  download(await response.blob(), fileName);
}
