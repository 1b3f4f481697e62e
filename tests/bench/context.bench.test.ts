import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/protocol/settings.ts';
import { acknowledge, call, NOTES_TASK, planNotes } from '../fixtures/scenarios.ts';
import type { ScriptedTurn } from '../fixtures/scripted-llm-server.ts';
import { COMPACTION_NOTE_MARK, createHarness, type Harness } from '../integration/harness.ts';

/**
 * Context engineering, measured on a 60-step scripted task whose steps print large shell
 * outputs and read large files, through the real runtime and `openai` client (Node,
 * fake-indexeddb). Prints (a) the share of each request's prompt (tools + messages, as
 * sent) that is a byte-identical prefix of the next request, averaged — the KV-cache
 * reuse a provider can get; and (b) the prompt size at steps 10, 30 and 60. Default
 * settings: a 128k-token window, compaction from 64k tokens. Asserts only that the run completed.
 */
const STEPS = 60;
let harness: Harness;

beforeAll(async () => {
  harness = await createHarness({ stepBudget: 1000 });
});
afterAll(async () => {
  await harness.close();
});

/** Each third step: a build printing ~20 KB that also writes a ~27 KB data file; reading that file; writing a ~4 KB source file. */
function workStep(index: number): ScriptedTurn {
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

function commonPrefixLength(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a.charCodeAt(index) === b.charCodeAt(index)) index += 1;
  return index;
}

it(`measures prefix reuse and prompt growth over a ${STEPS}-step task`, async () => {
  const work = Array.from({ length: STEPS - 4 }, (_, index) => workStep(index));
  harness.server.setScript([
    acknowledge(),
    planNotes(),
    ...work,
    call('plan', { action: 'advance', current_phase_id: 1, next_phase_id: 2 }),
    call('message', { type: 'result', text: 'Finished.' }),
  ]);
  const id = await harness.runtime.startConversation(NOTES_TASK);
  await harness.runtime.idle(id);
  expect(harness.server.requests).toHaveLength(STEPS);

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
  const compactedAt = prompts.flatMap((prompt, index) =>
    prompt.includes(COMPACTION_NOTE_MARK) && !prompts[index - 1]?.includes(COMPACTION_NOTE_MARK)
      ? [index + 1]
      : [],
  );
  const sizeAt = (step: number) => {
    const chars = prompts[step - 1]!.length;
    return `${(chars / 1024).toFixed(1)} KB (~${Math.round(chars / 3.5 / 1000)}k tokens)`;
  };
  console.log(
    [
      `context (${STEPS} steps, large shell outputs and file reads, window 128000 tokens, compaction from ${DEFAULT_SETTINGS.compactAtTokens})`,
      `  byte-identical prefix shared with the next request: average ${(average * 100).toFixed(2)}%, lowest ${(Math.min(...shares) * 100).toFixed(1)}% (target ≥ 98%)`,
      `  prompt size: step 10 ${sizeAt(10)}, step 30 ${sizeAt(30)}, step 60 ${sizeAt(60)}; largest ${(Math.max(...prompts.map((prompt) => prompt.length)) / 1024).toFixed(1)} KB`,
      `  compactions: ${compactions.length}${compactedAt.length > 0 ? ` (before requests ${compactedAt.join(', ')})` : ''}`,
    ].join('\n'),
  );
});
