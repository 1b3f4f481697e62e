/**
 * True when this page can read a frame's document: it is at this app's origin and not
 * sandboxed. A live workspace page or deck that lands there has escaped its opaque origin
 * and is removed at once.
 */
export function canReachFrame(frame: HTMLIFrameElement): boolean {
  try {
    return frame.contentWindow?.location.href !== undefined;
  } catch {
    return false;
  }
}
