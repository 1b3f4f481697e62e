import { describe, expect, it } from 'vitest';
import type { Envelope } from '@/shared/protocol/envelope.ts';
import type { EventBody, StoredEvent } from '@/shared/protocol/events.ts';
import { manusProfile } from '../../profiles/manus/manus-profile.ts';
import { buildMessages } from './context-builder.ts';
import { estimateTokens, KEEP_RECENT_OBSERVATIONS, planCompaction } from './context-compaction.ts';
import {
  compactedArguments,
  fullObservation,
  needsSavedObservation,
  OBSERVATION_INLINE_LIMIT,
  observationFor,
  observationPath,
} from './observation.ts';

/** The Manus profile's texts around a test system prompt. */
const texts = (systemPrompt: string) => ({ systemPrompt, compactionNote: manusProfile.notes.compaction });

const shellEnvelope = (uuid: string, stdout: string): Envelope => ({
  uuid,
  status: 'success',
  content: 'Exited with code 0 in session main.',
  meta: { action_type: 'shell.exec', tool: 'shell', session: 'main', exit_code: 0, stdout, stderr: '' },
});

/** A log of `count` shell steps, each printing `size` characters. */
function shellLog(count: number, size: number): StoredEvent[] {
  const bodies: EventBody[] = [{ type: 'user_message', text: 'task' }];
  for (let step = 0; step < count; step += 1) {
    const id = `call_${step}`;
    bodies.push(
      {
        type: 'assistant_turn',
        text: '',
        toolCalls: [{ id, name: 'shell', arguments: '{}' }],
        usage: null,
        model: 'm',
      },
      { type: 'envelope', envelope: shellEnvelope(`u${step}`, `${step}:`.padEnd(size, 'x')), toolCallId: id },
    );
  }
  return bodies.map((body, seq) => ({ conversationId: 'c', seq, at: seq, body }));
}

describe('observations', () => {
  it('keeps an observation under the inline limit whole', () => {
    const envelope = shellEnvelope('u1', 'hello\n');
    expect(observationFor(envelope, null)).toBe(fullObservation(envelope));
    expect(needsSavedObservation(envelope, null)).toBe(false);
  });

  it('shows an oversized observation as head and tail with its short fields and the path of the whole', () => {
    const stdout = `HEAD${'m'.repeat(40_000)}TAIL`;
    const envelope = shellEnvelope('big', stdout);
    const shown = observationFor(envelope, null);
    expect(shown.length).toBeLessThan(OBSERVATION_INLINE_LIMIT);
    const parsed = JSON.parse(shown);
    expect(parsed.full_observation).toBe(observationPath('big'));
    expect(parsed.meta).toMatchObject({ session: 'main', exit_code: 0, stderr: '' });
    expect(parsed.meta.stdout).toMatch(/^HEAD/);
    expect(parsed.meta.stdout).toMatch(/TAIL$/);
    expect(parsed.meta.stdout).toContain('characters cut]');
    expect(needsSavedObservation(envelope, null)).toBe(true);
    // Deterministic: the same envelope always renders to the same bytes.
    expect(observationFor(envelope, null)).toBe(shown);
  });

  it('compacts a bulky observation harder once a compaction covers it, but leaves small ones whole', () => {
    const bulky = shellEnvelope('b', 'y'.repeat(5_000));
    const small = shellEnvelope('s', 'ok\n');
    expect(observationFor(bulky, null)).toBe(fullObservation(bulky));
    expect(observationFor(bulky, null, true).length).toBeLessThan(800);
    expect(JSON.parse(observationFor(bulky, null, true)).full_observation).toBe(observationPath('b'));
    expect(observationFor(small, null, true)).toBe(fullObservation(small));
  });

  it('keeps the person’s reply to a question whole, and cuts only a question too long (found by the runtime fuzz)', () => {
    // As the runtime records it: the reply is the content, and again in `meta.reply`.
    const answered = (question: string, reply: string): Envelope => ({
      uuid: 'q',
      status: 'success',
      content: reply,
      meta: { action_type: 'message.ask', tool: 'message', question, reply },
    });
    const longReply = answered('Which one?', 'log "line"\n'.repeat(5_000));
    expect(observationFor(longReply, 'ask')).toBe(fullObservation(longReply));
    expect(observationFor(longReply, 'ask', true)).toBe(fullObservation(longReply));
    expect(needsSavedObservation(longReply, 'ask')).toBe(false);
    const runaway = answered(`HEAD${'é'.repeat(1_000_000)}`, 'Go on.');
    const shown = JSON.parse(observationFor(runaway, 'ask'));
    expect(shown.content).toBe('Go on.');
    expect(shown.meta.reply).toBe('Go on.');
    expect(shown.meta.question).toMatch(/^HEADé+\n… \[\d+ characters cut\] …\né+$/);
    expect(shown.full_observation).toBe(observationPath('q'));
    expect(needsSavedObservation(runaway, 'ask')).toBe(true);
  });

  it('cuts a long list to the items that fit and counts the rest', () => {
    const results = Array.from({ length: 500 }, (_, index) => ({
      path: `/home/ubuntu/f${index}.ts`,
      line: index,
    }));
    const envelope: Envelope = {
      uuid: 'm',
      status: 'success',
      content: '500 matches',
      meta: { action_type: 'match.grep', tool: 'match', results },
    };
    const parsed = JSON.parse(observationFor(envelope, null));
    expect(parsed.meta.results[0]).toEqual(results[0]);
    expect(parsed.meta.results.at(-1)).toMatch(/^… \d+ more items in the full observation$/);
  });

  it('compacts a call nested 10,000 deep without running out of stack (found by the runtime fuzz)', () => {
    let deep = '"x"';
    for (let level = 0; level < 10_000; level += 1) deep = `{"a":[${deep}]}`;
    const compacted = JSON.parse(compactedArguments(`{"path":"/home/ubuntu/a.txt","value":${deep}}`));
    expect(compacted.path).toBe('/home/ubuntu/a.txt');
    expect(JSON.stringify(compacted)).toContain('nested too deep to show');
  });
});

