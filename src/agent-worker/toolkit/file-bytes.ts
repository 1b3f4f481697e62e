/** Bytes that decode as UTF-8 text with no NUL byte are text; anything else is binary. */
export function decodeText(bytes: Uint8Array): string | null {
  const sample = bytes.subarray(0, 8192);
  if (sample.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Lines `start`…`end` of `text`, 1-indexed and inclusive, `end` -1 meaning the last
 * line. Returns an error message for a range that makes no sense.
 */
export function sliceLines(text: string, range: number[] | undefined): { text: string } | { error: string } {
  if (!range) return { text };
  const [start, end] = range;
  if (range.length !== 2 || start === undefined || end === undefined) {
    return {
      error: '`range` must be two integers: [start, end], 1-indexed, with -1 as end meaning the last line.',
    };
  }
  const lines = text.split('\n');
  const last = end === -1 ? lines.length : end;
  if (start > lines.length)
    return { error: `The file has ${lines.length} lines; \`range\` starts at ${start}.` };
  if (start < 1 || last < start) {
    return { error: `\`range\` [${start}, ${end}] is not a valid range; lines are numbered from 1.` };
  }
  return { text: lines.slice(start - 1, last).join('\n') };
}

/** Width and height from a PNG, GIF or JPEG header, when the bytes are one of those. */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (
    bytes.length >= 24 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47
  ) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 10 && bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) {
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1]!;
      const length = view.getUint16(offset + 2);
      const isStartOfFrame =
        marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isStartOfFrame) return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
      offset += 2 + length;
    }
  }
  return null;
}

/** An edit of `file.edit`: replace `find` (exact text) once, or everywhere with `all`. */
export type TextEdit = { find: string; replace: string; all?: boolean | undefined };

/**
 * Applies edits in order. Any edit whose `find` matches nothing fails the whole edit,
 * so the caller writes nothing.
 */
export function applyEdits(
  text: string,
  edits: TextEdit[],
): { text: string; summary: { find: string; count: number }[] } | { error: string } {
  let current = text;
  const summary: { find: string; count: number }[] = [];
  for (const [index, edit] of edits.entries()) {
    if (edit.find === '') return { error: `Edit ${index + 1} has an empty \`find\`.` };
    const count = current.split(edit.find).length - 1;
    if (count === 0) {
      return {
        error: `Edit ${index + 1}: \`find\` text was not found${index > 0 ? ' (after the earlier edits)' : ''}: ${JSON.stringify(edit.find.slice(0, 200))}. Nothing was changed; read the file and match its text exactly.`,
      };
    }
    if (edit.all) {
      current = current.split(edit.find).join(edit.replace);
      summary.push({ find: edit.find, count });
    } else {
      const at = current.indexOf(edit.find);
      current = current.slice(0, at) + edit.replace + current.slice(at + edit.find.length);
      summary.push({ find: edit.find, count: 1 });
    }
  }
  return { text: current, summary };
}
