import type { StoredEvent } from '../protocol/events.ts';
import { attachmentsOf } from '../protocol/tool-meta/attachment.ts';
import { workspacePathOf } from '../protocol/workspace.ts';

/** A path that is an address (`https://…`, `mailto:…`), not a file. */
const ADDRESS = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The workspace paths (relative to /home/ubuntu) the events show as files: the person's
 * attachments, a message's attachments, the files a generation wrote. Addresses and
 * paths outside the workspace are not files a bundle carries, so they are left out.
 */
export function referencedWorkspacePaths(events: readonly StoredEvent[]): string[] {
  const paths = new Set<string>();
  const add = (path: unknown) => {
    if (typeof path !== 'string' || ADDRESS.test(path.trim())) return;
    const relative = workspacePathOf(path);
    if (relative !== null) paths.add(relative);
  };
  for (const { body } of events) {
    if (body.type === 'user_message' || body.type === 'user_reply') {
      for (const attachment of body.attachments ?? []) add(attachment.path);
    } else if (body.type === 'envelope') {
      const meta: Record<string, unknown> = body.envelope.meta;
      for (const attachment of attachmentsOf(meta.attachments)) add(attachment.path);
      if (meta.mode === 'generation' && Array.isArray(meta.files)) {
        for (const file of meta.files) add((file as { path?: unknown } | null)?.path);
      }
    }
  }
  return [...paths];
}
