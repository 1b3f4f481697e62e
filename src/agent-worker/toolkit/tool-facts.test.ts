import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { phrase } from '../../shared/protocol/action-summary.ts';
import { ownWords, summaryText } from '../../shared/protocol/action-words.ts';
import { defineTool } from './define-tool.ts';
import { withTarget } from './label-rules.ts';
import { defineProfile } from './profile.ts';

const NOTE_WORDS = phrase('quote', 'Noting {}', 'Noted {}', ['Noting', 'Noted']);

/** A tool of two actions, declaring everything the app needs of each in its one object. */
const notesTool = defineTool({
  name: 'notes',
  description: 'Keeps notes.',
  metaKind: null,
  parameters: z.object({ action: z.enum(['add', 'show']), text: z.string().optional() }),
  actionKey: 'action',
  actions: {
    add: {
      label: (args) => ownWords(NOTE_WORDS, args.text),
      role: 'inform',
      effect: 'changes_workspace',
      restorable: [{ field: 'text', pathField: 'path', verb: 'noted in', minChars: 10 }],
    },
    show: { label: withTarget('read', 'path'), effect: 'reads' },
  },
  execute: () => ({ status: 'success', content: 'ok', meta: {} }),
});

describe('a tool’s facts', () => {
  it('label, role, effect and restorable texts per action, read by the profile without a table', () => {
    const profile = defineProfile({
      id: 'notes',
      title: 'Notes',
      systemPrompt: 'Notes.',
      tools: [notesTool],
      openingSteps: [],
      runtimeAsk: { tool: 'notes', actionType: 'notes.add', metaKind: null },
      notes: { noToolCall: '', compaction: '' },
    });
    const add = { tool: 'notes', actionType: 'notes.add', arguments: { text: 'milk' } };
    expect(profile.summaryOf(add)).toEqual({ verb: 'use_tool', target: 'milk', words: NOTE_WORDS });
    expect(profile.roleOf(add)).toBe('inform');
    expect(profile.roleOf({ tool: 'notes', actionType: 'notes.show' })).toBeNull();
    expect(notesTool.effectOf('notes.add')).toBe('changes_workspace');
    expect(notesTool.effectOf('notes.show')).toBe('reads');
    expect(profile.restorableArguments).toEqual([
      { actionType: 'notes.add', field: 'text', pathField: 'path', verb: 'noted in', minChars: 10 },
    ]);
    // An action the tool does not have has no label and no role.
    expect(profile.summaryOf({ tool: 'notes', actionType: 'notes.drop', arguments: {} })).toBeNull();
  });

  it('says its own words while running and once done', () => {
    const prepared = notesTool.prepare(JSON.stringify({ action: 'add', text: 'milk' }));
    expect(prepared.ok && prepared.action.description).toBe('Noting “milk”');
    if (!prepared.ok) throw new Error('Expected a prepared call.');
    expect(summaryText(prepared.action.summary!, true)).toBe('Noted “milk”');
  });

  it('refuses, as its module loads, a tool with an action that has no facts', () => {
    expect(() =>
      defineTool({
        name: 'half',
        description: 'Half declared.',
        metaKind: null,
        parameters: z.object({ action: z.enum(['one', 'two']) }),
        actionKey: 'action',
        actions: { one: { label: 'check', effect: 'reads' } },
      }),
    ).toThrow('Tool half declares no facts for two.');
  });
});
