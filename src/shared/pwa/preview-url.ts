/** Where a preview URL points: a conversation's workspace file (relative to /home/ubuntu). */
export type PreviewTarget = { conversationId: string; path: string };

/**
 * Parses `<scope>preview/<conversation>/<path>`; a path ending in `/` (or none) means its
 * index.html. Returns null for other URLs and for paths that climb out with `..`.
 */
export function parsePreviewUrl(url: URL, scopePath: string): PreviewTarget | null {
  const prefix = `${scopePath.replace(/\/?$/, '/')}preview/`;
  if (!url.pathname.startsWith(prefix)) return null;
  const [rawId, ...rest] = url.pathname.slice(prefix.length).split('/');
  if (!rawId) return null;
  let conversationId: string;
  let segments: string[];
  try {
    conversationId = decodeURIComponent(rawId);
    segments = rest.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  if (segments.some((segment) => segment === '..' || segment.includes('/') || segment.includes('\\')))
    return null;
  const parts = segments.filter((segment) => segment !== '' && segment !== '.');
  const isDirectory = rest.length === 0 || rest.at(-1) === '';
  return { conversationId, path: [...parts, ...(isDirectory ? ['index.html'] : [])].join('/') };
}
