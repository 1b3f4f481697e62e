import { keptArgumentText } from '@/shared/protocol/events.ts';
import { workspacePathOf } from '@/shared/protocol/workspace.ts';
import type { ActionItem, ThreadState } from '../thread/thread-reducer.ts';

/**
 * Text a running action is putting into a workspace file: all of it (`write`) or added at
 * its end (`append`). The event log keeps a long text's head only: `omitted` counts the
 * characters after `text` that only the file, once written, shows.
 */
export type IncomingWrite = { uuid: string; mode: 'write' | 'append'; text: string; omitted: number };

/**
 * What a running action is writing into the workspace file `workspacePath` (relative to
 * /home/ubuntu), read from its call: the `file` tool's `write`/`append` (`text`) or muxd's
 * `file_write` (`content`). The running call already carries the whole text, so a view can
 * show it while the file has not landed yet (the sandbox may still be opening or saving).
 * Null when no such action is running; the latest one wins when several are.
 */
export function incomingWriteOf(actions: readonly ActionItem[], workspacePath: string): IncomingWrite | null {
  for (const action of [...actions].reverse()) {
    if (action.status !== 'running') continue;
    const write = writeOf(action);
    if (write === null) continue;
    const path = typeof action.callArguments.path === 'string' ? action.callArguments.path : null;
    if (path !== null && workspacePathOf(path) === workspacePath) return { uuid: action.uuid, ...write };
  }
  return null;
}

function writeOf(action: ActionItem): Omit<IncomingWrite, 'uuid'> | null {
  const { callArguments: call } = action;
  const isFileWrite = action.tool === 'file' && (call.action === 'write' || call.action === 'append');
  const text = isFileWrite ? call.text : action.tool === 'file_write' ? call.content : undefined;
  if (typeof text !== 'string') return null;
  const { head, omitted } = keptArgumentText(text);
  return { mode: call.action === 'append' && isFileWrite ? 'append' : 'write', text: head, omitted };
}

/** The thread's actions that are running now (cheap: read from its index, not a scan). */
export function runningActions(state: ThreadState): ActionItem[] {
  return state.runningActionUuids.flatMap((uuid) => {
    const item = state.items[state.actionIndex[uuid] ?? -1];
    return item?.kind === 'action' ? [item] : [];
  });
}
