import { expect, it } from 'vitest';
import { testToolContext } from '~/tests/fixtures/tool-context.ts';
import { askHumanTool } from './ask-human.ts';

async function ask(inquire: string) {
  const prepared = askHumanTool.prepare(JSON.stringify({ inquire }));
  if (!prepared.ok || !prepared.execute) throw new Error('Expected a prepared call.');
  return prepared.execute(testToolContext());
}

it('asks the question, and refuses a blank one instead of suspending the run on it', async () => {
  expect(await ask('Which file?')).toMatchObject({ status: 'success', content: 'Which file?' });
  expect(await ask(' \n\t')).toMatchObject({ status: 'error', kind: 'validation' });
});
