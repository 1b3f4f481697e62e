import { WORKSPACE_ROOT, workspacePathOf } from '@/shared/protocol/workspace.ts';

/** A URL that names a page of the conversation's own workspace, resolved to its absolute path. */
export type WorkspaceTarget = { path: string } | { refused: string };

/**
 * The workspace path a URL points at, or null for an ordinary web address: `file://`
 * URLs, bare `/home/ubuntu/…` paths and the app's `preview/<conversation>/…` addresses
 * (a site the agent built), relative or on the app's own origin. Anything else on the
 * app's origin is refused (the app's pages, and other conversations' previews, are not
 * the agent's to read).
 */
export function workspaceTargetOf(
  url: string,
  conversationId: string,
  appBaseUrl: string,
): WorkspaceTarget | null {
  const trimmed = url.trim();
  if (trimmed === WORKSPACE_ROOT || trimmed.startsWith(`${WORKSPACE_ROOT}/`)) return resolved(trimmed);
  const base = new URL(appBaseUrl);
  let parsed: URL;
  try {
    parsed = new URL(trimmed, base);
  } catch {
    return null;
  }
  if (parsed.protocol === 'file:') return resolved(safeDecode(parsed.pathname));
  const isRelative = !/^[a-z][a-z0-9+.-]*:/i.test(trimmed);
  if (!isRelative && parsed.origin !== base.origin) return null;
  const previewRoot = new URL('preview/', base).pathname;
  if (!parsed.pathname.startsWith(previewRoot)) {
    if (isRelative)
      return {
        refused: `${trimmed} is not a full address: give a URL with its protocol (https://…) or a workspace path (${WORKSPACE_ROOT}/…).`,
      };
    return { refused: `${trimmed} is one of Sandpiper's own pages, not a page the agent can open.` };
  }
  const [owner, ...rest] = parsed.pathname.slice(previewRoot.length).split('/');
  if (safeDecode(owner ?? '') !== conversationId) {
    return { refused: 'That preview address belongs to another conversation.' };
  }
  return resolved(`${WORKSPACE_ROOT}/${rest.map(safeDecode).join('/')}`);
}

function resolved(path: string): WorkspaceTarget {
  const relative = workspacePathOf(path);
  return relative === null
    ? { refused: `${path} is outside the workspace (${WORKSPACE_ROOT}).` }
    : { path: relative === '' ? WORKSPACE_ROOT : `${WORKSPACE_ROOT}/${relative}` };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
