import { type Accessor, createEffect, createSignal, on } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import type { TaskChange } from '@/shared/protocol/workspace-change-rows.ts';
import { type AgentClient, errorMessage } from '../app/agent-client.ts';
import { changedFilesLabel, fileDiff, isDiffable } from '../computer/file-changes.ts';

/** How many files' lines one reading counts at most (each file's two versions come from the worker). */
const MAX_COUNTED_FILES = 200;

/** Lines a file gained and lost; null for a file whose versions are not both text. */
export type LineCount = { added: number; removed: number } | null;

type TaskChangesState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  changes: TaskChange[];
  /** Each path's line count, once counted (absent: not counted, e.g. a file too large or past the cap). */
  lines: Record<string, LineCount>;
};

/** The key of a change's two versions: their counts never change, so they are counted once. */
function versionsKey(change: TaskChange): string | null {
  const { before, after } = change;
  if (before?.kind !== 'file' && after?.kind !== 'file') return null;
  const hash = (entry: TaskChange['before']) => (entry?.kind === 'file' ? entry.hash : '-');
  return `${hash(before)}>${hash(after)}`;
}

function sizeOf(entry: TaskChange['before']): number | null {
  return entry?.kind === 'file' ? entry.size : null;
}

/**
 * "7 files changed, +120 −14": how many files the task changed and the lines its text files
 * gained and lost, with how many files' lines are not counted (binary, too large, or not yet).
 */
function taskSummary(
  changes: readonly TaskChange[],
  lines: Readonly<Record<string, LineCount>>,
): { text: string; uncountedFiles: number } {
  let added = 0;
  let removed = 0;
  let uncountedFiles = 0;
  for (const change of changes) {
    if (versionsKey(change) === null) continue;
    const count = lines[change.path];
    if (count === undefined) uncountedFiles += 1;
    else if (count) {
      added += count.added;
      removed += count.removed;
    }
  }
  return { text: `${changedFilesLabel(changes.length)}, +${added} −${removed}`, uncountedFiles };
}

/**
 * What the open conversation's task changed, for the Changes view: read while a view
 * watches it, and again whenever `revision` moves (as actions settle); then, file by file,
 * how many lines each text file gained and lost.
 */
export function createTaskChangesStore(
  client: AgentClient,
  conversationId: Accessor<string | null>,
  revision: Accessor<number>,
) {
  const [state, setState] = createStore<TaskChangesState>({
    status: 'idle',
    error: null,
    changes: [],
    lines: {},
  });
  const [watchers, setWatchers] = createSignal(0);
  /** Counts by the two versions' hashes, kept across readings. */
  const counted = new Map<string, LineCount>();
  let token = 0;

  async function countLines(id: string, changes: readonly TaskChange[], mine: number): Promise<void> {
    let read = 0;
    for (const change of changes) {
      const key = versionsKey(change);
      if (key === null) continue;
      if (!counted.has(key)) {
        const sizes = { before: sizeOf(change.before), after: sizeOf(change.after) };
        if (read >= MAX_COUNTED_FILES || !isDiffable(sizes)) continue;
        read += 1;
        const versions = await client.api.taskFileVersions(id, change.path);
        if (mine !== token) return;
        const diff = versions ? fileDiff(versions.before, versions.after) : null;
        counted.set(key, diff?.kind === 'text' ? { added: diff.added, removed: diff.removed } : null);
      }
      setState('lines', change.path, counted.get(key) ?? null);
    }
  }

  async function load(id: string): Promise<void> {
    const mine = ++token;
    if (state.status !== 'ready') setState('status', 'loading');
    try {
      const changes = await client.api.taskChanges(id);
      if (mine !== token) return;
      setState({ status: 'ready', error: null });
      setState('changes', reconcile(changes, { key: 'path' }));
      await countLines(id, changes, mine);
    } catch (error) {
      if (mine === token) setState({ status: 'error', error: errorMessage(error) });
    }
  }

  createEffect(
    on(conversationId, () => {
      token += 1;
      setState({ status: 'idle', error: null, changes: [], lines: {} });
    }),
  );
  createEffect(
    on([conversationId, revision, () => watchers() > 0], ([id, , isWatched]) => {
      if (id !== null && isWatched) void load(id);
    }),
  );

  return {
    state,
    /** Keeps the list read and current while the returned function has not been called. */
    watch(): () => void {
      setWatchers((count) => count + 1);
      return () => setWatchers((count) => count - 1);
    },
    summary: () => taskSummary(state.changes, state.lines),
    /** One changed path's bytes when the task began and now. */
    versionsOf: (id: string, path: string) => client.api.taskFileVersions(id, path),
  };
}

export type TaskChangesStore = ReturnType<typeof createTaskChangesStore>;
