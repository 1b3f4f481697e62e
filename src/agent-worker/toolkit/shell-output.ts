import type { ExecResult } from '../../shared/protocol/ports/sandbox-port.ts';
import type { WorkspacePort } from './ports/workspace-files-port.ts';

/** Longest stdout or stderr kept in an observation; the rest goes to a workspace file. */
export const MAX_STREAM_BYTES = 16 * 1024;
const KEEP_EACH_END = 6 * 1024;

/**
 * Restorable compression of command output: a stream over 16 KB keeps its head and
 * tail in the observation, and the whole output is saved to a workspace file whose path
 * the observation gives.
 */
export async function compressStream(
  text: string,
  stream: 'stdout' | 'stderr',
  uuid: string,
  workspace: WorkspacePort,
): Promise<{ text: string; savedPath: string | null }> {
  if (new TextEncoder().encode(text).byteLength <= MAX_STREAM_BYTES) return { text, savedPath: null };
  const savedPath = `/home/ubuntu/.sandpiper/outputs/${uuid}.${stream}.txt`;
  await workspace.save(savedPath, text);
  const head = text.slice(0, KEEP_EACH_END);
  const tail = text.slice(-KEEP_EACH_END);
  const cut = text.length - head.length - tail.length;
  return {
    text: `${head}\n… [${cut} characters cut; the full ${stream} is in ${savedPath}] …\n${tail}`,
    savedPath,
  };
}

/** One line a person reads in the thread for a shell result. */
export function summarizeExec(result: ExecResult, timeoutSeconds: number): string {
  if (result.isRunning) {
    return `Still running after ${timeoutSeconds} s in session ${result.session}; use \`wait\` to collect the output or \`kill\` to stop it.`;
  }
  if (result.exitCode === null) return `Session ${result.session} has no finished command.`;
  return `Exited with code ${result.exitCode} in session ${result.session}.`;
}
