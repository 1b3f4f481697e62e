import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

const setup = call('shell', {
  action: 'exec',
  session: 'main',
  command: [
    'mkdir -p app/src app/lib',
    'printf "import os\\n# TODO: auth\\nprint(1)\\n# TODO: tests\\n" > app/src/main.py',
    'printf "def helper():\\n    return 2\\n" > app/lib/util.py',
    'printf "TODO in notes\\n" > app/notes.md',
    'echo AAECAwQ= | base64 -d > app/src/blob.py',
  ].join(' && '),
});
const large = call('file', {
  action: 'write',
  path: '/home/ubuntu/app/src/huge.py',
  text: '# TODO: big\n'.repeat(110_000),
});
const finish = () => call('message', { type: 'result', text: 'Done.' });

async function run(...steps: ReturnType<typeof call>[]) {
  harness.server.setScript([acknowledge(), planNotes(), setup, large, ...steps, finish()]);
  const id = await harness.runtime.startConversation(NOTES_TASK);
  await harness.runtime.idle(id);
  return (await harness.completions(id)).filter((envelope) => envelope.meta.tool === 'match');
}

describe('the match tool', () => {
  it('globs absolute scopes, and accepts seed 001’s base directory plus glob', async () => {
    const [py, variant, none] = await run(
      call('match', { action: 'glob', scope: '/home/ubuntu/app/**/*.py' }),
      call('match', { action: 'glob', scope: '/home/ubuntu/app', glob: '**/*.md' }),
      call('match', { action: 'glob', scope: '/home/ubuntu/nowhere/*.txt' }),
    );
    expect(((py?.meta.results ?? []) as { path: string }[]).map((result) => result.path)).toEqual([
      '/home/ubuntu/app/lib/util.py',
      '/home/ubuntu/app/src/blob.py',
      '/home/ubuntu/app/src/huge.py',
      '/home/ubuntu/app/src/main.py',
    ]);
    expect(variant?.meta.results).toEqual([{ path: '/home/ubuntu/app/notes.md', matches: [] }]);
    expect(none?.content).toMatch(/No files match/);
  });

  it('greps case-sensitively with context lines, skipping binary and large files', async () => {
    const [grep, lower] = await run(
      call('match', {
        action: 'grep',
        scope: '/home/ubuntu/app/**/*.py',
        regex: 'TODO: (auth|tests)',
        leading: 1,
        trailing: 1,
      }),
      call('match', { action: 'grep', scope: '/home/ubuntu/app/**/*', regex: 'todo' }),
    );
    expect(grep?.meta.results).toEqual([
      {
        path: '/home/ubuntu/app/src/main.py',
        matches: [
          { line: 2, match: '# TODO: auth', leading: ['import os'], trailing: ['print(1)'] },
          { line: 4, match: '# TODO: tests', leading: ['print(1)'], trailing: [] },
        ],
      },
    ]);
    expect(grep?.meta.skipped).toEqual({ binary: 1, too_large: 1 });
    expect(grep?.content).toMatch(/2 matches in 1 of 4 files; skipped 1 binary and 1 files over 1 MB/);
    expect(lower?.meta.results).toEqual([]);
  });

  it('explains a bad regex or a relative scope', async () => {
    const [badRegex, relative] = await run(
      call('match', { action: 'grep', scope: '/home/ubuntu/**', regex: '(unclosed' }),
      call('match', { action: 'glob', scope: 'app/**' }),
    );
    expect(badRegex).toMatchObject({ status: 'error', meta: { error: { kind: 'validation' } } });
    expect(badRegex?.content).toMatch(/not a valid regular expression/);
    expect(relative?.content).toMatch(/must be an absolute glob/);
  });
});
