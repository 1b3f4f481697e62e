import { strToU8, zipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { acknowledge, call, messagesOf, planNotes } from '../fixtures/scenarios.ts';
import { type AppHarness, SCREENSHOTS, showSettingsSection, startApp } from './app-harness.ts';
import { screenshotEverywhere } from './pwa-helpers.ts';

let harness: AppHarness;
beforeEach(async () => {
  harness = await startApp();
  await harness.configure();
});
afterEach(async () => {
  await harness.close();
});

const SKILL_BODY = 'To greet someone, run scripts/hello.sh with their name.';
const MANIFEST = `---\nname: greet-people\ndescription: Greets people warmly by name.\nlicense: MIT\n---\n# Greet people\n\n${SKILL_BODY}\n`;
const LOCATION = '/home/ubuntu/skills/greet-people/SKILL.md';

/** A skill zip made here (a folder of the skill's name, as other apps export it), as a file for the input. */
function zipFile(name: string, entries: Record<string, string>) {
  const zipped = zipSync(
    Object.fromEntries(Object.entries(entries).map(([path, text]) => [path, strToU8(text)])),
  );
  return { name, mimeType: 'application/zip', buffer: Buffer.from(zipped) };
}

async function openSkills(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await showSettingsSection(dialog, 'Skills');
  return dialog.getByRole('region', { name: 'Skills' });
}

const systemText = (request: { body: unknown } | undefined) =>
  messagesOf(request)
    .filter((message) => (message as { role?: string }).role === 'system')
    .map((message) => JSON.stringify((message as { content?: unknown }).content))
    .join('\n');

it('installs a skill zip in Settings → Skills; a new conversation announces it, reads its SKILL.md and runs its script; bad skills are refused with the reason', async () => {
  const { page, model } = harness;
  const skills = await openSkills(page);
  const zipInput = skills.getByLabel('Skill .zip to install');

  // Refused: no front matter, and a name with a space. Each says why; nothing is installed.
  await zipInput.setInputFiles(zipFile('bare.zip', { 'SKILL.md': '# Just a heading\n' }));
  const refusal = skills.getByRole('alert');
  await expect
    .poll(() => refusal.textContent())
    .toMatch(/^Not installed\. SKILL\.md must start with YAML front matter/);
  await zipInput.setInputFiles(
    zipFile('spaced.zip', { 'SKILL.md': '---\nname: greet people\ndescription: Greets.\n---\nHi\n' }),
  );
  await expect
    .poll(() => refusal.textContent())
    .toMatch(/The name "greet people" may hold only lowercase letters.*no spaces/);
  await skills.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}skills-refused-1440-light.png` });
  expect(await skills.getByRole('list', { name: 'Installed skills' }).count()).toBe(0);

  await zipInput.setInputFiles(
    zipFile('greet-people.zip', {
      'greet-people/SKILL.md': MANIFEST,
      'greet-people/scripts/hello.sh': 'echo "hello, $1, from the skill"\n',
    }),
  );
  const row = skills.getByRole('listitem').filter({ hasText: 'greet-people' });
  await row.waitFor();
  expect(await row.locator('.skill-description').textContent()).toBe('Greets people warmly by name.');
  expect(await row.locator('.skill-facts').textContent()).toMatch(/^License: MIT · 2 files · \d+ B$/);
  const toggle = row.getByRole('switch', { name: 'Use greet-people in new conversations' });
  expect(await toggle.isChecked()).toBe(true);

  // A second skill, switched off: it is installed but not announced.
  await zipInput.setInputFiles(
    zipFile('tidy-notes.zip', {
      'SKILL.md':
        '---\nname: tidy-notes\ndescription: Tidies markdown notes into sections.\n---\nSort them.\n',
    }),
  );
  const second = skills.getByRole('listitem').filter({ hasText: 'tidy-notes' });
  await second.getByRole('switch').uncheck();
  await expect.poll(() => second.getAttribute('class')).toContain('is-off');
  expect(
    await screenshotEverywhere(harness, 'skills-settings', () => skills.scrollIntoViewIfNeeded()),
  ).toEqual([]);
  await page.keyboard.press('Escape');

  model.setScript([
    acknowledge('On it: I will greet Ada with the greeting skill.'),
    planNotes(),
    call('file', { action: 'read', path: LOCATION }),
    call('shell', {
      action: 'exec',
      session: 'main',
      command: 'bash /home/ubuntu/skills/greet-people/scripts/hello.sh Ada',
    }),
    call('message', { type: 'result', text: 'Greeted Ada.' }),
  ]);
  await harness.sendTask('Greet Ada');
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 30_000 });

  const announced = systemText(model.requests[0]);
  expect(announced).toContain('<name>greet-people</name>');
  expect(announced).toContain('<description>Greets people warmly by name.</description>');
  expect(announced).toContain(`<location>${LOCATION}</location>`);
  expect(announced).not.toContain('tidy-notes');
  // The file tool read the body: the request after the read carries it, and none before.
  const carrying = (text: string) =>
    model.requests.findIndex((request) => JSON.stringify(messagesOf(request)).includes(text));
  const readAt = carrying(SKILL_BODY);
  expect(readAt).toBeGreaterThan(0);
  const calls = messagesOf(model.requests[readAt]).flatMap(
    (message) =>
      (message as { tool_calls?: { function: { name: string; arguments: string } }[] }).tool_calls ?? [],
  );
  const lastCall = calls.at(-1)?.function;
  expect([lastCall?.name, JSON.parse(lastCall?.arguments ?? '{}')]).toEqual([
    'file',
    { action: 'read', path: LOCATION },
  ]);
  // The script ran in the sandbox; its output is what the model saw next.
  expect(carrying('hello, Ada, from the skill')).toBe(readAt + 1);
});

it('offers the skill the agent drafted; Install puts it in Settings → Skills, switched on', async () => {
  const { page, model } = harness;
  const draft =
    '---\nname: weekly-report\ndescription: Writes the weekly status report from the notes.\n---\nCollect, then write.\n';
  model.setScript([
    acknowledge('On it: saving the weekly report as a skill.'),
    planNotes(),
    call('file', { action: 'write', path: '/home/ubuntu/skills-draft/weekly-report/SKILL.md', text: draft }),
    call('file', {
      action: 'write',
      path: '/home/ubuntu/skills-draft/Bad Draft/SKILL.md',
      text: '# no front matter\n',
    }),
    call('message', { type: 'result', text: 'Saved it as a skill draft.' }),
  ]);
  await harness.sendTask('Save how you write the weekly report as a skill');
  await page.locator('[data-action-type="message.result"]').waitFor({ timeout: 30_000 });

  const offers = page.getByRole('region', { name: 'Skills to install' });
  const card = offers.locator('.skill-offer').filter({ hasText: 'weekly-report' });
  await card.waitFor();
  expect(await card.textContent()).toContain(
    'The agent drafted a skill “weekly-report”: Writes the weekly status report from the notes.',
  );
  const invalid = offers.locator('.skill-offer').filter({ hasText: 'Bad Draft' });
  expect(await invalid.textContent()).toMatch(
    /cannot be installed: SKILL\.md must start with YAML front matter/,
  );
  expect(await screenshotEverywhere(harness, 'skills-draft-card')).toEqual([]);

  await card.getByRole('button', { name: 'Install the skill weekly-report' }).click();
  await expect
    .poll(() => offers.getByRole('status').textContent())
    .toMatch(/Installed the skill “weekly-report”, switched on/);
  expect(await card.count()).toBe(0);
  // The draft that cannot be installed is set aside with Not now.
  await invalid.getByRole('button', { name: 'Not now' }).click();
  expect(await invalid.count()).toBe(0);

  await offers.getByRole('button', { name: 'Settings → Skills' }).click();
  const skills = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Skills' });
  const row = skills.getByRole('listitem').filter({ hasText: 'weekly-report' });
  await row.waitFor();
  expect(await row.getByRole('switch').isChecked()).toBe(true);
});

it('offers to install a skill zip attached in the composer instead of attaching it; other zips stay attachments', async () => {
  const { page } = harness;
  const attach = page.getByLabel('Files to attach');
  // Named like a skill, but no SKILL.md inside: an ordinary attachment, no offer.
  await attach.setInputFiles(zipFile('greet-people.zip', { 'notes.txt': 'just notes' }));
  const chips = page.getByRole('list', { name: 'Attached files' });
  await chips.getByRole('listitem').filter({ hasText: 'greet-people.zip' }).waitFor();
  await page.waitForTimeout(300);
  expect(await page.getByRole('region', { name: 'Skills to install' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Remove greet-people.zip' }).click();

  // Named like nothing in particular: the bytes say it is a skill.
  await attach.setInputFiles(
    zipFile('download (3).zip', {
      'greet-people/SKILL.md': MANIFEST,
      'greet-people/scripts/hello.sh': 'echo hi\n',
    }),
  );
  const offers = page.getByRole('region', { name: 'Skills to install' });
  await offers.getByRole('button', { name: 'Install skill “greet-people”' }).click();
  await expect
    .poll(() => offers.getByRole('status').textContent())
    .toMatch(/Installed the skill “greet-people” instead of attaching download \(3\)\.zip/);
  expect(await chips.count()).toBe(0);
  const skills = await openSkills(page);
  expect(
    await skills.getByRole('switch', { name: 'Use greet-people in new conversations' }).isChecked(),
  ).toBe(true);
});
