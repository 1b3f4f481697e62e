/// <reference path="./reveal-raw.d.ts" />

/**
 * The reveal.js 6 files a deck needs, copied into its folder so it opens offline, from a
 * bundle and in any browser. They are the classic (UMD) scripts, not the ES modules: a
 * deck opened from `file://` or in a sandboxed frame (an opaque origin) cannot load
 * module scripts, which are fetched with CORS. Each file is imported `?raw` on first use,
 * so the assets sit in lazy chunks of their own, out of the worker's main chunk.
 */
export type RevealAsset = {
  /** Where the file goes, relative to the deck folder. */
  path: string;
  /** The path of the file inside the `reveal.js` package. */
  packagePath: string;
};

/** The theme every deck uses: light, with its fonts inlined (no request to a font host). */
export const REVEAL_THEME = 'white';

export const REVEAL_ASSETS: readonly RevealAsset[] = [
  { path: 'reveal/reset.css', packagePath: 'dist/reset.css' },
  { path: 'reveal/reveal.css', packagePath: 'dist/reveal.css' },
  { path: `reveal/theme/${REVEAL_THEME}.css`, packagePath: `dist/theme/${REVEAL_THEME}.css` },
  { path: 'reveal/plugin/highlight/monokai.css', packagePath: 'dist/plugin/highlight/monokai.css' },
  { path: 'reveal/reveal.js', packagePath: 'dist/reveal.js' },
  { path: 'reveal/plugin/notes.js', packagePath: 'dist/plugin/notes.js' },
  { path: 'reveal/plugin/highlight.js', packagePath: 'dist/plugin/highlight.js' },
];

/** Reads one asset's text by its path in the package. */
export type RevealAssetReader = (packagePath: string) => Promise<string>;

type RawModule = Promise<{ default: string }>;

// Literal specifiers so the bundler can split each file into a lazy chunk. The package's
// `exports` map does not list the UMD files, hence the paths into node_modules.
const RAW_IMPORTS: Readonly<Record<string, () => RawModule>> = {
  'dist/reset.css': () => import('~/node_modules/reveal.js/dist/reset.css?raw'),
  'dist/reveal.css': () => import('~/node_modules/reveal.js/dist/reveal.css?raw'),
  'dist/theme/white.css': () => import('~/node_modules/reveal.js/dist/theme/white.css?raw'),
  'dist/plugin/highlight/monokai.css': () =>
    import('~/node_modules/reveal.js/dist/plugin/highlight/monokai.css?raw'),
  'dist/reveal.js': () => import('~/node_modules/reveal.js/dist/reveal.js?raw'),
  'dist/plugin/notes.js': () => import('~/node_modules/reveal.js/dist/plugin/notes.js?raw'),
  'dist/plugin/highlight.js': () => import('~/node_modules/reveal.js/dist/plugin/highlight.js?raw'),
};

/** The bundled reader: each file's text from its lazy chunk. */
export const readBundledRevealAsset: RevealAssetReader = async (packagePath) => {
  const load = RAW_IMPORTS[packagePath];
  if (!load) throw new Error(`reveal.js asset ${packagePath} is not bundled.`);
  return (await load()).default;
};
