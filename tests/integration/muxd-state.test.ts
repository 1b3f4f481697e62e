import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_MODE_PATH } from '../../src/agent-worker/profiles/muxd/common/plan-mode-state.ts';
import { TODOS_PATH } from '../../src/agent-worker/profiles/muxd/common/todo-list.ts';
import { askUserTool } from '../../src/agent-worker/profiles/muxd/tools/ask-user/ask-user.ts';
import { bashTool } from '../../src/agent-worker/profiles/muxd/tools/bash/bash.ts';
import { fileEditTool } from '../../src/agent-worker/profiles/muxd/tools/file-edit/file-edit.ts';
import { fileReadTool } from '../../src/agent-worker/profiles/muxd/tools/file-read/file-read.ts';
import { fileWriteTool } from '../../src/agent-worker/profiles/muxd/tools/file-write/file-write.ts';
import { patchApplyTool } from '../../src/agent-worker/profiles/muxd/tools/patch-apply/patch-apply.ts';
import { planEnterTool } from '../../src/agent-worker/profiles/muxd/tools/plan-enter/plan-enter.ts';
import { planExitTool } from '../../src/agent-worker/profiles/muxd/tools/plan-exit/plan-exit.ts';
import { todoReadTool } from '../../src/agent-worker/profiles/muxd/tools/todo-read/todo-read.ts';
import { todoWriteTool } from '../../src/agent-worker/profiles/muxd/tools/todo-write/todo-write.ts';
import { webFetchTool } from '../../src/agent-worker/profiles/muxd/tools/web-fetch/web-fetch.ts';
import { webSearchTool } from '../../src/agent-worker/profiles/muxd/tools/web-search/web-search.ts';
import { createFetchNetwork } from '../../src/agent-worker/toolkit/ports/fetch-network.ts';
import { PageError, type SearchReport } from '../../src/agent-worker/toolkit/ports/web-port.ts';
import type { ToolContext } from '../../src/agent-worker/toolkit/tool-context.ts';
import { openMuxdSandbox } from './muxd-harness.ts';

/** muxd's todo list, plan mode, patch_apply, ask_user and web tools over a real virtual sandbox. */
let box: Awaited<ReturnType<typeof openMuxdSandbox>>;
afterEach(() => box?.close());

describe('todo_read and todo_write', () => {
  it('keeps the list in the workspace, allows one in_progress item, and hands the runtime the plan', async () => {
    box = await openMuxdSandbox();
    expect(await box.text(todoReadTool, {})).toBe('Todo list is empty.');
    const todos = [
      { id: '1', title: 'Read existing code', status: 'completed' },
      { id: '2', title: 'Implement new feature', status: 'in_progress' },
      { id: '3', title: 'Write tests', status: 'pending', description: 'unit first' },
    ];
    const outcome = await box.run(todoWriteTool, { todos });
    if (outcome.status !== 'success') throw new Error(outcome.message);
    expect(outcome.content.startsWith('Updated todo list (3 items):\n[\n  {\n    "id": "1",')).toBe(true);
    expect(outcome.plan?.phases.map((phase) => phase.status)).toEqual(['completed', 'active', 'pending']);
    expect(outcome.meta).toMatchObject({ goal: 'Todo list', current_phase_id: 2, next_phase_id: 3 });
    expect(JSON.parse(await box.sandbox.readText(TODOS_PATH))).toEqual(todos);
    expect(await box.text(todoReadTool, {})).toBe(
      '[1] completed - Read existing code\n[2] in_progress - Implement new feature\n[3] pending - Write tests (unit first)',
    );
    const twice = todos.map((todo) => ({ ...todo, status: 'in_progress' }));
    expect(await box.error(todoWriteTool, { todos: twice })).toBe(
      'only one item may be in_progress at a time (found 3)',
    );
    expect(await box.error(todoWriteTool, { todos: [{ id: '1', title: 'x', status: 'done' }] })).toMatch(
      /Invalid arguments for `todo_write`/,
    );
    expect(await box.text(todoReadTool, {})).toMatch(/^\[1\] completed/);
  });
});

