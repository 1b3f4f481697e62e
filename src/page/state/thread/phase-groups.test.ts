import { describe, expect, it } from 'vitest';
import { conversation, planMeta } from '~/tests/fixtures/thread-log.ts';
import {
  groupThread,
  isGroupOpen,
  type PhaseGroup,
  phaseGroupCountText,
  type ThreadEntry,
  visibleEntries,
} from './phase-groups.ts';
import type { ThreadItem } from './thread-reducer.ts';

/** The entries as short strings: `[Title n steps status folded?]` for headers, `  key` for members, `key` otherwise. */
function outline(items: readonly ThreadItem[], entries: readonly ThreadEntry[]): string[] {
  return entries.map((entry) => {
    if (entry.kind === 'group') {
      const { title, stepCount, status, isFoldedByDefault } = entry.group;
      return `[${title} ${stepCount} ${status}${isFoldedByDefault ? ' folded' : ''}]`;
    }
    const item = items[entry.index];
    const name = item?.kind === 'action' ? item.actionType : item?.kind;
    return `${entry.groupKey ? '  ' : ''}${name}`;
  });
}

const groupsOf = (entries: readonly ThreadEntry[]): PhaseGroup[] =>
  entries.flatMap((entry) => (entry.kind === 'group' ? [entry.group] : []));

describe('groupThread', () => {
  it('groups steps under the phase they ran in; steps before the plan and the plan itself stay on their own', () => {
    const log = conversation();
    log.user('Build a notes app');
    log.info();
    log.step('file.read');
    log.plan(1);
    log.step('shell.exec');
    log.step('file.write');
    log.plan(2);
    log.info();
    log.step('file.edit');
    const items = log.items();
    expect(outline(items, groupThread(items, null))).toEqual([
      'user',
      'message.info',
      'file.read',
      'plan.update',
      '[Set up 3 completed folded]',
      '  shell.exec',
      '  file.write',
      '  plan.advance',
      '[Build 1 active]',
      '  message.info',
      '  file.edit',
    ]);
  });

  it('groups a small model’s steps under its phase of id 1111111111111111, and the header counts them', () => {
    // What llama.cpp's grammar lets a tiny model write for a phase id (16 digits at most), and
    // five progress lines as the phase's work: the header says they are there.
    const id = 1111111111111111;
    const titles = ['Write the haiku'];
    const log = conversation();
    log.user('Write a haiku about the sea');
    log.info();
    log.plan(id, titles, id);
    for (let count = 0; count < 5; count += 1) log.info();
    log.ask();
    const items = log.items();
    const entries = groupThread(items, planMeta(id, titles, id));
    expect(outline(items, entries)).toEqual([
      'user',
      'message.info',
      'plan.update',
      '[Write the haiku 0 active]',
      '  message.info',
      '  message.info',
      '  message.info',
      '  message.info',
      '  message.info',
      'message.ask',
    ]);
    const [group] = groupsOf(entries);
    expect(group?.phaseId).toBe(id);
    expect(group && phaseGroupCountText(group, true)).toBe('5 updates');
    expect(group && phaseGroupCountText({ ...group, updateCount: 1 }, false)).toBe('1 update');
    // Steps in it are what it counts; an empty group says so.
    expect(phaseGroupCountText({ stepCount: 3, updateCount: 2 }, true)).toBe('3 steps');
    expect(phaseGroupCountText({ stepCount: 0, updateCount: 0 }, true)).toBe('no steps yet');
  });

  it('takes statuses from the latest plan when given, and keeps the last phase open once the result finishes it', () => {
    const log = conversation();
    log.user('Task');
    log.plan(1);
    log.step();
    log.plan(2);
    log.step();
    log.plan(3);
    log.step();
    log.result();
    const items = log.items();
    expect(outline(items, groupThread(items, null))).toEqual([
      'user',
      'plan.update',
      '[Set up 2 completed folded]',
      '  shell.exec',
      '  plan.advance',
      '[Build 2 completed folded]',
      '  shell.exec',
      '  plan.advance',
      '[Ship 1 completed]',
      '  shell.exec',
      'message.result',
    ]);
    // The stored plan, newer than the log's last word: its statuses win.
    const stored = {
      ...planMeta(2),
      phases: planMeta(2).phases.map((phase) => ({ ...phase, status: 'blocked' as const })),
    };
    expect(groupsOf(groupThread(items, stored)).map((group) => group.status)).toEqual([
      'blocked',
      'blocked',
      'blocked',
    ]);
  });

  it('lets a question and its reply split a phase into two groups, each with its own key', () => {
    const log = conversation();
    log.user('Task');
    log.plan(1);
    log.step();
    const ask = log.ask();
    log.reply(ask);
    log.answer(ask);
    log.step();
    log.step();
    const items = log.items();
    const entries = groupThread(items, null);
    expect(outline(items, entries)).toEqual([
      'user',
      'plan.update',
      '[Set up 1 active]',
      '  shell.exec',
      'message.ask',
      'reply',
      '[Set up 2 active]',
      '  shell.exec',
      '  shell.exec',
    ]);
    const [first, second] = groupsOf(entries);
    expect(first?.key).not.toBe(second?.key);
  });

  it('starts a new segment at the person’s message; steps stamped with a phase already done stay on their own', () => {
    const log = conversation();
    log.user('Task');
    log.plan(1);
    log.step();
    log.result();
    log.user('One more thing');
    // Phase 1 was completed by the result: the follow-up's acknowledgment and new plan are not in it.
    log.info();
    log.plan(1, ['Footer']);
    log.step();
    const items = log.items();
    expect(outline(items, groupThread(items, null))).toEqual([
      'user',
      'plan.update',
      '[Set up 1 completed folded]',
      '  shell.exec',
      'message.result',
      'user',
      'message.info',
      'plan.update',
      '[Footer 1 active]',
      '  shell.exec',
    ]);
  });

  it('puts a notice between two members in their group, and leaves one at the end of a group outside it', () => {
    const log = conversation();
    log.user('Task');
    log.plan(1);
    log.step();
    log.notice();
    log.step();
    log.notice();
    const items = log.items();
    const entries = groupThread(items, null);
    expect(outline(items, entries)).toEqual([
      'user',
      'plan.update',
      '[Set up 2 active]',
      '  shell.exec',
      '  notice',
      '  shell.exec',
      'notice',
    ]);
    expect(groupsOf(entries)[0]?.memberKeys).toHaveLength(3);
  });

  it('counts the failed steps of a group, a stop aside', () => {
    const log = conversation();
    log.user('Task');
    log.plan(1);
    log.step();
    log.failed('execution');
    log.failed('cancelled');
    const group = groupsOf(groupThread(log.items(), null))[0];
    expect(group).toMatchObject({ stepCount: 3, failedCount: 1 });
  });

  it('keeps a group’s key while the thread grows, and counts its time until its last member ends', () => {
    const log = conversation();
    log.user('Task');
    log.plan(1);
    log.step();
    const before = groupsOf(groupThread(log.items(), null))[0];
    log.step();
    const after = groupsOf(groupThread(log.items(), null))[0];
    expect(after?.key).toBe(before?.key);
    expect(after?.stepCount).toBe(2);
    expect((after?.endedAt ?? 0) - (after?.startedAt ?? 0)).toBe(3_000);
  });

  it('settles the groups of a plan made anew: the phase it left unfinished pending, and folded', () => {
    const log = conversation();
    log.user('Task');
    log.plan(1);
    log.step();
    log.plan(1, ['Start over']);
    log.step();
    const items = log.items();
    expect(outline(items, groupThread(items, null))).toEqual([
      'user',
      'plan.update',
      '[Set up 2 pending folded]',
      '  shell.exec',
      '  plan.update',
      '[Start over 1 active]',
      '  shell.exec',
    ]);
  });
});

