/** "Title: description" (the spec's form) -> a toast's parts. */
export function titledMessage(message: string): { title: string; description: string } {
  const at = message.indexOf(': ');
  return at < 0
    ? { title: message, description: '' }
    : { title: message.slice(0, at), description: message.slice(at + 2) };
}
