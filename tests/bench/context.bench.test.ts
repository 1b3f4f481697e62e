import { afterEach, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/shared/protocol/settings.ts';
import { KnowHowRepository } from '../../src/shared/storage/know-how-repository.ts';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import type { ScriptedTurn } from '../fixtures/scripted-llm-server.ts';
import { COMPACTION_NOTE_MARK, createHarness, type Harness } from '../integration/harness.ts';
import { recordFigures } from './record-figures.ts';

/**
 * Context engineering, measured on scripted tasks through the real runtime and `openai`
 * client (Node, fake-indexeddb). Prints (a) the share of each request's prompt (tools +
 * messages, as sent) that is a byte-identical prefix of the next request, averaged — the
 * KV-cache reuse a provider can get; (b) prompt sizes; (c) the compactions. Default
 * settings: a 128k-token window, compaction from 64k tokens. Records the figures
 * (`context-60-steps`, `context-40-steps`); asserts only that each run completed.
 */
let harness: Harness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

function commonPrefixLength(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a.charCodeAt(index) === b.charCodeAt(index)) index += 1;
  return index;
}

/** Runs `work` between the opening steps and the end of the task, and prints and records the figures. */
async function measure(
  name: string,
  title: string,
  work: ScriptedTurn[],
  sizesAt: number[],
  before?: (harness: Harness) => Promise<void>,
): Promise<void> {
  harness = await createHarness({ stepBudget: 1000 });
  await before?.(harness);
  const script = [
    acknowledge(),
    planNotes(),
    ...work,
    call('plan', { action: 'advance', current_phase_id: 1, next_phase_id: 2 }),
    call('message', { type: 'result', text: 'Finished.' }),
  ];
  harness.server.setScript(script);
  const id = await harness.runtime.startConversation(NOTES_TASK);
  await harness.runtime.idle(id);
  expect(harness.server.requests).toHaveLength(script.length);

  const prompts = harness.server.requests.map((request) => {
    const body = request.body as { tools?: unknown; messages?: unknown };
    return JSON.stringify({ tools: body.tools, messages: body.messages });
  });
  const shares: number[] = [];
  for (let index = 0; index + 1 < prompts.length; index += 1) {
    const current = prompts[index]!;
    shares.push(commonPrefixLength(current, prompts[index + 1]!) / current.length);
  }
  const average = shares.reduce((total, share) => total + share, 0) / shares.length;
  const compactions = (await harness.events(id)).filter((event) => event.body.type === 'compaction');
  // Each compaction adds one runtime note: the requests where their count grows.
  const notes = prompts.map((prompt) => prompt.split(COMPACTION_NOTE_MARK).length - 1);
  const compactedAt = notes.flatMap((count, index) => (count > (notes[index - 1] ?? 0) ? [index + 1] : []));
  const sizeAt = (step: number) => {
    const chars = prompts[step - 1]!.length;
    return `step ${step} ${(chars / 1024).toFixed(1)} KB (~${Math.round(chars / 3.5 / 1000)}k tokens)`;
  };
  console.log(
    [
      `context (${title}; window 128000 tokens, compaction from ${DEFAULT_SETTINGS.compactAtTokens})`,
      `  byte-identical prefix shared with the next request: average ${(average * 100).toFixed(2)}%, lowest ${(Math.min(...shares) * 100).toFixed(1)}% (target ≥ 98%)`,
      `  prompt size: ${sizesAt.map(sizeAt).join(', ')}; largest ${(Math.max(...prompts.map((prompt) => prompt.length)) / 1024).toFixed(1)} KB`,
      `  compactions: ${compactions.length}${compactedAt.length > 0 ? ` (before requests ${compactedAt.join(', ')})` : ''}`,
    ].join('\n'),
  );
  const kilobytes = (chars: number) => Math.round(chars / 102.4) / 10;
  recordFigures(name, {
    title: `Context over ${title}`,
    bench: import.meta.url,
    paths: [
      'src/agent-worker/engine/',
      'src/agent-worker/llm/',
      'src/agent-worker/profiles/',
      'src/agent-worker/runtime/',
      'src/agent-worker/toolkit/',
      'src/shared/protocol/',
      'src/shared/know-how/',
      'tests/fixtures/scenarios.ts',
      'tests/fixtures/scripted-llm-server.ts',
      'tests/integration/harness.ts',
    ],
    figures: [
      { name: 'requests', value: prompts.length, unit: '' },
      {
        name: 'byte-identical prefix shared with the next request, average',
        value: Math.round(average * 10_000) / 100,
        unit: '%',
      },
      { name: 'the same, lowest', value: Math.round(Math.min(...shares) * 1000) / 10, unit: '%' },
      ...sizesAt.map((step) => ({
        name: `prompt at step ${step} (tools and messages as sent)`,
        value: kilobytes(prompts[step - 1]!.length),
        unit: 'KB',
      })),
      {
        name: 'largest prompt',
        value: kilobytes(Math.max(...prompts.map((prompt) => prompt.length))),
        unit: 'KB',
      },
      {
        name: 'compactions',
        value: compactions.length,
        unit: '',
        ...(compactedAt.length > 0 ? { note: `before requests ${compactedAt.join(', ')}` } : {}),
      },
    ],
  });
}

