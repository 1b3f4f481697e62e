import { describe, expect, it } from 'vitest';
import type { ToolOutcome } from '@/agent-worker/toolkit/define-tool.ts';
import { testToolContext } from '~/tests/fixtures/tool-context.ts';
import { messageTool } from './message.ts';

/** Runs a `message` call, with the role the Manus profile gives it. */
async function run(args: unknown): Promise<{ outcome: ToolOutcome; role: string | null }> {
  const prepared = messageTool.prepare(JSON.stringify(args));
  if (!prepared.ok) throw new Error(prepared.message);
  const outcome = await prepared.execute!(testToolContext());
  return { outcome, role: prepared.action.role };
}

describe('message tool', () => {
  it('info succeeds, informing without ending the run', async () => {
    expect(await run({ type: 'info', text: 'On it' })).toEqual({
      outcome: { status: 'success', content: 'On it', meta: { attachments: [] } },
      role: 'inform',
    });
  });

  it('ask suspends (its role) with the suggested action, normalising seed 001 and spelling variants', async () => {
    expect(await run({ type: 'ask', text: 'Go?', suggested_action: 'confirm' })).toMatchObject({
      outcome: { status: 'success', content: 'Go?', meta: { suggested_action: 'confirm' } },
      role: 'ask',
    });
    expect(await run({ type: 'ask', text: 'Go?', suggested_action: 'Take over browser' })).toMatchObject({
      outcome: { meta: { suggested_action: 'take_over_browser' } },
    });
    expect(await run({ type: 'ask', text: 'Go?' })).toMatchObject({
      outcome: { meta: { suggested_action: 'none' } },
    });
    expect(messageTool.prepare('{"type":"ask","text":"x","suggested_action":"dance"}').ok).toBe(false);
  });

  it('result ends the run (its role) and normalises attachments in the given order', async () => {
    const { outcome, role } = await run({
      type: 'result',
      text: 'Done',
      attachments: [
        '/home/ubuntu/report.md',
        { name: 'Site', path: 'https://example.org/' },
        { path: '/home/ubuntu/a.png', mime: 'image/png' },
      ],
    });
    expect(role).toBe('result');
    expect(outcome).toMatchObject({
      status: 'success',
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
    expect((await run({ type: 'info', text: '   ' })).outcome).toMatchObject({
      status: 'error',
      kind: 'validation',
    });
    const prepared = messageTool.prepare('{"text":"hi"}');
    expect(prepared.ok).toBe(false);
    expect(prepared.action.actionType).toBe('message');
  });
});
