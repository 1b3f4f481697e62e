// The two import aliases, for Vite, Vitest, scripts/run-ts.mjs and the tests' own bundles
// (tsconfig.base.json's `paths` say the same to TypeScript): `@/` is src/, `~/` the repository
// (tests' fixtures, package.json). They replace relative imports that climb three or more folders.
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('../', import.meta.url));

/** Each alias and the folder it stands for (as rolldown's `resolve.alias` takes them). */
export const ALIAS_FOLDERS = { '@': `${repository}src`, '~': repository.replace(/\/$/, '') };

/** Vite `resolve.alias` entries. */
export const PATH_ALIASES = Object.entries(ALIAS_FOLDERS).map(([alias, folder]) => ({
  find: new RegExp(`^${alias}/`),
  replacement: `${folder}/`,
}));