describe('plan mode', () => {
  it('refuses the write tools with muxd’s message, keeps the mode in the workspace, and leaves it', async () => {
    box = await openMuxdSandbox();
    expect(await box.text(planExitTool, {})).toBe('Not in plan mode.');
    expect(await box.text(planEnterTool, {})).toBe(
      'Entered plan mode. Write tools are now disabled. Use plan_exit to resume editing.',
    );
    expect(await box.text(planEnterTool, {})).toBe('Already in plan mode.');
    expect(JSON.parse(await box.sandbox.readText(PLAN_MODE_PATH))).toEqual({ plan_mode: true });
    const calls = [
      [fileWriteTool, { path: 'a.txt', content: 'x' }],
      [fileEditTool, { path: 'a.txt', old_string: 'x', new_string: 'y' }],
      [bashTool, { command: 'touch b.txt' }],
      [patchApplyTool, { patch: '--- /dev/null\n+++ b/c.txt\n@@ -0,0 +1 @@\n+c\n' }],
    ] as const;
    for (const [tool, args] of calls) {
      expect(await box.error(tool, args)).toBe(
        `Tool ${tool.name} is disabled in plan mode. Use plan_exit to re-enable write tools.`,
      );
    }
    expect(await box.sandbox.stat('/home/ubuntu/b.txt')).toBeNull();
    expect(await box.error(fileReadTool, { path: 'a.txt' })).toMatch(/no such file/);
    expect(await box.text(planExitTool, {})).toBe('Exited plan mode. All tools are now available.');
    expect(await box.text(fileWriteTool, { path: 'a.txt', content: 'x' })).toBe(
      'Wrote 1 bytes (1 lines) to a.txt',
    );
  });
});

