import micromatch from 'micromatch';
import { decodeText } from '@/agent-worker/toolkit/file-bytes.ts';
import type { FileStat, SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import type { FileMatches, LineMatch, SkippedFiles } from '@/shared/protocol/tool-meta/match-meta.ts';

/** Files larger than this are skipped by `grep` (and counted). */
export const MAX_GREP_FILE_BYTES = 1024 * 1024;
/** Matches kept in one observation; the rest are counted. */
export const MAX_MATCHES = 1000;

/** Every file under the static base of an absolute glob that the glob matches, sorted. */
export async function globFiles(sandbox: SandboxPort, scope: string): Promise<FileStat[]> {
  const base = micromatch.scan(scope).base || '/';
  const root = await sandbox.stat(base);
  if (!root) return [];
  if (root.kind === 'file') return micromatch.isMatch(root.path, scope, { dot: true }) ? [root] : [];
  const files: FileStat[] = [];
  const directories = [root.path];
  while (directories.length > 0) {
    const directory = directories.pop()!;
    for (const entry of await sandbox.list(directory)) {
      if (entry.kind === 'directory') directories.push(entry.path);
      else if (micromatch.isMatch(entry.path, scope, { dot: true })) files.push(entry);
    }
  }
  return files.sort((first, second) => (first.path < second.path ? -1 : first.path > second.path ? 1 : 0));
}

export type GrepReport = {
  results: FileMatches[];
  matchCount: number;
  isTruncated: boolean;
  skipped: SkippedFiles;
};

/**
 * Searches `files` line by line for `pattern`, with context lines before and after each
 * match. `onProgress` hears how many files are done, after each one.
 */
export async function grepFiles(
  sandbox: SandboxPort,
  files: FileStat[],
  pattern: RegExp,
  context: { leading: number; trailing: number },
  maxMatches: number = MAX_MATCHES,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<GrepReport> {
  const report: GrepReport = {
    results: [],
    matchCount: 0,
    isTruncated: false,
    skipped: { binary: 0, too_large: 0 },
  };
  for (const [index, file] of files.entries()) {
    if (index > 0) onProgress(index, files.length);
    if (file.size > MAX_GREP_FILE_BYTES) {
      report.skipped.too_large += 1;
      continue;
    }
    const text = decodeText(await sandbox.readFile(file.path));
    if (text === null) {
      report.skipped.binary += 1;
      continue;
    }
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    const matches: LineMatch[] = [];
    lines.forEach((line, index) => {
      if (!pattern.test(line)) return;
      report.matchCount += 1;
      if (report.matchCount > maxMatches) {
        report.isTruncated = true;
        return;
      }
      matches.push({
        line: index + 1,
        match: line,
        leading: lines.slice(Math.max(0, index - context.leading), index),
        trailing: lines.slice(index + 1, index + 1 + context.trailing),
      });
    });
    if (matches.length > 0) report.results.push({ path: file.path, matches });
  }
  return report;
}
