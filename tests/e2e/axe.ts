import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build, injected into the page under test. */
const AXE_SOURCE: string = (require('axe-core') as { source: string }).source;

/** One rule axe-core found broken, with the elements that break it. */
export type AxeViolation = { rule: string; impact: string; help: string; targets: string[] };

/** The impacts that fail a view: a person cannot use the part at all, or only with great effort. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.x A and AA rules, and its best practices) over the page's own document —
 * not the sandboxed frames that show the agent's pages — and returns the serious and critical
 * violations.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const isLoaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: the app's CSP (rightly) refuses inline scripts.
  if (!isLoaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    return (await axe.run({ exclude: [['iframe']] }, { iframes: false, resultTypes: ['violations'] })) as {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[] }[];
      }[];
    };
  });
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
}

/** The violations as lines a failing test prints: rule, impact, and each element. */
export function describeViolations(view: string, violations: readonly AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `${view}: ${violation.rule} (${violation.impact}) ${violation.help}\n${violation.targets
          .map((target) => `    ${target}`)
          .join('\n')}`,
    )
    .join('\n');
}