/** Trigger at 96k tokens (75% of the window). */
const LIMITS = { contextWindowTokens: 128_000, compactAtTokens: 128_000 };

describe('planCompaction', () => {
  it('waits until compacting would win back a good share of the trigger', () => {
    expect(planCompaction(shellLog(20, 2_000), 100_000, LIMITS)).toBeNull();
  });

  it('triggers at the token mark from settings when it comes before 75% of the window', () => {
    const events = shellLog(20, 8_000);
    expect(planCompaction(events, 70_000, LIMITS)).toBeNull();
    expect(planCompaction(events, 70_000, { ...LIMITS, compactAtTokens: 64_000 })).not.toBeNull();
  });

  it('does nothing below the trigger share of the window', () => {
    expect(planCompaction(shellLog(20, 8_000), 1_000, LIMITS)).toBeNull();
  });

  it('covers everything before the recent working set and lists bulky observations not yet saved', () => {
    const events = shellLog(20, 8_000);
    const plan = planCompaction(events, 100_000, LIMITS);
    const observations = events.filter((event) => event.body.type === 'envelope');
    const firstKept = observations.at(-KEEP_RECENT_OBSERVATIONS)!;
    expect(plan?.throughSeq).toBe(firstKept.seq - 1);
    expect(plan?.toSave.map((envelope) => envelope.uuid)).toEqual(
      Array.from({ length: 20 - KEEP_RECENT_OBSERVATIONS }, (_, index) => `u${index}`),
    );
  });

  it('does not compact when nothing outside the working set is bulky', () => {
    expect(planCompaction(shellLog(20, 100), 100_000, LIMITS)).toBeNull();
  });

  it('leaves what an earlier compaction covered to it', () => {
    const events = shellLog(20, 8_000);
    const first = planCompaction(events, 100_000, LIMITS)!;
    const compacted: StoredEvent[] = [
      ...events,
      {
        conversationId: 'c',
        seq: events.length,
        at: 0,
        body: {
          type: 'compaction',
          throughSeq: first.throughSeq,
          estimatedTokens: 1,
          contextWindowTokens: 1,
        },
      },
    ];
    expect(planCompaction(compacted, 100_000, LIMITS)).toBeNull();
  });

  it('estimates from characters, or from the reported count plus what was added since', () => {
    expect(estimateTokens(3_500, null)).toBe(1_000);
    expect(estimateTokens(7_000, { contextChars: 3_500, promptTokens: 1_500 })).toBe(2_500);
  });
});

