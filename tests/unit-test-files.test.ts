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

/** Whether a test file replaces a module (`vi.mock`, `vi.doMock`). */
const mocksAModule = (file: string) => /\bvi\.(?:mock|doMock)\(/.test(readFileSync(`${ROOT}${file}`, 'utf8'));

it('lists every unit test file that mocks a module, so it runs isolated', () => {
  const files = [...testFiles('src', true), ...testFiles('scripts', true), ...testFiles('tests', false)];
  const mocking = files.filter(mocksAModule);
  expect(files.length).toBeGreaterThan(200);
  expect(mocking.sort()).toEqual([...UNIT_TESTS_THAT_MOCK_MODULES].sort());
});

it('finds no integration test file that mocks a module (those files share a worker too)', () => {
  const files = [...testFiles('tests/integration', true), ...testFiles('tests/fixtures', true)];
  expect(files.length).toBeGreaterThan(50);
  expect(files.filter(mocksAModule)).toEqual([]);
});
