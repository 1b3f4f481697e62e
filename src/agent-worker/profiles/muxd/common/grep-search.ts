import micromatch from 'micromatch';
import type { FileStat, SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import type { FileMatches } from '@/shared/protocol/tool-meta/match-meta.ts';
import { isBinary, joinPath } from './muxd-common.ts';
import { baseName, walkDir } from './walk.ts';

/** Seed 004's `grep` limits. */
export const MAX_GREP_MATCHES = 200;
export const MAX_GREP_FILE_BYTES = 1024 * 1024;
export const MAX_CONTEXT_LINES = 10;

export type GrepRequest = {
  pattern: RegExp;
  /** The path as given (or `.`): output paths start with it, as muxd's walk prints them. */
  shownRoot: string;
  root: FileStat;
  include: string;
  contextLines: number;
};

export type GrepOutcome = { lines: string[]; isTruncated: boolean; results: FileMatches[] };

/** Base names `include` matches, as Go's `filepath.Match` on the name. */
export function matchesInclude(name: string, include: string): boolean {
  return include === '' || micromatch.isMatch(name, include, { dot: true });
}

/** A text file's lines, without the empty one after a final newline. */
export function textLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * muxd's `grep` over the sandbox: walks `root` in lexical order, skipping hidden
 * directories and files, files over 1 MB, binary files (a NUL in the first 512 bytes)
 * and names `include` does not match; gives `path:line:text` per match, or in context
 * mode `path:line:text` for matches, `path:line text` for context and `--` between
 * groups that do not touch. Stops at 200 lines.
 */
export async function grepTree(sandbox: SandboxPort, request: GrepRequest): Promise<GrepOutcome> {
  const outcome: GrepOutcome = { lines: [], isTruncated: false, results: [] };
  const rootPath = request.root.path;
  await walkDir(sandbox, request.root, async (entry) => {
    const name = baseName(entry.path);
    const isRoot = entry.path === rootPath;
    // As muxd's walk, the root too: a hidden folder or file given as `path` is skipped.
    if (entry.kind === 'directory') return name.startsWith('.') ? 'skip' : 'enter';
    if (name.startsWith('.')) return 'enter';
    if (!matchesInclude(name, request.include)) return 'enter';
    if (entry.size > MAX_GREP_FILE_BYTES) return 'enter';
    let bytes: Uint8Array;
    try {
      bytes = await sandbox.readFile(entry.path);
    } catch {
      return 'enter';
    }
    if (isBinary(bytes)) return 'enter';
    const shown = isRoot
      ? request.shownRoot
      : joinPath(request.shownRoot, entry.path.slice(rootPath.length + 1));
    const isFull = searchFile(
      shown,
      entry.path,
      textLines(new TextDecoder().decode(bytes)),
      request,
      outcome,
    );
    if (isFull) {
      outcome.isTruncated = true;
      return 'stop';
    }
    return 'enter';
  });
  return outcome;
}

/** Adds one file's lines to `outcome` (and its listed matches to `results`); true once the 200 lines are reached. */
function searchFile(
  shown: string,
  path: string,
  lines: string[],
  request: GrepRequest,
  outcome: GrepOutcome,
): boolean {
  const matched = lines.flatMap((line, index) => (request.pattern.test(line) ? [index] : []));
  if (matched.length === 0) return false;
  const context = request.contextLines;
  const listed: number[] = [];
  const isFull =
    context === 0
      ? listMatches(shown, lines, matched, outcome, listed)
      : listGroups(shown, lines, matched, context, outcome, listed);
  outcome.results.push({
    path,
    matches: listed.map((index) => ({
      line: index + 1,
      match: lines[index]!,
      leading: lines.slice(Math.max(0, index - context), index),
      trailing: lines.slice(index + 1, index + 1 + context),
    })),
  });
  return isFull;
}

function listMatches(
  shown: string,
  lines: string[],
  matched: number[],
  outcome: GrepOutcome,
  listed: number[],
): boolean {
  for (const index of matched) {
    outcome.lines.push(`${shown}:${index + 1}:${lines[index]}`);
    listed.push(index);
    if (outcome.lines.length >= MAX_GREP_MATCHES) return true;
  }
  return false;
}

/** Context mode: the lines around each match, groups that do not touch split by `--` (which counts toward the 200). */
function listGroups(
  shown: string,
  lines: string[],
  matched: number[],
  context: number,
  outcome: GrepOutcome,
  listed: number[],
): boolean {
  const shownLines = new Set<number>();
  for (const index of matched) {
    const last = Math.min(lines.length - 1, index + context);
    for (let line = Math.max(0, index - context); line <= last; line += 1) shownLines.add(line);
  }
  const matchSet = new Set(matched);
  let previous = -2;
  for (let index = 0; index < lines.length; index += 1) {
    if (!shownLines.has(index)) continue;
    if (previous >= 0 && index > previous + 1) outcome.lines.push('--');
    const isMatch = matchSet.has(index);
    outcome.lines.push(`${shown}:${index + 1}${isMatch ? ':' : ' '}${lines[index]}`);
    if (isMatch) listed.push(index);
    previous = index;
    if (outcome.lines.length >= MAX_GREP_MATCHES) return true;
  }
  return false;
}
