import { describe, expect, it } from 'vitest';
import type { ToolOutcome } from './define-tool.ts';
import { messageTool } from './message.ts';

async function run(args: unknown): Promise<ToolOutcome> {
  const prepared = messageTool.prepare(JSON.stringify(args));
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.call.execute({
    conversationId: 'c',
    uuid: 'u',
    plan: null,
    signal: new AbortController().signal,
    now: () => 0,
    sandbox: () => Promise.reject(new Error('message never opens the sandbox')),
    reportOutput: () => undefined,
  });
}

describe('message tool', () => {
  it('info succeeds without ending the run', async () => {
    expect(await run({ type: 'info', text: 'On it' })).toMatchObject({
      status: 'success',
      content: 'On it',
      endsRun: false,
    });
  });

  it('ask suspends with the suggested action, normalising seed 001 and spelling variants', async () => {
    expect(await run({ type: 'ask', text: 'Go?', suggested_action: 'confirm' })).toMatchObject({
      status: 'asking',
      meta: { suggested_action: 'confirm' },
    });
    expect(await run({ type: 'ask', text: 'Go?', suggested_action: 'Take over browser' })).toMatchObject({
      meta: { suggested_action: 'take_over_browser' },
    });
    expect(await run({ type: 'ask', text: 'Go?' })).toMatchObject({ meta: { suggested_action: 'none' } });
    expect(messageTool.prepare('{"type":"ask","text":"x","suggested_action":"dance"}').ok).toBe(false);
  });

  it('result ends the run and normalises attachments in the given order', async () => {
    const outcome = await run({
      type: 'result',
      text: 'Done',
      attachments: [
        '/home/ubuntu/report.md',
        { name: 'Site', path: 'https://example.org/' },
        { path: '/home/ubuntu/a.png', mime: 'image/png' },
      ],
    });
    expect(outcome).toMatchObject({
      status: 'success',
      endsRun: true,
      meta: {
        attachments: [
          { name: 'report.md', path: '/home/ubuntu/report.md', mime: 'text/markdown' },
          { name: 'Site', path: 'https://example.org/', mime: 'text/uri-list' },
          { name: 'a.png', path: '/home/ubuntu/a.png', mime: 'image/png' },
        ],
      },
    });
  });

  it('refuses empty text and a missing type', async () => {
    expect(await run({ type: 'info', text: '   ' })).toMatchObject({ status: 'error', kind: 'validation' });
    const prepared = messageTool.prepare('{"text":"hi"}');
    expect(prepared.ok).toBe(false);
    if (!prepared.ok) expect(prepared.actionType).toBe('message');
  });
});
