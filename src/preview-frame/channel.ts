import { PREVIEW_MESSAGE_TAG } from '../shared/protocol/preview-limits.ts';
import type { PreviewCommand, PreviewPageMessage } from '../shared/protocol/preview-messages.ts';

export const TAG = PREVIEW_MESSAGE_TAG;

/** Posts `message` to the app framing the page; nothing is sent to a frame of any other origin. */
export function postToApp(appOrigin: string, message: PreviewPageMessage): void {
  if (window.parent === window) return;
  try {
    window.parent.postMessage(message, appOrigin);
  } catch {
    // A message that cannot be cloned (a page value in a console line) is dropped, never thrown into the page.
  }
}

/** Calls `handle` for each command the app posts; messages from anyone else are ignored. */
export function onCommand(appOrigin: string, handle: (command: PreviewCommand) => void): void {
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== appOrigin) return;
    const data = event.data as Partial<PreviewCommand> | null;
    if (data?.tag !== TAG || data.type !== 'command' || typeof data.id !== 'number') return;
    handle(data as PreviewCommand);
  });
}
