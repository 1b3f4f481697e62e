import { expect, it } from 'vitest';
import { figureRows, hostileCases, runHostileBundles } from '../fixtures/hostile-bundles/import-harness.ts';
import { recordFigures } from './record-figures.ts';

/**
 * Every hostile bundle of the generator imported through the worker's path
 * (`ConversationArchive.importBundle`) into a fake-indexeddb database already holding a
 * conversation, then the valid edge bundles. Prints per category: cases, refused with a
 * reason naming the problem (goal all), accepted hostile (goal 0), refused without a
 * clear reason (goal 0), partial writes (goal 0), the slowest import and the most the
 * process's memory grew over one; then the valid bundles imported (goal all) and the
 * time of the largest. `HOSTILE_VERBOSE=1` prints each case's reason. Records the
 * totals (`hostile-bundles`).
 */
it('prints what hostile bundles did', async () => {
  const started = performance.now();
  const isVerbose = process.env.HOSTILE_VERBOSE === '1';
  const report = await runHostileBundles({
    onCase: (outcome) => {
      if (isVerbose)
        console.log(
          `${outcome.importedId ? 'IMPORTED' : 'refused '} ${Math.round(outcome.milliseconds)} ms, +${(outcome.memoryGrowthBytes / 1024 / 1024).toFixed(1)} MB · ${outcome.name}: ${outcome.message ?? ''}`,
        );
    },
  });
  console.table(figureRows(report));
  const { total } = report;
  const percent = ((100 * total.refusedWithReason) / total.cases).toFixed(1);
  console.log(
    `hostile bundles: ${total.cases} cases, ${total.refusedWithReason} refused with a reason (${percent} %), ` +
      `${total.acceptedHostile} accepted, ${total.refusedWithoutClearReason} refused without a clear reason, ` +
      `${total.partialWrites} partial writes`,
  );
  console.log(
    `valid edge bundles: ${report.validImported} of ${report.validCases} imported; the largest (${report.largestValid?.name}, ` +
      `${((report.largestValid?.bytes ?? 0) / 1024).toFixed(0)} KB zipped) in ${Math.round(report.largestValid?.milliseconds ?? 0)} ms`,
  );
  for (const finding of report.findings) console.log(`finding: ${finding}`);
  console.log(
    `${total.cases + report.validCases} imports in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const kinds = Object.entries(report.byCategory).map(([kind, figures]) => `${kind} ${figures.cases}`);
  recordFigures('hostile-bundles', {
    title: 'Hostile bundles imported into a database already holding a conversation (Node, fake-indexeddb)',
    bench: import.meta.url,
    paths: [
      'src/shared/bundle/',
      'src/shared/storage/',
      'src/agent-worker/runtime/conversation-archive.ts',
      'tests/fixtures/hostile-bundles/',
    ],
    figures: [
      { name: 'hostile bundles', value: total.cases, unit: '', note: kinds.join(', ') },
      { name: 'refused with a reason naming the problem', value: total.refusedWithReason, unit: '' },
      { name: 'accepted', value: total.acceptedHostile, unit: '' },
      { name: 'refused without a clear reason', value: total.refusedWithoutClearReason, unit: '' },
      {
        name: 'partial writes (every table compared before and after)',
        value: total.partialWrites,
        unit: '',
      },
      { name: 'slowest refusal', value: Math.round(total.slowestMilliseconds), unit: 'ms' },
      {
        name: 'most the process’s memory grew over one import',
        value: Math.round(total.mostMemoryGrowthBytes / 1024 / 102.4) / 10,
        unit: 'MB',
      },
      { name: 'valid edge bundles', value: report.validCases, unit: '' },
      { name: 'valid edge bundles imported', value: report.validImported, unit: '' },
      {
        name: 'the largest valid one imported in',
        value: Math.round(report.largestValid?.milliseconds ?? Number.NaN),
        unit: 'ms',
        note: `${report.largestValid?.name}, ${Math.round((report.largestValid?.bytes ?? 0) / 1024)} KB zipped`,
      },
    ],
  });
  expect(total.cases).toBe(hostileCases().length);
});
