import micromatch from 'micromatch';
import { z } from 'zod';
import { defineTool, type ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { actionSummary } from '@/shared/protocol/action-summary.ts';
import type { FileStat, SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import type { MatchMeta } from '@/shared/protocol/tool-meta/match-meta.ts';
import { matchesInclude } from '../../common/grep-search.ts';
import { cleanPath, MUXD_CWD, muxdError, resolvePath } from '../../common/muxd-common.ts';
import { baseName, compareBytes, walkDir } from '../../common/walk.ts';

/** Seed 004's `list_files` limit. */
export const MAX_LIST_ENTRIES = 500;

/** Directories never listed (seed 004), besides any hidden name. */
export const SKIPPED_NAMES: readonly string[] = [
  '.git',
  '.hg',
  '.svn',
  '.idea',
  '.vscode',
  'node_modules',
  '__pycache__',
  '.DS_Store',
];

/** Seed 004's `list_files` parameters. */
export const ListFilesParameters = z.object({
  path: z.string().optional().describe('Directory path to list (default: current directory)'),
  recursive: z.boolean().optional().describe('List files recursively (default: false)'),
  include: z.string().optional().describe('Glob pattern to filter file names (e.g., `*.go`)'),
});

type Listing = { entries: string[]; isTruncated: boolean; files: string[] };

const isSkipped = (name: string) => name.startsWith('.') || SKIPPED_NAMES.includes(name);

async function listFlat(sandbox: SandboxPort, root: string, include: string): Promise<Listing> {
  const listing: Listing = { entries: [], isTruncated: false, files: [] };
  const entries = (await sandbox.list(root)).sort((a, b) => compareBytes(baseName(a.path), baseName(b.path)));
  for (const entry of entries) {
    const name = baseName(entry.path);
    if (isSkipped(name)) continue;
    if (entry.kind !== 'directory' && !matchesInclude(name, include)) continue;
    listing.entries.push(entry.kind === 'directory' ? `${name}/` : name);
    if (entry.kind === 'file') listing.files.push(entry.path);
    if (listing.entries.length >= MAX_LIST_ENTRIES) {
      listing.isTruncated = true;
      break;
    }
  }
  return listing;
}

async function listRecursive(sandbox: SandboxPort, root: FileStat, include: string): Promise<Listing> {
  const listing: Listing = { entries: [], isTruncated: false, files: [] };
  listing.isTruncated = !(await walkDir(sandbox, root, (entry) => {
    if (entry.path === root.path) return 'enter';
    const name = baseName(entry.path);
    if (entry.kind === 'directory' && isSkipped(name)) return 'skip';
    if (name.startsWith('.')) return 'enter';
    if (entry.kind !== 'directory' && !matchesInclude(name, include)) return 'enter';
    const relative = entry.path.slice(root.path.length).replace(/^\/+/, '');
    listing.entries.push(entry.kind === 'directory' ? `${relative}/` : relative);
    if (entry.kind === 'file') listing.files.push(entry.path);
    return listing.entries.length >= MAX_LIST_ENTRIES ? 'stop' : 'enter';
  }));
  listing.entries.sort(compareBytes);
  return listing;
}

/** Glob mode: every path the pattern matches (hidden names left out), as given (absolute or relative). */
async function listGlob(sandbox: SandboxPort, pattern: string): Promise<Listing> {
  const listing: Listing = { entries: [], isTruncated: false, files: [] };
  const absolute = resolvePath(pattern);
  const base = micromatch.scan(absolute).base || '/';
  const root = await sandbox.stat(base);
  if (!root) return listing;
  const matches: FileStat[] = [];
  // Without `**`, nothing deeper than the pattern can match: the walk stops there.
  const depth = absolute.includes('**') ? Number.POSITIVE_INFINITY : absolute.split('/').length;
  await walkDir(sandbox, root, (entry) => {
    if (entry.path !== root.path && micromatch.isMatch(entry.path, absolute, { dot: true }))
      matches.push(entry);
    return entry.path.split('/').length >= depth ? 'skip' : 'enter';
  });
  const prefix = pattern.startsWith('/') ? '' : `${MUXD_CWD}/`;
  for (const entry of matches.sort((a, b) => compareBytes(a.path, b.path))) {
    if (baseName(entry.path).startsWith('.')) continue;
    const shown = prefix && entry.path.startsWith(prefix) ? entry.path.slice(prefix.length) : entry.path;
    listing.entries.push(entry.kind === 'directory' ? `${shown}/` : shown);
    if (entry.kind === 'file') listing.files.push(entry.path);
    if (listing.entries.length >= MAX_LIST_ENTRIES) {
      listing.isTruncated = true;
      break;
    }
  }
  return listing;
}

export const listFilesTool = defineTool({
  name: 'list_files',
  description: 'List files and directories. Returns entries with a `/` suffix for directories.',
  metaKind: 'match',
  parameters: ListFilesParameters,
  label: (args) => actionSummary('list_files', typeof args.path === 'string' && args.path ? args.path : '.'),
  effect: 'reads',
  execute: async (params, context): Promise<ToolOutcome<MatchMeta>> => {
    const given = params.path || '.';
    const include = params.include ?? '';
    const sandbox = await context.sandbox();
    let listing: Listing;
    if (/[*?[]/.test(given)) {
      listing = await listGlob(sandbox, given);
    } else {
      const root = await sandbox.stat(resolvePath(given));
      if (!root) return muxdError(`stat ${cleanPath(given)}: no such file or directory`);
      if (root.kind !== 'directory') return muxdError(`${given} is not a directory`);
      listing = params.recursive
        ? await listRecursive(sandbox, root, include)
        : await listFlat(sandbox, root.path, include);
    }
    const content =
      listing.entries.length === 0
        ? 'No entries found.'
        : `${listing.entries.join('\n')}${listing.isTruncated ? `\n... (truncated at ${MAX_LIST_ENTRIES} entries)` : ''}`;
    return {
      status: 'success',
      content,
      meta: {
        results: listing.files.map((path) => ({ path, matches: [] })),
        is_truncated: listing.isTruncated,
      },
    };
  },
});
