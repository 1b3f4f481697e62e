import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { encodeBundle } from './bundle-codec.ts';
import type { BundleContents } from './bundle-format.ts';

const encoder = new TextEncoder();

/** A small finished conversation with a plan and a workspace, for bundle tests. */
export function sampleBundleContents(conversationId = 'conv-1'): BundleContents {
  return {
    conversation: {
      id: conversationId,
      title: 'Notes app',
      status: 'done',
      createdAt: 1,
      updatedAt: 2,
      profileId: 'manus',
    },
    events: [
      { conversationId, seq: 0, at: 1, body: { type: 'user_message', text: 'Build a notes app' } },
      {
        conversationId,
        seq: 1,
        at: 2,
        body: {
          type: 'envelope',
          toolCallId: 'call_1',
          role: 'result',
          metaKind: 'message',
          envelope: {
            uuid: 'u1',
            status: 'success',
            content: 'Done <script>alert(1)</script>',
            meta: { action_type: 'message.result', tool: 'message' },
          },
        },
      },
    ],
    plan: {
      conversationId,
      goal: 'Notes',
      phases: [{ id: 1, title: 'Build', status: 'completed' }],
      current_phase_id: 1,
      next_phase_id: null,
      createdAt: 1,
      updatedAt: 2,
    },
    schedules: [],
    previewStorage: [],
    files: [
      { path: 'notes', kind: 'directory', size: 0, modifiedAt: 1, content: new Uint8Array(0) },
      {
        path: 'notes/todo.md',
        kind: 'file',
        size: 11,
        modifiedAt: 1,
        content: encoder.encode('- buy milk\n'),
      },
      {
        path: 'logo.png',
        kind: 'file',
        size: 4,
        modifiedAt: 1,
        content: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      },
    ],
  };
}

/**
 * `contents` as an app of an older bundle format wrote it (format 2: before the
 * workspace's history travelled, so without it), for tests that older bundles still import.
 */
export function olderFormatBundle(contents: BundleContents, formatVersion: number): Uint8Array {
  const { history: _history, ...withoutHistory } = contents;
  const entries = unzipSync(encodeBundle(withoutHistory, '0.1.0', 5));
  const manifest = JSON.parse(strFromU8(entries['manifest.json'] ?? new Uint8Array()));
  manifest.formatVersion = formatVersion;
  entries['manifest.json'] = strToU8(JSON.stringify(manifest));
  return zipSync(entries);
}
