import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENMANUS_NOT_OFFERED, openManusProfile } from './openmanus-profile.ts';

type Schema = { description: string; parameters: Record<string, unknown> };
/** `to_param()` of each tool, dumped from OpenManus' own source (app/tool/*.py). */
const openManus = JSON.parse(
  readFileSync(new URL('../../../../tests/fixtures/openmanus-tool-schemas.json', import.meta.url), 'utf8'),
) as Record<string, Schema>;

const TOOLS = openManusProfile.tools;
const spec = (name: string) => openManusProfile.specs.find((entry) => entry.function.name === name)?.function;

describe('the OpenManus profile as the model sees it', () => {
  it('lists seed 002’s tools in its catalogue order, and neither computer_use nor sandbox_*', () => {
    expect(TOOLS.map((tool) => tool.name)).toEqual([
      'python_execute',
      'bash',
      'browser_use',
      'web_search',
      'crawl4ai',
      'str_replace_editor',
      'planning',
      'terminate',
      'ask_human',
      'create_chat_completion',
      'data_visualization',
    ]);
    expect(TOOLS.some((tool) => tool.name === 'computer_use' || tool.name.startsWith('sandbox_'))).toBe(
      false,
    );
    expect(openManusProfile.summary).toContain(OPENMANUS_NOT_OFFERED);
  });

  it.each(Object.keys(openManus))('gives %s OpenManus’ description and parameters word for word', (name) => {
    const expected = openManus[name]!;
    const actual = spec(name)!;
    expect(actual.description.trim()).toBe(expected.description.trim());
    if (name === 'bash') {
      // Seed 002 lists `restart` among bash's parameters (OpenManus' `execute` takes it); the rest is OpenManus'.
      const { restart, ...properties } = actual.parameters.properties as Record<string, unknown>;
      expect(restart).toEqual({ type: 'boolean', description: 'Reset session' });
      expect({ ...actual.parameters, properties }).toEqual(expected.parameters);
    } else {
      expect(actual.parameters).toEqual(expected.parameters);
    }
  });

  it('pins the system prompt, every description and every JSON Schema', () => {
    expect({
      systemPrompt: openManusProfile.systemPrompt,
      tools: openManusProfile.specs.map((entry) => entry.function),
    }).toMatchSnapshot();
  });

  it('forces no opening step; ask_human asks, terminate ends the run, planning changes the plan', () => {
    expect(openManusProfile.openingSteps).toEqual([]);
    const roleOf = (tool: string, actionType = tool) => openManusProfile.roleOf({ tool, actionType });
    expect(roleOf('ask_human')).toBe('ask');
    expect(roleOf('terminate')).toBe('result');
    expect(roleOf('planning', 'planning.mark_step')).toBe('plan');
    expect(roleOf('bash')).toBeNull();
    expect(roleOf('python_execute')).toBeNull();
    expect(roleOf('str_replace_editor', 'str_replace_editor.create')).toBeNull();
    expect(openManusProfile.runtimeAsk).toEqual({
      tool: 'ask_human',
      actionType: 'ask_human',
      metaKind: null,
    });
  });

  it('names each command of str_replace_editor and planning as its action', () => {
    const editor = openManusProfile.findTool('str_replace_editor')!;
    const prepared = editor.prepare(JSON.stringify({ command: 'undo_edit', path: '/home/ubuntu/a.txt' }));
    expect(prepared.ok && prepared.action.actionType).toBe('str_replace_editor.undo_edit');
    expect(openManusProfile.callShapes.map((shape) => shape.actionType)).toContain('planning.set_active');
  });
});
