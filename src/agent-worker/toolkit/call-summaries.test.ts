import { describe, expect, it } from 'vitest';
import { ActionVerb, cutSummary } from '../../shared/protocol/action-summary.ts';
import { TOOL_PROFILES } from '../profiles/index.ts';

const calls = TOOL_PROFILES.flatMap((profile) =>
  profile.tools.flatMap((tool) =>
    tool.callShapes.map((shape) => ({ profile, tool: tool.name, actionType: shape.actionType })),
  ),
);

describe('every action of every profile has words for the thread', () => {
  it.each(calls.map((call) => [call.profile.id, call.actionType, call] as const))(
    '%s: %s has a verb',
    (_id, _type, call) => {
      const summary = call.profile.summaryOf?.({
        tool: call.tool,
        actionType: call.actionType,
        arguments: {},
      });
      expect(summary, `${call.profile.id} has no summary for ${call.actionType}`).not.toBeNull();
      expect(ActionVerb.safeParse(summary?.verb).success).toBe(true);
    },
  );

  it('reads what the call acts on from its arguments, cut to one line', () => {
    const [manus, openManus, muxd] = TOOL_PROFILES;
    expect(
      manus?.summaryOf?.({
        tool: 'file',
        actionType: 'file.write',
        arguments: { action: 'write', path: '/home/ubuntu/notes-app/index.html' },
      }),
    ).toEqual({ verb: 'write', target: '/home/ubuntu/notes-app/index.html' });
    expect(
      manus?.summaryOf?.({
        tool: 'search',
        actionType: 'search.news',
        arguments: { type: 'news', queries: ['local-first apps', 'crdt'] },
      }),
    ).toEqual({ verb: 'search_web', target: 'local-first apps' });
    expect(
      openManus?.summaryOf?.({
        tool: 'bash',
        actionType: 'bash',
        arguments: { command: 'cat <<EOF > a.txt\nhello\nEOF' },
      }),
    ).toEqual({ verb: 'run', target: 'cat <<EOF > a.txt' });
    expect(
      openManus?.summaryOf?.({
        tool: 'browser_use',
        actionType: 'browser_use.click_element',
        arguments: { action: 'click_element', index: 4 },
      }),
    ).toEqual({ verb: 'use_browser', target: 'click element 4' });
    // Kept whole here: the runtime redacts secrets first, then cuts (cutSummary).
    const long = muxd?.summaryOf?.({
      tool: 'grep',
      actionType: 'grep',
      arguments: { pattern: 'x'.repeat(500) },
    });
    expect(long?.target).toHaveLength(500);
    expect(cutSummary(long!).target).toHaveLength(200);
  });

  it('has no words for a tool the profile does not have', () => {
    const [manus] = TOOL_PROFILES;
    expect(manus?.summaryOf?.({ tool: 'teleport', actionType: 'teleport', arguments: {} })).toBeNull();
  });
});
