import type { PreviewServer, PreviewsPort } from '@/shared/protocol/ports/previews-port.ts';
import type { SandboxPort } from '@/shared/protocol/ports/sandbox-port.ts';
import { previewPath, workspacePathOf } from '@/shared/protocol/workspace.ts';

/**
 * The previews port: the sandbox's servers, and the same-origin URL under the app's scope
 * (`appBaseUrl`, where the service worker's `/preview/` route lives) of a workspace file.
 */
export function createPreviews(options: {
  conversationId: string;
  appBaseUrl: string;
  openSandbox: () => Promise<SandboxPort>;
}): PreviewsPort {
  return {
    async servers(): Promise<PreviewServer[]> {
      return (await options.openSandbox()).listServers();
    },
    urlFor(path: string): string | null {
      const relative = workspacePathOf(path);
      return relative === null
        ? null
        : new URL(previewPath(options.conversationId, relative), options.appBaseUrl).href;
    },
  };
}
