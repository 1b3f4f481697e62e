import { z } from 'zod';
import type { EnvelopeMeta } from '@/shared/protocol/envelope.ts';
import {
  FileMatches,
  type LineMatch,
  MatchMeta,
  SkippedFiles,
} from '@/shared/protocol/tool-meta/match-meta.ts';

export type { FileMatches, LineMatch } from '@/shared/protocol/tool-meta/match-meta.ts';

/**
 * The protocol's match schemas, read leniently: a file entry that is malformed is dropped,
 * a match without context lines gets none, an odd count reads as 0.
 */
const LenientFileMatches = FileMatches.extend({
  matches: z
    .array(
      FileMatches.shape.matches.element.extend({
        leading: FileMatches.shape.matches.element.shape.leading.catch([]),
        trailing: FileMatches.shape.matches.element.shape.trailing.catch([]),
      }),
    )
    .catch([]),
});
const LenientSkipped = SkippedFiles.extend({
  binary: SkippedFiles.shape.binary.catch(0),
  too_large: SkippedFiles.shape.too_large.catch(0),
}).catch({ binary: 0, too_large: 0 });

/** What a match action found, as the results view shows it. */
export type MatchReport = {
  results: FileMatches[];
  matchCount: number;
  skippedBinary: number;
  skippedTooLarge: number;
  isTruncated: boolean;
};

/** `meta.results` of a match action (malformed entries dropped), with its counts and notes. */
export function matchReport(meta: EnvelopeMeta): MatchReport {
  const raw = Array.isArray(meta.results) ? meta.results : [];
  const results = raw.flatMap((entry) => {
    const parsed = LenientFileMatches.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  const skipped = LenientSkipped.parse(meta.skipped ?? {});
  return {
    results,
    matchCount: results.reduce((sum, file) => sum + file.matches.length, 0),
    skippedBinary: skipped.binary,
    skippedTooLarge: skipped.too_large,
    isTruncated: MatchMeta.shape.is_truncated.safeParse(meta.is_truncated).data === true,
  };
}

/** A piece of a line: matched by the search pattern or not. */
export type LineSegment = { text: string; isMatch: boolean };

/**
 * `line` cut into the parts the pattern matches and the rest, for marking the hit inside
 * the matching line. An invalid or missing pattern, or no hit, gives the whole line unmarked.
 */
export function matchSegments(line: string, pattern: string | null): LineSegment[] {
  if (!pattern) return [{ text: line, isMatch: false }];
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'g');
  } catch {
    return [{ text: line, isMatch: false }];
  }
  const segments: LineSegment[] = [];
  let cursor = 0;
  for (const found of line.matchAll(regex)) {
    const start = found.index ?? 0;
    if (found[0] === '') continue;
    if (start > cursor) segments.push({ text: line.slice(cursor, start), isMatch: false });
    segments.push({ text: found[0], isMatch: true });
    cursor = start + found[0].length;
  }
  if (cursor < line.length || segments.length === 0)
    segments.push({ text: line.slice(cursor), isMatch: false });
  return segments;
}

/** One numbered line of a result as shown: context, or the matching line itself. */
export type ResultLine = { number: number; text: string; isMatch: boolean };

/**
 * The lines to show for each match of one file, without repeating a line: context that an
 * earlier match already showed is dropped, and trailing context stops before the next
 * match's line. Each match keeps its own block (it opens the file at its line).
 */
export function resultBlocks(matches: readonly LineMatch[]): ResultLine[][] {
  let lastShown = 0;
  return matches.map((match, index) => {
    const next = matches[index + 1];
    const lines: ResultLine[] = [];
    const firstLeading = match.line - match.leading.length;
    match.leading.forEach((text, offset) => {
      const number = firstLeading + offset;
      if (number > lastShown) lines.push({ number, text, isMatch: false });
    });
    lines.push({ number: match.line, text: match.match, isMatch: true });
    match.trailing.forEach((text, offset) => {
      const number = match.line + 1 + offset;
      if (next === undefined || number < next.line) lines.push({ number, text, isMatch: false });
    });
    lastShown = Math.max(lastShown, lines.at(-1)?.number ?? match.line);
    return lines;
  });
}
