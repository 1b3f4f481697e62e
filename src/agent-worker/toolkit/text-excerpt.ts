/**
 * `text` whole when short, else its first and last `keep` characters around a note of how
 * much was cut (`note` words it: "N characters cut" by default). The cuts never split a
 * surrogate pair, so the excerpt is well-formed text (strict JSON parsers refuse a lone
 * surrogate).
 */
export function excerpt(
  text: string,
  keep: number,
  note: (cut: number) => string = (cut) => `${cut} characters cut`,
): string {
  if (text.length <= keep * 2 + 64) return text;
  const headEnd = isHighSurrogate(text.charCodeAt(keep - 1)) ? keep - 1 : keep;
  const tailStart = isLowSurrogate(text.charCodeAt(text.length - keep))
    ? text.length - keep + 1
    : text.length - keep;
  return `${text.slice(0, headEnd)}\n… [${note(tailStart - headEnd)}] …\n${text.slice(tailStart)}`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