describe('patch_apply', () => {
  it('applies several files, creates parents and new files, deletes, and changes nothing when a hunk does not fit', async () => {
    box = await openMuxdSandbox();
    await box.sandbox.writeFile('/home/ubuntu/main.go', 'func main() {\n\tfmt.Println("hello")\n}\n');
    await box.sandbox.writeFile('/home/ubuntu/old.txt', 'bye\n');
    const patch = [
      '--- a/main.go',
      '+++ b/main.go',
      '@@ -1,3 +1,4 @@',
      ' func main() {',
      ' \tfmt.Println("hello")',
      '+\tfmt.Println("world")',
      ' }',
      '--- /dev/null',
      '+++ b/pkg/deep/new.go',
      '@@ -0,0 +1 @@',
      '+package deep',
      '--- a/old.txt',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-bye',
      '',
    ].join('\n');
    expect(await box.text(patchApplyTool, { patch })).toBe(
      'Applied 1 hunk(s) to main.go\nApplied 1 hunk(s) to pkg/deep/new.go\nApplied 1 hunk(s) to old.txt',
    );
    expect(await box.sandbox.readText('/home/ubuntu/main.go')).toBe(
      'func main() {\n\tfmt.Println("hello")\n\tfmt.Println("world")\n}\n',
    );
    expect(await box.sandbox.readText('/home/ubuntu/pkg/deep/new.go')).toBe('package deep\n');
    expect(await box.sandbox.stat('/home/ubuntu/old.txt')).toBeNull();
    const stale = [
      '--- a/main.go',
      '+++ b/main.go',
      '@@ -1,1 +1,1 @@',
      '-func main() {',
      '+func main2() {',
      '--- a/pkg/deep/new.go',
      '+++ b/pkg/deep/new.go',
      '@@ -1 +1 @@',
      '-package shallow',
      '+package other',
      '',
    ].join('\n');
    expect(await box.error(patchApplyTool, { patch: stale })).toBe(
      'applying patch to pkg/deep/new.go: hunk at line 1: context mismatch at line 1: expected "package shallow", got "package deep"',
    );
    expect(await box.sandbox.readText('/home/ubuntu/main.go')).toMatch(/^func main\(\) \{/);
    expect(await box.error(patchApplyTool, { patch: 'just some words\n' })).toBe(
      'no file diffs found in patch',
    );
    expect(await box.error(patchApplyTool, { patch: '' })).toBe('patch is required');
    expect(
      await box.error(patchApplyTool, { patch: '--- a/main.go\n+++ b/main.go\n@@ -1,3 +1,3 @@\n-x\n+y\n' }),
    ).toMatch(/^parsing patch: /);
  });
});

describe('ask_user', () => {
  it('returns the question as its content (the profile makes it suspend the run)', async () => {
    box = await openMuxdSandbox();
    expect(await box.text(askUserTool, { question: 'Transactions or not?' })).toBe('Transactions or not?');
    expect(await box.error(askUserTool, { question: ' ' })).toBe('question is required');
  });
});

const REPORT: SearchReport = {
  hits: Array.from({ length: 25 }, (_, index) => ({
    rank: index + 1,
    title: `Result ${index + 1}`,
    url: `https://example.org/${index + 1}`,
    snippet: `About ${index + 1}`,
    source: 'brave',
    site: 'example.org',
  })),
  providers: [{ id: 'brave', name: 'Brave Search', status: 'answered', results: 25 }],
  summary: 'Results.',
  images: [],
  failedImages: [],
  timeFiltered: { dropped: 0, undated: 0 },
};

describe('web_search and web_fetch', () => {
  it('web_search: 5 results by default, 20 at most, in muxd’s list; an error when no provider answers', async () => {
    let report = REPORT;
    const search: ToolContext['search'] = { search: async () => report };
    box = await openMuxdSandbox({ search });
    const five = await box.text(webSearchTool, { query: 'go context' });
    expect(five.split('\n\n')).toHaveLength(5);
    expect(five.startsWith('1. Result 1\n   https://example.org/1\n   About 1\n\n2. Result 2')).toBe(true);
    expect((await box.text(webSearchTool, { query: 'go', count: 50 })).split('\n\n')).toHaveLength(20);
    report = { ...REPORT, hits: [] };
    expect(await box.text(webSearchTool, { query: 'nothing' })).toBe('No results found.');
    report = { ...REPORT, hits: [], providers: [] };
    expect(await box.error(webSearchTool, { query: 'x' })).toMatch(/Brave Search API key/);
  });

  it('web_fetch: HTML stripped to text, 50 KB at most, HTTP errors in muxd’s words, the relay when the tab cannot read it', async () => {
    const pages: Record<string, { type: string; body: string; status?: number }> = {
      'https://docs.example/page': {
        type: 'text/html',
        body: '<h1>Doc</h1><script>x()</script><p>Body &amp; more</p>',
      },
      'https://docs.example/big.txt': { type: 'text/plain', body: 'z'.repeat(80 * 1024) },
      'https://docs.example/missing': { type: 'text/plain', body: 'no', status: 404 },
    };
    const network = createFetchNetwork({
      policy: { allowedUrlPrefixes: ['https://docs.example/'], allowedMethods: ['GET'] },
      fetch: async (input) => {
        const page = pages[String(input)]!;
        return new Response(page.body, {
          status: page.status ?? 200,
          headers: { 'content-type': page.type },
        });
      },
    });
    const opened: string[] = [];
    box = await openMuxdSandbox({
      network,
      pages: {
        open: async (request) => {
          opened.push(request.url);
          if (request.url.includes('gone')) throw new PageError('Every way failed.', []);
          return {
            url: request.url,
            finalUrl: request.url,
            title: 'Elsewhere',
            markdown: '# Elsewhere\n\nRead through the relay.',
            path: '/home/ubuntu/pages/elsewhere.md',
            via: 'jina_reader',
            wordCount: 5,
            liveUrl: null,
            attempts: [],
          };
        },
      },
    });
    expect(await box.text(webFetchTool, { url: 'https://docs.example/page' })).toBe('Doc\n\nBody & more');
    const big = await box.text(webFetchTool, { url: 'https://docs.example/big.txt' });
    expect(big).toBe(`${'z'.repeat(50 * 1024)}\n... (truncated at 50KB)`);
    expect(await box.error(webFetchTool, { url: 'https://docs.example/missing' })).toBe(
      'HTTP 404 fetching https://docs.example/missing',
    );
    expect(await box.text(webFetchTool, { url: 'https://elsewhere.example/a' })).toBe(
      '# Elsewhere\n\nRead through the relay.',
    );
    expect(await box.error(webFetchTool, { url: 'https://elsewhere.example/gone' })).toBe(
      'fetching URL: Every way failed.',
    );
    expect(opened).toEqual(['https://elsewhere.example/a', 'https://elsewhere.example/gone']);
    expect(await box.error(webFetchTool, { url: 'not a url' })).toMatch(
      /^creating request: parse "not a url"/,
    );
  });
});
