import pyodidePackage from 'pyodide/package.json' with { type: 'json' };
import { LAZY_ASSETS_FOLDER } from './lazy-chunks.ts';

/** The Pyodide release the build serves (its files must match the `pyodide` module exactly). */
export const PYODIDE_VERSION: string = pyodidePackage.version;

/**
 * Pyodide's files, copied by the build under their own names (Pyodide finds them by name
 * next to `indexURL`) into a folder named after the version, so a cached old release is
 * never mixed with a new one. They sit with the lazy assets: not precached, cached by the
 * service worker the first time Python starts.
 */
export const PYODIDE_FILES = [
  'pyodide.asm.mjs',
  'pyodide.asm.wasm',
  'python_stdlib.zip',
  'pyodide-lock.json',
] as const;

/** The folder under the build's root that holds `PYODIDE_FILES`. */
export const PYODIDE_ASSETS_PATH = `assets/${LAZY_ASSETS_FOLDER}/pyodide-${PYODIDE_VERSION}/`;

/** Where packages that are not part of the build (micropip, numpy, pandas…) come from: Pyodide's CDN. */
export const PYODIDE_PACKAGES_URL = `https://cdn.jsdelivr.net/pyodide/v${PYODIDE_VERSION}/full/`;
