/** A server the sandbox has up (a dev server's port and the URL the sandbox gives it). */
export type PreviewServer = { port: number; url: string };

/**
 * The previews port: the servers the sandbox has up (the Node runtime's dev servers; the
 * virtual sandbox has none), and the same-origin URL at which the service worker serves
 * a workspace file (`<app>/preview/<conversation>/<path>`).
 */
export interface PreviewsPort {
  servers(): Promise<PreviewServer[]>;
  /** The preview URL of an absolute workspace path, or null when the path is outside the workspace. */
  urlFor(path: string): string | null;
}
