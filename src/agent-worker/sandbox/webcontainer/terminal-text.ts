// biome-ignore-all lint/suspicious/noControlCharactersInRegex: terminal escape sequences are made of control characters.

/** Operating-system commands (`ESC ] … BEL` or `ESC ] … ESC \`), e.g. window titles. */
const OSC_SEQUENCE = /\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;
/** Control sequences (`ESC [ … final`): colours, cursor moves, line clears. */
const CSI_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]/g;
/** The remaining two-character escapes (`ESC 7`, `ESC =`, charset selection, …). */
const SHORT_ESCAPE = /\u001b[()][0-9A-Za-z]|\u001b[@-_0-9=>]/g;

/**
 * Terminal output as plain text for the model: escape sequences removed, CRLF as LF,
 * and a line rewritten in place with carriage returns (progress bars, spinners) kept
 * as its last state.
 */
export function plainTerminalText(text: string): string {
  const stripped = text.replace(OSC_SEQUENCE, '').replace(CSI_SEQUENCE, '').replace(SHORT_ESCAPE, '');
  return stripped
    .replace(/\r+\n/g, '\n')
    .split('\n')
    .map((line) => line.slice(line.lastIndexOf('\r') + 1))
    .join('\n');
}
