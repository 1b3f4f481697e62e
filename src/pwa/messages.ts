/** What the page posts to a waiting service worker when the person accepts an update. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** The page a preview opened in a tab of its own is served (precached; frames the preview). */
export const PREVIEW_TAB_PAGE = 'preview-tab.html';
