import type { WorkspaceFile } from '../protocol/workspace.ts';

/** UTF-8 bytes of `text`. */
export const textBytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A workspace file holding `text`, for storage tests. */
export function fileEntry(path: string, text: string, conversationId = 'c'): WorkspaceFile {
  const content = textBytes(text);
  return { conversationId, path, kind: 'file', content, size: content.byteLength, modifiedAt: 1 };
}

/** A workspace folder, for storage tests. */
export function folderEntry(path: string, conversationId = 'c'): WorkspaceFile {
  return { conversationId, path, kind: 'directory', content: new Uint8Array(), size: 0, modifiedAt: 1 };
}
