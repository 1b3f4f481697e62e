/** `text` whole when short, else its first and last `keep` characters around a note of how much was cut. */
export function excerpt(text: string, keep: number): string {
  if (text.length <= keep * 2 + 64) return text;
  const cut = text.length - keep * 2;
  return `${text.slice(0, keep)}\n… [${cut} characters cut] …\n${text.slice(-keep)}`;
}
