import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { VirtualSandbox } from '../../src/agent-worker/sandbox/virtual/virtual-sandbox.ts';
import type { Tool, ToolContext, ToolOutcome } from '../../src/agent-worker/toolkit/define-tool.ts';
import { SandpiperDatabase } from '../../src/shared/storage/db.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { testToolContext } from '../fixtures/tool-context.ts';

/** A real virtual sandbox over a fresh IndexedDB workspace, and a way to call muxd tools on it. */
export async function openMuxdSandbox(overrides: Partial<ToolContext> = {}) {
  const database = new SandpiperDatabase(`muxd-${randomUUID()}`, { indexedDB, IDBKeyRange });
  const workspace = new WorkspaceRepository(database);
  const sandbox = await VirtualSandbox.open({ conversationId: 'c', workspace, limitBytes: 200_000_000 });
  const context = testToolContext({ sandbox: async () => sandbox, ...overrides });
  /** Runs `tool` with `args` (as the model would send them). */
  const run = async (tool: Tool, args: Record<string, unknown>): Promise<ToolOutcome> => {
    const prepared = tool.prepare(JSON.stringify(args));
    if (!prepared.ok) return { status: 'error', kind: 'validation', message: prepared.message };
    return prepared.execute!(context);
  };
  /** The text of a success, or throws with the failure's message. */
  const text = async (tool: Tool, args: Record<string, unknown>): Promise<string> => {
    const outcome = await run(tool, args);
    if (outcome.status !== 'success') throw new Error(`Expected success, got: ${outcome.message}`);
    return outcome.content;
  };
  /** The message of a failure, or throws with the content of a success. */
  const error = async (tool: Tool, args: Record<string, unknown>): Promise<string> => {
    const outcome = await run(tool, args);
    if (outcome.status !== 'error') throw new Error(`Expected an error, got: ${outcome.content}`);
    return outcome.message;
  };
  return { sandbox, context, run, text, error, close: () => database.close() };
}
