/** What the page posts to a waiting service worker when the person accepts an update. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** The page a preview opened in a tab of its own is served (precached; frames the preview). */
export const PREVIEW_TAB_PAGE = 'preview-tab.html';

/**
 * A query parameter that asks for a preview page itself at the top level, not framed in
 * the preview tab page: for reveal's print view, which must be the top document to print
 * (a sandboxed frame cannot). Its storage then lives only as long as the page.
 */
export const PREVIEW_TOP_LEVEL_PARAMETER = 'sandpiper-top-level';
