/** The app's IndexedDB database name (its own module so the service worker can read it without Dexie). */
export const DATABASE_NAME = 'sandpiper';