/** Each third step: a build printing ~20 KB that also writes a ~27 KB data file; reading that file; writing a ~4 KB source file. */
function mixedStep(index: number): ScriptedTurn {
  if (index % 3 === 0) {
    return call('shell', {
      action: 'exec',
      session: 'main',
      command: `mkdir -p data && for i in $(seq 1 600); do echo "file ${index} line $i: lorem ipsum dolor sit amet"; done > data/file-${index}.txt && for i in $(seq 1 400); do echo "build ${index} step $i: compiling module $i of 400 ... ok"; done`,
    });
  }
  if (index % 3 === 1)
    return call('file', { action: 'read', path: `/home/ubuntu/data/file-${index - 1}.txt` });
  return call('file', {
    action: 'write',
    path: `/home/ubuntu/src/module-${index}.ts`,
    text: Array.from(
      { length: 100 },
      (_, line) => `export const value${line} = compute(${index}, ${line}); // step ${index}`,
    ).join('\n'),
  });
}

it('measures prefix reuse and prompt growth over a 60-step task of builds, reads and writes', async () => {
  await measure(
    'context-60-steps',
    '60 steps, large shell outputs and file reads',
    Array.from({ length: 56 }, (_, index) => mixedStep(index)),
    [10, 30, 60],
  );
});

/** A 24 KB document (24,576 bytes): numbered lines of prose. */
function document(index: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let line = 1; size < 24 * 1024; line += 1) {
    const text = `Chapter ${index}, paragraph ${line}: the quick brown fox jumps over the lazy dog, again and again.`;
    lines.push(text);
    size += text.length + 1;
  }
  return `${lines.join('\n')}\n`.slice(0, 24 * 1024 - 1).concat('\n');
}

/** A command printing ~230 KB (3,000 lines of about 79 characters). */
const bigCommand = (index: number) =>
  call('shell', {
    action: 'exec',
    session: 'main',
    command: `for i in $(seq 1 3000); do echo "test ${String(index).padStart(2, '0')} case $i: passed in 3 ms (12 of 12 assertions, snapshots matched: ok)"; done`,
  });

/** Eighteen 24 KB file writes, each followed by a 230 KB command output. */
const writesAndOutputs = () =>
  Array.from({ length: 18 }, (_, index) => [
    call('file', { action: 'write', path: `/home/ubuntu/docs/chapter-${index}.md`, text: document(index) }),
    bigCommand(index),
  ]).flat();

it('measures prefix reuse over 40 steps that write eighteen 24 KB files and read eighteen 230 KB outputs', async () => {
  await measure(
    'context-40-steps',
    '40 steps, eighteen 24 KB file writes and eighteen 230 KB command outputs',
    writesAndOutputs(),
    [10, 20, 40],
  );
});

/** Two skills (each a SKILL.md and a script) and three memories, all on. */
async function installKnowHow(harness: Harness): Promise<void> {
  const knowHow = new KnowHowRepository(harness.database);
  for (const name of ['release-notes', 'chapter-style']) {
    const description = `Writes ${name.replace('-', ' ')} the way this team likes them. Use when asked for ${name}.`;
    const manifest = `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n${'Follow these steps carefully. '.repeat(40)}\n`;
    await knowHow.skills.put({
      name,
      description,
      enabled: true,
      installedAt: 1,
      files: [
        { path: 'SKILL.md', bytes: new TextEncoder().encode(manifest) },
        { path: 'scripts/check.sh', bytes: new TextEncoder().encode('echo checked\n') },
      ],
    });
  }
  const memories = ['Prefers metric units', 'Writes in British English', 'Wants sources cited inline'];
  for (const [index, text] of memories.entries()) {
    const at = index + 1;
    await knowHow.memories.put({
      ...{ id: `m${at}`, text, source: { kind: 'person' }, enabled: true },
      ...{ createdAt: at, updatedAt: at },
    });
  }
}

it('measures prefix reuse over the same 40 steps with two skills and three memories, one skill read and run', async () => {
  const skill = '/home/ubuntu/skills/chapter-style';
  await measure(
    'context-40-steps-know-how',
    '40 steps with two skills and three memories (one skill read and its script run), seventeen 24 KB file writes and seventeen 230 KB command outputs',
    [
      call('file', { action: 'read', path: `${skill}/SKILL.md` }),
      call('shell', { action: 'exec', session: 'main', command: `bash ${skill}/scripts/check.sh` }),
      ...writesAndOutputs().slice(0, 34),
    ],
    [10, 20, 40],
    installKnowHow,
  );
  const first = harness?.server.requests[0]?.body as { messages: { content: string }[] } | undefined;
  const system = first?.messages[0]?.content;
  expect(system).toContain('<name>chapter-style</name>');
  expect(system).toContain('- Wants sources cited inline');
});
