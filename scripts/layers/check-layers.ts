import { fileURLToPath } from 'node:url';
import { layeringProblems } from './layers.ts';

/** `npm run lint`'s layering check: every import of the tree against the one table (layers.ts). */
export function main(): void {
  const problems = layeringProblems(fileURLToPath(new URL('../../', import.meta.url)));
  if (problems.length === 0) return;
  console.error(`The layering rule (scripts/layers/layers.ts) refuses ${problems.length} import(s):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exitCode = 1;
}
