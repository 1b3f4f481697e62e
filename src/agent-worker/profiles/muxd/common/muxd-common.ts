import type { ToolFailure } from '@/agent-worker/toolkit/define-tool.ts';
import { SandboxError } from '@/shared/protocol/ports/sandbox-port.ts';
import { WORKSPACE_ROOT } from '@/shared/protocol/workspace.ts';

/** muxd's working directory: relative paths and `bash` start here. */
export const MUXD_CWD = WORKSPACE_ROOT;

/** The output cap of `file_read`, `bash`, `web_fetch` (seed 004: 50 KB). */
export const OUTPUT_LIMIT_BYTES = 50 * 1024;

/** Where muxd's session state (todos, plan mode) is kept: in the workspace, so it survives a reload. */
export const MUXD_STATE_FOLDER = `${WORKSPACE_ROOT}/.sandpiper/muxd`;

/** `path` made absolute from the working directory, with `.` and `..` resolved (as Go's `filepath.Abs`). */
export function resolvePath(path: string): string {
  return cleanPath(path.startsWith('/') ? path : `${MUXD_CWD}/${path}`);
}

/** Go's `filepath.Clean`: no repeated or trailing slashes, `.` and `..` resolved. */
export function cleanPath(path: string): string {
  const isAbsolute = path.startsWith('/');
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length > 0 && parts.at(-1) !== '..') parts.pop();
      else if (!isAbsolute) parts.push('..');
    } else parts.push(part);
  }
  const joined = parts.join('/');
  return isAbsolute ? `/${joined}` : joined || '.';
}

/** Go's `filepath.Join` of two paths. */
export function joinPath(first: string, second: string): string {
  return cleanPath(`${first}/${second}`);
}

/**
 * `text` cut at 50 KB (UTF-8 bytes, as muxd slices its Go string) with muxd's note
 * "... (truncated at 50KB)"; whole when shorter.
 */
export function capOutput(text: string): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.byteLength <= OUTPUT_LIMIT_BYTES) return text;
  const head = new TextDecoder().decode(bytes.subarray(0, OUTPUT_LIMIT_BYTES)).replace(/\uFFFD$/, '');
  return `${head}\n... (truncated at 50KB)`;
}

/** A muxd tool error: its text is what muxd returns as the error (the model reads it). */
export function muxdError(message: string, kind: ToolFailure['kind'] = 'execution'): ToolFailure {
  return { status: 'error', kind, message };
}

/** The reason of a failed file operation in Go's words (`open x: no such file or directory`). */
export function osReason(error: unknown, path: string): string {
  if (error instanceof SandboxError) {
    if (error.kind === 'not_found') return `open ${path}: no such file or directory`;
    if (error.kind === 'is_a_directory') return `read ${path}: is a directory`;
    if (error.kind === 'not_a_directory') return `open ${path}: not a directory`;
    return error.message;
  }
  throw error;
}

/** Bytes that hold a NUL in their first 512 (muxd's `IsBinary`). */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 512).includes(0);
}
