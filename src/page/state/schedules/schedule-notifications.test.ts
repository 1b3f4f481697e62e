import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationStatus } from '@/shared/protocol/conversation.ts';
import { scheduledRunNotice } from './schedule-notifications.ts';

function run(status: ConversationStatus, scheduled = true): Conversation {
  return {
    id: 'c1',
    title: 'Weekly digest · Mon 09:00',
    status,
    createdAt: 1,
    updatedAt: 2,
    profileId: 'manus',
    ...(scheduled ? { scheduled: { scheduleId: 's1', dueAt: 1, late: false } } : {}),
  };
}

describe('scheduledRunNotice', () => {
  it('tells when a scheduled run finishes, fails or asks, tagged by conversation and status', () => {
    expect(scheduledRunNotice('running', run('done'))).toEqual({
      title: 'Weekly digest · Mon 09:00',
      body: 'The scheduled run finished.',
      tag: 'c1:done',
    });
    expect(scheduledRunNotice('running', run('error'))?.body).toBe('The scheduled run failed.');
    expect(scheduledRunNotice('running', run('asking'))?.tag).toBe('c1:asking');
  });

  it('stays quiet for runs not started by a schedule, unchanged or unknown statuses, and running', () => {
    expect(scheduledRunNotice('running', run('done', false))).toBeNull();
    expect(scheduledRunNotice('done', run('done'))).toBeNull();
    expect(scheduledRunNotice(undefined, run('done'))).toBeNull();
    expect(scheduledRunNotice('asking', run('running'))).toBeNull();
    expect(scheduledRunNotice('running', run('idle'))).toBeNull();
  });

  it('falls back to the schedule’s name for an untitled run', () => {
    expect(scheduledRunNotice('running', { ...run('done'), title: '' }, 'Weekly digest')?.title).toBe(
      'Weekly digest',
    );
  });
});
