/**
 * The limits of what a preview page and the app say to each other, as plain values: the
 * preview runtime (which runs in every preview page and carries no zod) keeps within them,
 * and the schemas of preview-browser.ts and preview-messages.ts check them.
 */

/** The tag every message of ours carries (other messages in the page are not ours). */
export const PREVIEW_MESSAGE_TAG = 'sandpiper-preview';

/** The name the runtime's own code runs under (its `//# sourceURL`), left out of where an entry came from. */
export const PREVIEW_RUNTIME_SOURCE_NAME = 'sandpiper-preview-runtime.js';

/** Most console entries a page state carries (the newest are kept). */
export const MAX_CONSOLE_ENTRIES = 50;
/** Most characters of a console entry's message. */
export const MAX_CONSOLE_MESSAGE_CHARS = 2_000;
/** Most characters of a page's rendered text a state carries. */
export const MAX_RENDERED_TEXT_CHARS = 60_000;
/** Most interactive elements a state lists. */
export const MAX_PAGE_ELEMENTS = 300;
/** Most characters of an element's label or value. */
export const MAX_ELEMENT_TEXT_CHARS = 200;
/** Most characters of an action's detail (what happened) and of a page address reported. */
export const MAX_DETAIL_CHARS = 10_000;
export const MAX_HREF_CHARS = 4_000;
/** Most characters of a failure's reason. */
export const MAX_REASON_CHARS = 2_000;

/** Most UTF-16 code units one storage area keeps, as saved (browsers give `localStorage` 5 M; IndexedDB gets more). */
export const PREVIEW_AREA_LIMITS = {
  local: 5 * 1024 * 1024,
  session: 5 * 1024 * 1024,
  cookies: 64 * 1024,
  indexeddb: 25 * 1024 * 1024,
} as const;

/** The `name` of the agent's frame (its page's `window.name`): the runtime answers dialogs there, as nobody sees it. */
export const AGENT_FRAME_NAME = 'sandpiper-agent-browser';
