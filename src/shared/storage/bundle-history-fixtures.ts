import { sampleBundleContents } from '../bundle/bundle-fixtures.ts';
import type { BundleContents } from '../bundle/bundle-format.ts';
import type { HistoryEntry } from '../protocol/workspace-change-rows.ts';
import { contentHash } from './workspace-history.ts';

const encoder = new TextEncoder();

/** A file's history entry for `content` (text or bytes). */
export function fileEntry(content: string | Uint8Array): HistoryEntry {
  const bytes = typeof content === 'string' ? encoder.encode(content) : content;
  return { kind: 'file', hash: contentHash(bytes), size: bytes.byteLength };
}

/** `content`'s bytes as a kept version of a bundle's history. */
export function blobOf(content: string): { hash: string; content: Uint8Array } {
  const bytes = encoder.encode(content);
  return { hash: contentHash(bytes), content: bytes };
}

/**
 * The sample conversation with the history of its workspace, for bundle tests: the
 * person's message (step 0) uploaded a folder with a todo list; the result (step 1)
 * changed the list, wrote a draft and removed it, and added the logo. The
 * replaced versions ("- milk", "draft") travel as blobs; the current ones are the
 * workspace's own files. Revisions are numbered as another browser numbered them.
 */
export function sampleHistoryContents(conversationId = 'conv-1'): BundleContents {
  const contents = sampleBundleContents(conversationId);
  const logo = contents.files.find((file) => file.path === 'logo.png')?.content ?? new Uint8Array();
  contents.history = {
    changes: [
      { rev: 3, path: 'notes', before: null, after: { kind: 'directory' } },
      { rev: 4, path: 'notes/todo.md', before: null, after: fileEntry('- milk\n') },
      { rev: 7, path: 'notes/todo.md', before: fileEntry('- milk\n'), after: fileEntry('- buy milk\n') },
      { rev: 8, path: 'draft.txt', before: null, after: fileEntry('draft') },
      { rev: 9, path: 'draft.txt', before: fileEntry('draft'), after: null },
      { rev: 12, path: 'logo.png', before: null, after: fileEntry(logo) },
    ],
    checkpoints: [
      { seq: 0, rev: 4 },
      { seq: 1, rev: 12, uuid: 'u1' },
    ],
    blobs: [blobOf('- milk\n'), blobOf('draft')],
  };
  return contents;
}