describe('compactedArguments', () => {
  it('keeps the path of a big file.write and only the ends of its text', () => {
    const args = JSON.stringify({
      action: 'write',
      path: '/home/ubuntu/app.js',
      text: `START${'z'.repeat(9_000)}END`,
    });
    const compacted = JSON.parse(compactedArguments(args));
    expect(compacted.path).toBe('/home/ubuntu/app.js');
    expect(compacted.text).toMatch(/^START[\s\S]*characters cut[\s\S]*END$/);
    expect(compacted.text.length).toBeLessThan(500);
  });

  it('leaves small or non-JSON arguments as they are', () => {
    expect(compactedArguments('{"action":"view"}')).toBe('{"action":"view"}');
    const broken = `{"text": "${'a'.repeat(2_000)}`;
    expect(compactedArguments(broken)).toBe(broken);
  });
});

describe('buildMessages with a compaction', () => {
  it('keeps the prefix before the first covered observation and shortens the covered ones', () => {
    const events = shellLog(20, 8_000);
    const plan = planCompaction(events, 100_000, LIMITS)!;
    const before = buildMessages(texts('S'), events);
    const after = buildMessages(texts('S'), [
      ...events,
      {
        conversationId: 'c',
        seq: events.length,
        at: 0,
        body: {
          type: 'compaction',
          throughSeq: plan.throughSeq,
          ...{ estimatedTokens: 1, contextWindowTokens: 1 },
        },
      },
    ]);
    // System prompt, task and first call unchanged; the first observation is now an excerpt.
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
    expect(JSON.stringify(after[3]).length).toBeLessThan(JSON.stringify(before[3]).length / 4);
    // The recent working set is whole, and a runtime note explains the excerpts.
    expect(after.at(-2)).toEqual(before.at(-1));
    expect(String(after.at(-1)?.content)).toMatch(/full_observation file/);
  });
});

describe('a compaction over digested writes', () => {
  /** `count` steps that each write ~8 KB to a file and print a short line. */
  function writeLog(count: number): StoredEvent[] {
    const bodies: EventBody[] = [{ type: 'user_message', text: 'task' }];
    for (let step = 0; step < count; step += 1) {
      const write = `w${step}`;
      const text = Array.from({ length: 160 }, (_, line) => `step ${step} line ${line}: lorem ipsum dolor`);
      bodies.push(
        {
          type: 'assistant_turn',
          text: '',
          toolCalls: [
            {
              id: write,
              name: 'file',
              arguments: JSON.stringify({
                action: 'write',
                path: `/home/ubuntu/f${step}.md`,
                text: text.join('\n'),
              }),
            },
          ],
          usage: null,
          model: 'm',
        },
        {
          type: 'envelope',
          toolCallId: write,
          envelope: {
            uuid: `u${step}`,
            status: 'success',
            content: 'Wrote it.',
            meta: { action_type: 'file.write', tool: 'file', path: `/home/ubuntu/f${step}.md` },
          },
        },
      );
    }
    return bodies.map((body, seq) => ({ conversationId: 'c', seq, at: seq, body }));
  }
  const rules = manusProfile.restorableArguments!;

  it('counts nothing to win back from a write already shown as its digest', () => {
    const events = writeLog(30);
    expect(planCompaction(events, 100_000, LIMITS)).not.toBeNull();
    expect(planCompaction(events, 100_000, LIMITS, rules)).toBeNull();
  });

  it('leaves a digested write byte for byte as it was', () => {
    const events = writeLog(30);
    const withDigests = { ...texts('S'), restorableArguments: rules };
    const compaction: StoredEvent = {
      conversationId: 'c',
      seq: events.length,
      at: 0,
      body: { type: 'compaction', throughSeq: events.length - 1, estimatedTokens: 1, contextWindowTokens: 1 },
    };
    const before = buildMessages(withDigests, events);
    expect(buildMessages(withDigests, [...events, compaction]).slice(0, -1)).toEqual(before);
  });
});