describe('groupThread: a new task with the same plan', () => {
  it('keeps the earlier task’s groups as they ended, not as the new plan’s phases of the same name', () => {
    const log = conversation();
    log.user('Task');
    log.plan(1);
    log.step();
    log.plan(2);
    log.step();
    log.result();
    log.user('Again');
    log.plan(1);
    log.step();
    const items = log.items();
    expect(outline(items, groupThread(items, planMeta(1)))).toEqual([
      'user',
      'plan.update',
      '[Set up 2 completed folded]',
      '  shell.exec',
      '  plan.advance',
      '[Build 1 completed folded]',
      '  shell.exec',
      'message.result',
      'user',
      'plan.update',
      '[Set up 1 active]',
      '  shell.exec',
    ]);
  });
});

describe('visibleEntries and isGroupOpen', () => {
  it('hides the members of folded groups, and follows the person’s choice over the default', () => {
    const log = conversation();
    log.user('Task');
    log.plan(1);
    log.step();
    log.plan(2);
    log.step();
    const items = log.items();
    const entries = groupThread(items, null);
    const [done, current] = groupsOf(entries);
    expect(isGroupOpen(done as PhaseGroup, {})).toBe(false);
    expect(isGroupOpen(current as PhaseGroup, {})).toBe(true);
    expect(
      outline(
        items,
        visibleEntries(entries, (group) => isGroupOpen(group, {})),
      ),
    ).toEqual(['user', 'plan.update', '[Set up 2 completed folded]', '[Build 1 active]', '  shell.exec']);
    const choices = { [done?.key ?? '']: true, [current?.key ?? '']: false };
    expect(
      outline(
        items,
        visibleEntries(entries, (group) => isGroupOpen(group, choices)),
      ),
    ).toEqual([
      'user',
      'plan.update',
      '[Set up 2 completed folded]',
      '  shell.exec',
      '  plan.advance',
      '[Build 1 active]',
    ]);
  });
});
