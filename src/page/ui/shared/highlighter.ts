import type { HLJSApi, LanguageFn } from 'highlight.js';

type LanguageModule = { default: LanguageFn };

/** One loader per language `languageForPath` can name; each is its own small chunk. */
export const LANGUAGE_LOADERS: Record<string, () => Promise<LanguageModule>> = {
  javascript: () => import('highlight.js/lib/languages/javascript'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  json: () => import('highlight.js/lib/languages/json'),
  python: () => import('highlight.js/lib/languages/python'),
  bash: () => import('highlight.js/lib/languages/bash'),
  xml: () => import('highlight.js/lib/languages/xml'),
  css: () => import('highlight.js/lib/languages/css'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
  sql: () => import('highlight.js/lib/languages/sql'),
  diff: () => import('highlight.js/lib/languages/diff'),
  ini: () => import('highlight.js/lib/languages/ini'),
};

let core: Promise<HLJSApi> | null = null;
/** The core once it has loaded, for the synchronous path (`highlightLoaded`). */
let loadedCore: HLJSApi | null = null;
const registered = new Map<string, Promise<boolean>>();
/** Languages registered with `loadedCore`. */
const loadedLanguages = new Set<string>();

function loadCore(): Promise<HLJSApi> {
  core ??= import('highlight.js/lib/core').then((module) => {
    loadedCore = module.default;
    return module.default;
  });
  core.catch(() => {
    core = null;
  });
  return core;
}

function loadLanguage(hljs: HLJSApi, language: string): Promise<boolean> {
  const loader = LANGUAGE_LOADERS[language];
  if (!loader) return Promise.resolve(false);
  let loading = registered.get(language);
  if (!loading) {
    loading = loader().then((module) => {
      hljs.registerLanguage(language, module.default);
      loadedLanguages.add(language);
      return true;
    });
    loading.catch(() => registered.delete(language));
    registered.set(language, loading);
  }
  return loading;
}

/**
 * `text` as highlighted HTML: highlight.js (core and the one language, loaded on first use)
 * escapes the text and only adds its own `<span class="hljs-…">` tags, so the result is safe
 * to set as `innerHTML`. Resolves null for a language it does not know.
 */
export async function highlightToHtml(text: string, language: string): Promise<string | null> {
  const hljs = await loadCore();
  if (!(await loadLanguage(hljs, language))) return null;
  return hljs.highlight(text, { language, ignoreIllegals: true }).value;
}

/**
 * Loads highlight.js's core and `language` (each once, lazily). Resolves true when the
 * language can be highlighted from now on (see `highlightLoaded`), false for one it does
 * not know or that failed to load.
 */
export async function loadHighlightLanguage(language: string): Promise<boolean> {
  if (!LANGUAGE_LOADERS[language]) return false;
  try {
    return await loadLanguage(await loadCore(), language);
  } catch {
    return false;
  }
}

/**
 * `text` as highlighted HTML (escaped text and `<span class="hljs-…">` tags only) when
 * `language` has already loaded, else null: nothing is loaded here (`loadHighlightLanguage`
 * does that), so a synchronous renderer can use it.
 */
export function highlightLoaded(text: string, language: string): string | null {
  if (!loadedCore || !loadedLanguages.has(language)) return null;
  return loadedCore.highlight(text, { language, ignoreIllegals: true }).value;
}
