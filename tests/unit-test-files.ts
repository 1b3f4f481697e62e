/** The unit tests: beside the code they test, and the test tooling's own. */
export const UNIT_TESTS = ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/*.test.ts'];

/**
 * Unit test files that replace a module with `vi.mock`. The other unit files share a worker
 * and its loaded modules (project `unit`, no isolation), where a mock would not take hold
 * of a module another file loaded first, and would leak into the files after; these run
 * isolated (project `unit-isolated`). `unit-test-files.test.ts` keeps the list complete.
 */
export const UNIT_TESTS_THAT_MOCK_MODULES = [
  'src/agent-worker/profiles/openmanus/tools/data-visualization/data-visualization.test.ts',
];
