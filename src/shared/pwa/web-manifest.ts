/** One icon of the web app manifest. */
export type ManifestIcon = { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' };

/**
 * Colours of the installed app's window and splash screen: the light theme's page
 * background (index.html gives the browser both themes' colours with `theme-color`).
 */
export const MANIFEST_THEME_COLOR = '#ffffff';
export const MANIFEST_BACKGROUND_COLOR = '#ffffff';

/** Query that the "New conversation" shortcut opens the app with. */
export const NEW_CONVERSATION_QUERY = 'action=new';

/** Icons in `public/icons/`: plain ones and maskable ones (with a safe zone), 192 and 512 px. */
export const MANIFEST_ICONS: readonly ManifestIcon[] = [
  { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: 'icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The web app manifest. Every URL in it is relative to the manifest, which sits at the
 * base path, so one build works under whatever base `SANDPIPER_BASE` named.
 */
export function webManifest(description: string) {
  return {
    id: './',
    name: 'Sandpiper',
    short_name: 'Sandpiper',
    description,
    lang: 'en',
    start_url: './',
    scope: './',
    display: 'standalone' as const,
    theme_color: MANIFEST_THEME_COLOR,
    background_color: MANIFEST_BACKGROUND_COLOR,
    categories: ['productivity', 'developer'],
    icons: [...MANIFEST_ICONS],
    shortcuts: [
      {
        name: 'New conversation',
        short_name: 'New',
        description: 'Start a new task for the agent',
        url: `./?${NEW_CONVERSATION_QUERY}`,
        icons: [{ src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
    ],
  };
}
