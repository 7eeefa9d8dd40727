/** An absolute http(s) address: where a provider may send the browser back to. */
export function isWebAddress(url: string): boolean {
  return URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
}
