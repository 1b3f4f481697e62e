/** What the page posts to a waiting service worker when the person accepts an update. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
