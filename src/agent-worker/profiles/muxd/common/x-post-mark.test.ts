import { describe, expect, it } from 'vitest';
import type { Schedule } from '@/shared/protocol/schedules.ts';
import { xPostMark, xPostMarkAfterEdit, xPostPrompt } from './x-post-mark.ts';

const post = (changes: Partial<Schedule>): Schedule =>
  ({
    type: 'cron',
    cron: '0 30 18 * * *',
    repeat: true,
    prompt: xPostPrompt('hello'),
    mark: xPostMark({ text: 'hello', recurrence: 'daily' }),
    ...changes,
  }) as Schedule;

describe('xPostMarkAfterEdit', () => {
  it('reads the text back from the prompt and the recurrence from the timing', () => {
    expect(xPostMarkAfterEdit(post({}))).toEqual({ text: 'hello', recurrence: 'daily' });
    expect(xPostMarkAfterEdit(post({ cron: '0 0 * * * *' }))).toEqual({
      text: 'hello',
      recurrence: 'hourly',
    });
    expect(xPostMarkAfterEdit(post({ repeat: false, cron: '0 0 9 24 11 *' }))?.recurrence).toBe('once');
    expect(xPostMarkAfterEdit(post({ prompt: xPostPrompt('a\nb') }))?.text).toBe('a\nb');
    expect(xPostMarkAfterEdit(post({ prompt: xPostPrompt('\n  spaced  ') }))?.text).toBe('spaced');
  });

  it('drops the mark when the schedule is no longer an X post in x_schedule’s terms', () => {
    expect(xPostMarkAfterEdit(post({ mark: undefined }))).toBeUndefined();
    expect(xPostMarkAfterEdit(post({ prompt: 'something else' }))).toBeUndefined();
    expect(xPostMarkAfterEdit(post({ prompt: xPostPrompt('   ') }))).toBeUndefined();
    expect(xPostMarkAfterEdit(post({ prompt: xPostPrompt('x'.repeat(281)) }))).toBeUndefined();
    expect(xPostMarkAfterEdit(post({ prompt: xPostPrompt('x'.repeat(280)) }))?.text).toHaveLength(280);
    expect(xPostMarkAfterEdit(post({ cron: '0 30 18 * * 1' }))).toBeUndefined();
    expect(
      xPostMarkAfterEdit(post({ type: 'interval', cron: undefined, intervalSeconds: 3600 })),
    ).toBeUndefined();
  });
});
