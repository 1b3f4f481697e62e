import { parsePatch } from 'diff';

/** One hunk as applied: where it starts in the old file (1-based, as its header says) and its lines. */
export type PatchHunk = {
  oldStart: number;
  /** The old side's first line as an index (where an insertion-only hunk goes). */
  startIndex: number;
  oldLines: string[];
  newLines: string[];
  /** True when the new side's last line carries "\ No newline at end of file". */
  isNewWithoutEol: boolean;
};

/** One file of a patch: the path it applies to (prefixes stripped) and what happens to it. */
export type FilePatch = {
  path: string;
  isCreate: boolean;
  isDelete: boolean;
  hunks: PatchHunk[];
};

/** A text file as lines, and whether its last line ends with a newline. */
export type TextFile = { lines: string[]; hasFinalNewline: boolean };

/** `a/x` and `b/x` as `x` (muxd strips these prefixes). */
export function stripPrefix(name: string): string {
  const trimmed = name.trim();
  return trimmed.startsWith('a/') || trimmed.startsWith('b/') ? trimmed.slice(2) : trimmed;
}

/**
 * The files of a unified diff (git's or plain `diff -u`), parsed with jsdiff, which
 * checks each hunk's line counts against its header. Throws on a malformed patch.
 */
export function parseUnifiedDiff(patch: string): FilePatch[] {
  const files: FilePatch[] = [];
  for (const parsed of parsePatch(patch)) {
    const oldName = parsed.oldFileName ?? '';
    const newName = parsed.newFileName ?? '';
    if (parsed.hunks.length === 0 || (oldName === '' && newName === '')) continue;
    const isCreate = oldName === '/dev/null';
    const isDelete = newName === '/dev/null';
    files.push({
      path: stripPrefix(isDelete ? oldName : newName),
      isCreate,
      isDelete,
      hunks: parsed.hunks.map((hunk) => {
        const oldLines: string[] = [];
        const newLines: string[] = [];
        let lastSide: 'old' | 'new' | 'both' | null = null;
        let isNewWithoutEol = false;
        for (const line of hunk.lines) {
          const operation = line[0];
          const text = line.slice(1);
          if (operation === '\\') {
            if (lastSide === 'new' || lastSide === 'both') isNewWithoutEol = true;
            continue;
          }
          if (operation === '-') {
            oldLines.push(text);
            lastSide = 'old';
          } else if (operation === '+') {
            newLines.push(text);
            lastSide = 'new';
            isNewWithoutEol = false;
          } else {
            oldLines.push(text);
            newLines.push(text);
            lastSide = 'both';
            isNewWithoutEol = false;
          }
        }
        // jsdiff moves an insertion-only hunk's start one line on; the header's number is shown.
        const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
        return { oldStart, startIndex: hunk.oldStart - 1, oldLines, newLines, isNewWithoutEol };
      }),
    });
  }
  return files;
}

/** A text as lines (no empty line after a final newline). */
export function toTextFile(text: string): TextFile {
  if (text === '') return { lines: [], hasFinalNewline: true };
  const hasFinalNewline = text.endsWith('\n');
  const lines = (hasFinalNewline ? text.slice(0, -1) : text).split('\n');
  return { lines, hasFinalNewline };
}

export function fromTextFile(file: TextFile): string {
  if (file.lines.length === 0) return '';
  return `${file.lines.join('\n')}${file.hasFinalNewline ? '\n' : ''}`;
}

/**
 * Applies a file's hunks bottom-up (so earlier line numbers hold), each at the line its
 * header gives, after checking every context and removed line against the file. Returns
 * muxd's error text for the first hunk that does not fit.
 */
export function applyFilePatch(file: TextFile, patch: FilePatch): TextFile | { error: string } {
  const hunks = [...patch.hunks].sort((first, second) => second.startIndex - first.startIndex);
  let lines = [...file.lines];
  let hasFinalNewline = file.hasFinalNewline;
  for (const hunk of hunks) {
    const start = Math.max(hunk.startIndex, 0);
    for (const [offset, expected] of hunk.oldLines.entries()) {
      const index = start + offset;
      if (index >= lines.length) {
        return {
          error: `hunk at line ${hunk.oldStart}: context line ${index + 1} out of range (file has ${lines.length} lines)`,
        };
      }
      if (lines[index] !== expected) {
        return {
          error: `hunk at line ${hunk.oldStart}: context mismatch at line ${index + 1}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(lines[index])}`,
        };
      }
    }
    const reachesEnd = start + hunk.oldLines.length === lines.length;
    lines = [...lines.slice(0, start), ...hunk.newLines, ...lines.slice(start + hunk.oldLines.length)];
    if (reachesEnd) hasFinalNewline = !hunk.isNewWithoutEol;
  }
  return { lines, hasFinalNewline };
}
