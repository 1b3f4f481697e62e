import type { Reporter, TestModule } from 'vitest/node';
import { appendSkipRecord } from './skip-counts.ts';

/**
 * A vitest reporter (beside the default one, see vite.config.ts) that records, at the end
 * of each run, its skipped tests counted by their skip note (`context.skip(note)`; '' for
 * a skip without one), with their files, and how long the run took, for the last lines of
 * `npm test` (tests/skip-counts.ts).
 */
export default class SkipReporter implements Reporter {
  private startedAt = performance.now();

  onInit(): void {
    this.startedAt = performance.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skippedByNote: Record<string, number> = {};
    const filesByNote: Record<string, string[]> = {};
    const projects = new Set<string>();
    for (const testModule of testModules) {
      projects.add(testModule.project.name);
      for (const test of testModule.children.allTests()) {
        const result = test.result();
        if (result.state !== 'skipped') continue;
        const note = result.note ?? '';
        skippedByNote[note] = (skippedByNote[note] ?? 0) + 1;
        const file = testModule.moduleId.slice(testModule.moduleId.lastIndexOf('/') + 1);
        filesByNote[note] = [...(filesByNote[note] ?? []), file];
      }
    }
    const durationMs = Math.round(performance.now() - this.startedAt);
    if (projects.size > 0)
      appendSkipRecord({ projects: [...projects].sort(), skippedByNote, filesByNote, durationMs });
  }
}
