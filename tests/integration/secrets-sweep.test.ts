import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactedSecret } from '../../src/agent-worker/toolkit/ports/secrets-port.ts';
import { mcpTokenSecrets } from '../../src/shared/protocol/mcp.ts';
import { EventRepository } from '../../src/shared/storage/event-repository.ts';
import { KnowHowRepository } from '../../src/shared/storage/know-how-repository.ts';
import { SettingsRepository } from '../../src/shared/storage/settings-repository.ts';
import { WorkspaceHistory } from '../../src/shared/storage/workspace-history.ts';
import { type ConfiguredSecret, type SecretSet, sweepSecrets } from '../fixtures/secrets/secret-set.ts';
import { openSweepEnvironment, type SweepEnvironment } from '../fixtures/secrets/sweep-environment.ts';
import { firingScript, manusScript, muxdScript, openManusScript } from '../fixtures/secrets/sweep-scripts.ts';
import { type Hit, type Place, placeFigures, sweep, textPlace } from '../fixtures/secrets/sweeper.ts';

/**
 * Issue 16's secrets sweep: every kind of key configured (both providers', every search,
 * media and X tool key, an MCP bearer token, an MCP OAuth sign-in), every keyed service
 * quoting the key it gets, runs in three profiles using each tool family that reads a key,
 * a sub-agent and a schedule's firing; then everything the app stores or emits (every
 * table but `settings`, broadcasts, console, diagnostics, the model's requests, every
 * bundle and workspace zip, entries decompressed) is searched for every key in every
 * spelling. Figures are printed; the goal is 0 hits. A control plants a key and finds it.
 */

/**
 * Swept, but never sent anywhere by these runs: no run edits an image, and the refreshed
 * refresh token is never used. Listed in the figures.
 */
const NOT_SENT = new Set(['tool:media_image_edit', 'mcp-oauth:refreshed_refresh_token']);
/** Sent (to the token endpoint, by the SDK) but never quoted back into a run. */
const NOT_QUOTED = new Set(['mcp-oauth:refresh_token', 'mcp-oauth:client_secret']);

/** The media client hides its own key as `[key]` in what a server says, before the run's redaction. */
const HIDDEN_BY_THEIR_CLIENT: Readonly<Record<string, string>> = {
  'tool:media_image': 'Rejected the request made with Bearer [key].',
  'tool:media_speech': 'Incorrect API key provided: [key].',
};

let secrets: SecretSet;
let environment: SweepEnvironment;
let swept: ConfiguredSecret[];
let places: Place[];
let hits: Hit[];
const runs: { profile: string; id: string }[] = [];

async function runScripted(profileId: string, text: string, projectId?: string): Promise<string> {
  const id = await environment.runtime.startConversation(text, {
    profileId,
    ...(projectId ? { projectId } : {}),
  });
  await environment.runtime.idle(id);
  runs.push({ profile: profileId, id });
  return id;
}

