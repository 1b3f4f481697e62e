import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FiguresFile, type Measurement, readFigures, saveMeasurement } from './figures-file.ts';
import { blockNames, formatValue, renderBlocks, renderMeasurement } from './render-tables.ts';

const STARTUP: Measurement = {
  title: 'Startup of the built app',
  command: 'npx vitest run --project bench tests/bench/startup.bench.test.ts',
  commit: '0abd815',
  isDirty: false,
  measuredAt: '2026-11-27T09:30:00.000Z',
  loadAverage: [3.41, 3.8, 3.5],
  cores: 2,
  figures: [
    { name: 'first contentful paint, first visit', value: 152, unit: 'ms', note: 'runs: 152, 164, 140' },
    { name: 'JavaScript before it | gzipped', value: 6.94, unit: 'KB' },
    { name: 'precached files', value: 1234, unit: '' },
    { name: 'prefix shared', value: 98.514, unit: '%' },
  ],
};
const FIGURES: FiguresFile = { measurements: { startup: STARTUP } };

describe('the figures renderer', () => {
  it('formats values with their units', () => {
    expect(formatValue(1234.567, 'ms')).toBe('1,234.57 ms');
    expect(formatValue(98.514, '%')).toBe('98.51%');
    expect(formatValue(3, '')).toBe('3');
  });

  it('renders a measurement as its title, where and when it was measured, and a table', () => {
    expect(renderMeasurement(STARTUP)).toBe(
      [
        '**Startup of the built app.** Measured at 0abd815 on 2026-11-27, 2 cores, load average 3.4 / 3.8 / 3.5 ' +
          '(1 / 5 / 15 min); again: `npx vitest run --project bench tests/bench/startup.bench.test.ts`.',
        '',
        '| Figure | Value | Note |',
        '| --- | --- | --- |',
        '| first contentful paint, first visit | 152 ms | runs: 152, 164, 140 |',
        '| JavaScript before it \\| gzipped | 6.94 KB |  |',
        '| precached files | 1,234 |  |',
        '| prefix shared | 98.51% |  |',
      ].join('\n'),
    );
  });

  it('names the machine when the measurement recorded its fingerprint', () => {
    const fingerprint = {
      cpu: 'AMD EPYC',
      cores: 2,
      memoryGiB: 23.5,
      chromium: '156.0.8078.129',
      disk: { device: '/dev/vda', filesystem: 'ext4' },
    };
    expect(renderMeasurement({ ...STARTUP, fingerprint })).toContain(
      'Measured at 0abd815 on 2026-11-27, AMD EPYC, 2 cores, 23.5 GiB, Chromium 156.0.8078.129, ext4 disk ' +
        '(/dev/vda), load average 3.4 / 3.8 / 3.5',
    );
    expect(
      renderMeasurement({ ...STARTUP, fingerprint: { ...fingerprint, chromium: null, disk: null } }),
    ).toContain('AMD EPYC, 2 cores, 23.5 GiB, no Chromium, disk unknown, load average');
  });

  it('says when the code measured had uncommitted changes', () => {
    expect(renderMeasurement({ ...STARTUP, isDirty: true })).toContain(
      'Measured at 0abd815 (with uncommitted changes) on',
    );
  });

  it('replaces only the blocks, every one of a name, and leaves the rest of the text alone', () => {
    const text = [
      'Before.',
      '<!-- figures:startup -->',
      'a figure copied by hand: 99 ms',
      '<!-- /figures:startup -->',
      'Between.',
      '<!-- figures:startup --><!-- /figures:startup -->',
      '<!-- figures:never-run -->',
      '<!-- /figures:never-run -->',
      'After.',
    ].join('\n');
    const rendered = renderBlocks(text, FIGURES);
    expect(blockNames(rendered)).toEqual(['startup', 'startup', 'never-run']);
    expect(rendered).not.toContain('99 ms');
    expect(rendered.split(renderMeasurement(STARTUP))).toHaveLength(3);
    expect(rendered).toMatch(/^Before\.\n<!-- figures:startup -->\n\*\*Startup/);
    expect(rendered).toContain('<!-- /figures:startup -->\nBetween.\n');
    expect(rendered).toContain(
      '*Not measured yet: `npm run bench` records `never-run` in docs/figures.json.*',
    );
    expect(rendered.endsWith('<!-- /figures:never-run -->\nAfter.')).toBe(true);
    expect(renderBlocks(rendered, FIGURES)).toBe(rendered);
  });
});

describe('the figures file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'sandpiper-figures-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('accepts a well-formed file and refuses figures without a unit, a bad commit or a bad name', () => {
    expect(FiguresFile.parse(FIGURES)).toEqual(FIGURES);
    const broken = (change: Partial<Measurement>) =>
      FiguresFile.safeParse({ measurements: { startup: { ...STARTUP, ...change } } }).success;
    expect(broken({ commit: 'HEAD' })).toBe(false);
    expect(broken({ measuredAt: 'yesterday' })).toBe(false);
    expect(broken({ figures: [] })).toBe(false);
    expect(broken({ figures: [{ name: 'paint', value: 152 } as never] })).toBe(false);
    expect(broken({ figures: [{ name: 'paint', value: Number.NaN, unit: 'ms' }] })).toBe(false);
    expect(broken({ paths: [] })).toBe(false);
    expect(broken({ paths: ['../elsewhere/'] })).toBe(false);
    expect(broken({ paths: ['/work/src/'] })).toBe(false);
    expect(FiguresFile.safeParse({ measurements: { 'Startup Figures': STARTUP } }).success).toBe(false);
  });

  it('saves a measurement beside the others, in name order, and reads it back', () => {
    const file = join(folder, 'figures.json');
    expect(readFigures(file)).toEqual({ measurements: {} });
    saveMeasurement('startup', STARTUP, file);
    saveMeasurement('context', { ...STARTUP, title: 'Context' }, file);
    saveMeasurement('startup', { ...STARTUP, commit: 'abcdef1' }, file);
    const saved = readFigures(file);
    expect(Object.keys(saved.measurements)).toEqual(['context', 'startup']);
    expect(saved.measurements.startup?.commit).toBe('abcdef1');
    // As Biome formats it, so `npm run lint` passes on the file the benches write.
    expect(readFileSync(file, 'utf8')).toContain('"loadAverage": [3.41, 3.8, 3.5],\n');
  });

  it('writes the paths on one line where they fit the line width, one a line where not', () => {
    const file = join(folder, 'paths.json');
    const long = Array.from({ length: 6 }, (_, index) => `src/agent-worker/runtime/part-${index}/`);
    saveMeasurement('startup', { ...STARTUP, paths: ['src/', 'vite.config.ts'] }, file);
    saveMeasurement('context', { ...STARTUP, paths: long }, file);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('      "paths": ["src/", "vite.config.ts"],\n');
    expect(text).toContain(`      "paths": [\n        "${long[0]}",\n        "${long[1]}",\n`);
    expect(readFigures(file).measurements.context?.paths).toEqual(long);
  });

  it('refuses to read a hand-broken file, saying where', () => {
    const file = join(folder, 'broken.json');
    writeFileSync(file, JSON.stringify({ measurements: { startup: { ...STARTUP, cores: 0 } } }));
    expect(() => readFigures(file)).toThrow(/broken\.json is not a figures file/);
    expect(readFileSync(file, 'utf8')).toContain('"cores":0');
  });
});
