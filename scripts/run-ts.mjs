// Runs a TypeScript module's `main(args)` in Node 20 (no type stripping there), through
// Vite's module runner: `node scripts/run-ts.mjs scripts/figures/render-figures.ts`.
import { resolve } from 'node:path';
import { runnerImport } from 'vite';
import { PATH_ALIASES } from './path-aliases.mjs';

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/run-ts.mjs <module.ts> [arguments…]');
  process.exit(2);
}
const { module } = await runnerImport(resolve(file), {
  configFile: false,
  logLevel: 'error',
  resolve: { alias: PATH_ALIASES },
});
if (typeof module.main !== 'function') {
  console.error(`${file} exports no main(args)`);
  process.exit(2);
}
await module.main(args);