beforeAll(async () => {
  secrets = sweepSecrets();
  environment = await openSweepEnvironment(secrets);
  const { runtime, database } = environment;
  const keys = secrets.toolKeys;
  // A skill, a project and a memory, so their tables (and the start contexts that copy them) are swept too.
  const knowHow = new KnowHowRepository(database);
  const bytes = (text: string) => new TextEncoder().encode(text);
  await knowHow.skills.put({
    ...{ name: 'reef-notes', description: 'Notes about reefs.', enabled: true, installedAt: 1 },
    files: [
      { path: 'SKILL.md', bytes: bytes('---\nname: reef-notes\ndescription: Notes about reefs.\n---\n') },
    ],
  });
  await knowHow.projects.put({
    ...{ id: 'reefs', name: 'Reefs', instructions: 'Cite sources.', createdAt: 1, updatedAt: 1 },
    files: [{ path: 'sources.md', bytes: bytes('- NOAA\n') }],
  });
  await knowHow.memories.put({
    ...{ id: 'm1', text: 'Prefers metric units', source: { kind: 'person' }, enabled: true },
    ...{ createdAt: 1, updatedAt: 1 },
  });

  environment.script(manusScript(keys.tavily ?? ''));
  await runScripted('manus', 'Find out about coral reefs');

  const [schedule] = await runtime.schedules.list();
  if (!schedule) throw new Error('The Manus run made no schedule.');
  environment.script(firingScript(secrets));
  const fired = await runtime.schedules.runNow(schedule.id);
  await runtime.idle(fired);
  runs.push({ profile: 'manus (schedule firing)', id: fired });

  environment.script(openManusScript(keys.media_speech ?? ''));
  await runScripted('openmanus', 'Research coral reefs', 'reefs');

  const settings = new SettingsRepository(database);
  await settings.putAgentSettings({ ...(await settings.getAgentSettings()), activeProviderId: 'second' });
  environment.script(muxdScript(secrets, keys.x_token ?? ''));
  await runScripted('muxd', 'Look into coral reefs');

  // A fork of the first run, rewound: its rows (the stash of what the rewind set aside) are swept too.
  const [first] = runs;
  const marks = (await new WorkspaceHistory(database).checkpoints(first?.id ?? '')).filter(
    (mark) => mark.uuid,
  );
  const forkId = await runtime.checkpoints.fork(
    first?.id ?? '',
    marks[Math.floor(marks.length / 2)]?.seq ?? 0,
  );
  const forkMarks = await new WorkspaceHistory(database).checkpoints(forkId);
  await runtime.checkpoints.rewind(forkId, forkMarks[1]?.seq ?? 0);

  // Every secret the settings hold after the runs too (tokens refreshed during a run).
  const after = await settings.getAgentSettings();
  const known = new Set(secrets.all.map((secret) => secret.value));
  const saved = Object.entries({ ...after.toolKeys, ...mcpTokenSecrets(after.mcpServers) });
  swept = [
    ...secrets.all,
    ...saved
      .filter(([, value]) => !known.has(value))
      .map(([name, value]) => ({ label: `saved after the runs: ${name}`, value })),
  ];
  places = await environment.collect();
  hits = sweep(places, swept);
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

/** `places` counted by a part of where they are, as `name n, name n`. */
function countBy(chosen: readonly Place[], part: (where: string) => string): string {
  const counts = new Map<string, number>();
  for (const place of chosen) counts.set(part(place.where), (counts.get(part(place.where)) ?? 0) + 1);
  return [...counts].map(([name, count]) => `${name} ${count}`).join(', ');
}

/** Prints the figures (the console is mocked until the environment closes, so straight to stdout). */
function report(): void {
  const byKind = placeFigures(places);
  const totalBytes = Object.values(byKind).reduce((sum, figure) => sum + figure.bytes, 0);
  const lines = [
    '[secrets-sweep] figures',
    `  secrets searched for: ${swept.length} (${swept.map((secret) => secret.label).join(', ')})`,
    `  configured but never sent by these runs: ${[...NOT_SENT].join(', ')}`,
    `  runs: ${runs.map((run) => run.profile).join(', ')}`,
    `  places searched: ${places.length}, bytes searched: ${totalBytes}`,
    ...Object.entries(byKind).map(
      ([kind, figure]) => `    ${kind}: ${figure.places} places, ${figure.bytes} bytes`,
    ),
    `  rows by table (every table but settings): ${countBy(
      places.filter((place) => place.kind === 'row'),
      (where) => where.split('/')[0] ?? '',
    )}`,
    `  broadcasts by type: ${countBy(
      places.filter((place) => place.kind === 'broadcast'),
      (where) => where.split('/')[0]?.replace('broadcast ', '') ?? '',
    )}`,
    `  bundles: ${places
      .filter((place) => place.kind === 'bundle')
      .map((place) => place.where)
      .join('; ')}`,
    `  hits: ${hits.length} (goal 0)`,
    ...hits.map((hit) => `    ${hit.secret} (${hit.spelling}) in ${hit.kind}: ${hit.where}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

describe('the secrets sweep', () => {
  it('ran every tool family that reads a key, and both providers failed quoting theirs', async () => {
    const outcomes = new Set<string>();
    for (const conversation of await environment.database.conversations.toArray()) {
      for (const { body } of await new EventRepository(environment.database).list(String(conversation.id))) {
        if (body.type === 'envelope' && body.envelope.status !== 'running')
          outcomes.add(`${body.envelope.meta.action_type}:${body.envelope.status}`);
        if (body.type === 'notice') outcomes.add(`notice:${body.kind}`);
      }
    }
    expect([...outcomes].sort()).toEqual(
      expect.arrayContaining([
        'search.info:success',
        'search.research:success',
        'browser:success',
        'shell.exec:success',
        'file.write:success',
        'generate_image:error',
        'generate_speech:error',
        'schedule.interval:success',
        'mcp_keyed_whoami:success',
        'mcp_keyed_broken:error',
        'mcp_signed_whoami:success',
        'web_search:success',
        'browser_use.go_to_url:success',
        'crawl4ai:success',
        'bash:success',
        'web_fetch:success',
        'x_search:success',
        'x_post:success',
        'task:success',
        'notice:scheduled_run',
        'notice:provider_error',
      ]),
    );
    expect(runs.map((run) => run.profile)).toEqual(['manus', 'manus (schedule firing)', 'openmanus', 'muxd']);
  });

  it('every keyed service got its key and quoted it back, and the runs kept it only redacted', () => {
    const { hostile, web } = environment;
    const received = [
      ...hostile.requests.map((request) => `${request.authorization ?? ''} ${request.form ?? ''}`),
      ...web.requests.map((request) => JSON.stringify([request.headers, request.query.toString()])),
      ...environment.modelRequests().map((request) => String(request.headers.authorization ?? '')),
    ].join('\n');
    const exercised = secrets.all.filter((secret) => !NOT_SENT.has(secret.label));
    const wasSent = (value: string) =>
      received.includes(value) || received.includes(encodeURIComponent(value));
    expect(exercised.filter((secret) => !wasSent(secret.value)).map((secret) => secret.label)).toEqual([]);
    // Each came back (echoed by the careless fixture) and was written redacted.
    const text = Buffer.concat(places.map((place) => place.bytes)).toString('utf8');
    const unseen = exercised.filter(
      (secret) =>
        !NOT_QUOTED.has(secret.label) &&
        !text.includes(redactedSecret(secret.redactedAs ?? '')) &&
        !text.includes(HIDDEN_BY_THEIR_CLIENT[secret.label] ?? redactedSecret(secret.label)),
    );
    expect(unseen.map((secret) => secret.label)).toEqual([]);
  });

  it('finds no key anywhere the app stores or emits', () => {
    report();
    expect(places.length).toBeGreaterThan(100);
    // What is swept includes the streams a leak would most likely take.
    const broadcastTypes = new Set(environment.published.map((message) => message.type));
    for (const type of ['event', 'tool_progress', 'conversation', 'schedule'])
      expect(broadcastTypes).toContain(type);
    const tables = new Set(
      places.filter((place) => place.kind === 'row').map((place) => place.where.split('/')[0]),
    );
    // previewStorage is written only by preview pages in a browser (their localStorage…), which are never
    // handed a key; no Node run makes one.
    const unswept = new Set(['settings', 'previewStorage']);
    expect(tables).toEqual(
      new Set(environment.database.tables.map((table) => table.name).filter((name) => !unswept.has(name))),
    );
    expect(hits).toEqual([]);
  });

  it('finds a key planted in an event, a workspace file, a broadcast and a console line (the sweep is not blind)', async () => {
    const planted = secrets.all[0] as ConfiguredSecret;
    const { database, published } = environment;
    const [conversationId] = runs.map((run) => run.id) as [string];
    // Written past the runtime, as a leak would be: an event, and a file (deflated in the zips).
    const event = await database.events.get([conversationId, 0]);
    await database.events.put({
      ...event,
      seq: 1_000_000,
      body: { type: 'user_message', text: `planted ${planted.value}` },
    });
    const file = (await database.files.where('conversationId').equals(conversationId).first()) ?? {};
    const content = new TextEncoder().encode(`${'padding '.repeat(200)}${planted.value}\n`);
    await database.files.put({ ...file, conversationId, path: 'planted.txt', content, size: content.length });
    published.push({
      type: 'alert',
      conversationId,
      kind: 'storage_failed',
      text: `planted ${planted.value}`,
    });
    const again = await environment.collect();
    published.pop();
    await database.events.delete([conversationId, 1_000_000]);
    await database.files.delete([conversationId, 'planted.txt']);
    const extra = [
      textPlace('console line', 'planted console line', `oops ${encodeURIComponent(planted.value)}`),
      textPlace('row', 'planted base64', `data:${Buffer.from(`xx${planted.value}yy`).toString('base64')}`),
    ];
    const found = sweep([...again, ...extra], [planted]);
    expect(new Set(found.map((hit) => hit.kind))).toEqual(
      new Set(['row', 'row binary field', 'broadcast', 'bundle entry', 'console line']),
    );
    const where = found.map((hit) => hit.where);
    expect(where.some((place) => /^conversation bundle .*!workspace\/planted\.txt$/.test(place))).toBe(true);
    expect(where.some((place) => /^workspace zip of .*!planted\.txt$/.test(place))).toBe(true);
    expect(where.some((place) => /!events\.json$/.test(place))).toBe(true);
    expect(found.some((hit) => hit.spelling.startsWith('base64'))).toBe(true);
    expect(found.some((hit) => hit.spelling === 'URL-encoded')).toBe(true);
  });
});
