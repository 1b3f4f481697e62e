import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { UNIT_TESTS_THAT_MOCK_MODULES } from './unit-test-files.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Test files under `folder` (relative to the repository), at any depth or only at its top. */
function testFiles(folder: string, deep: boolean): string[] {
  return readdirSync(`${ROOT}${folder}`, { recursive: deep, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => `${entry.parentPath.slice(ROOT.length)}/${entry.name}`);
}

it('lists every unit test file that mocks a module, so it runs isolated', () => {
  const files = [...testFiles('src', true), ...testFiles('scripts', true), ...testFiles('tests', false)];
  const mocking = files.filter((file) =>
    /\bvi\.(?:mock|doMock)\(/.test(readFileSync(`${ROOT}${file}`, 'utf8')),
  );
  expect(files.length).toBeGreaterThan(200);
  expect(mocking.sort()).toEqual([...UNIT_TESTS_THAT_MOCK_MODULES].sort());
});
