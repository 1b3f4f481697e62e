import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeBundle, encodeBundle, readBundleConversation } from './bundle-codec.ts';
import { sampleBundleContents } from './bundle-fixtures.ts';
import { BUNDLE_FORMAT_VERSION, BundleError, DEFAULT_BUNDLE_LIMITS } from './bundle-format.ts';
import { readZipDirectory } from './zip-reader.ts';

/** Unpacks an exported bundle, lets a test tamper with its entries, and packs it again. */
function tampered(edit: (entries: Record<string, Uint8Array>) => void): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  const zip = encodeBundle(sampleBundleContents(), '0.1.0', 5);
  // Reuse the decoder's view of a good bundle: re-zip the same entries with edits.
  const contents = decodeBundle(zip);
  entries['manifest.json'] = strToU8(
    JSON.stringify({
      format: 'sandpiper-conversation',
      formatVersion: BUNDLE_FORMAT_VERSION,
      appVersion: '0.1.0',
      exportedAt: 5,
      workspace: contents.files.map(({ path, kind, size, modifiedAt }) => ({ path, kind, size, modifiedAt })),
    }),
  );
  entries['conversation.json'] = strToU8(JSON.stringify(contents.conversation));
  entries['events.json'] = strToU8(JSON.stringify(contents.events));
  entries['plan.json'] = strToU8(JSON.stringify(contents.plan));
  entries['schedules.json'] = strToU8('[]');
  for (const file of contents.files)
    if (file.kind === 'file') entries[`workspace/${file.path}`] = file.content;
  edit(entries);
  return zipSync(entries);
}

const manifestWith = (
  entries: Record<string, Uint8Array>,
  change: (manifest: Record<string, unknown>) => void,
) => {
  const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json']));
  change(manifest);
  entries['manifest.json'] = strToU8(JSON.stringify(manifest));
};

const refusal = (bytes: Uint8Array, limits = DEFAULT_BUNDLE_LIMITS) => {
  try {
    decodeBundle(bytes, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(BundleError);
    return (error as Error).message;
  }
  throw new Error('the bundle was accepted');
};

describe('conversation bundles', () => {
  it('round-trips a conversation, its plan and its workspace byte for byte', () => {
    const contents = sampleBundleContents();
    expect(decodeBundle(encodeBundle(contents, '0.1.0', 5))).toEqual(contents);
  });

  it('reads a format 1 bundle (made before tool profiles) as a Manus conversation with its roles filled in', () => {
    const bytes = tampered((entries) => {
      manifestWith(entries, (manifest) => (manifest.formatVersion = 1));
      const conversation = JSON.parse(new TextDecoder().decode(entries['conversation.json']));
      delete conversation.profileId;
      entries['conversation.json'] = strToU8(JSON.stringify(conversation));
      const events = JSON.parse(new TextDecoder().decode(entries['events.json']));
      for (const event of events) {
        delete event.body.role;
        delete event.body.metaKind;
      }
      entries['events.json'] = strToU8(JSON.stringify(events));
    });
    const contents = decodeBundle(bytes);
    expect(contents.conversation.profileId).toBe('manus');
    expect(contents.events[1]?.body).toMatchObject({ type: 'envelope', role: 'result', metaKind: 'message' });
    // The current format is taken as written: an event without a role keeps none.
    const current = tampered((entries) => {
      const events = JSON.parse(new TextDecoder().decode(entries['events.json']));
      delete events[1].body.role;
      entries['events.json'] = strToU8(JSON.stringify(events));
    });
    expect(decodeBundle(current).events[1]?.body).not.toHaveProperty('role');
  });

  it('refuses workspace paths that would leave the workspace', () => {
    for (const path of [
      '../escape.txt',
      '/etc/passwd',
      'notes/../../escape',
      'C:/windows/x',
      'a\\..\\b',
      'a/\u0000b',
    ]) {
      const bytes = tampered((entries) => {
        manifestWith(entries, (manifest) => {
          (manifest.workspace as unknown[]).push({ path, kind: 'file', size: 1, modifiedAt: 1 });
        });
        entries[`workspace/${path}`] = strToU8('x');
      });
      expect(refusal(bytes), path).toMatch(/workspace path that is not allowed|unexpected entry/);
    }
  });

  it('refuses a zip entry outside the known layout, such as ../evil', () => {
    const bytes = tampered((entries) => {
      entries['../evil.sh'] = strToU8('rm -rf /');
    });
    expect(refusal(bytes)).toMatch(/unexpected entry: "..\/evil.sh"/);
  });

  it('refuses a zip bomb on its declared sizes, before inflating it', () => {
    const bomb = tampered((entries) => {
      manifestWith(entries, (manifest) => {
        (manifest.workspace as unknown[]).push({ path: 'zeros.bin', kind: 'file', size: 1, modifiedAt: 1 });
      });
      entries['workspace/zeros.bin'] = new Uint8Array(20 * 1024 * 1024);
    });
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    expect(refusal(bomb, { ...DEFAULT_BUNDLE_LIMITS, maxUnpackedBytes: 5 * 1024 * 1024 })).toMatch(
      /unpacks to more than 5\.0 MB; it was refused before unpacking \(a zip bomb/,
    );
  });

  it('refuses a bundle over the size limit before reading it', () => {
    const bytes = encodeBundle(sampleBundleContents(), '0.1.0', 5);
    expect(refusal(bytes, { ...DEFAULT_BUNDLE_LIMITS, maxBundleBytes: 100 })).toMatch(
      /over the 0\.0 MB limit/,
    );
  });

  it('refuses wrong types in the JSON, saying where', () => {
    const bytes = tampered((entries) => {
      const events = JSON.parse(new TextDecoder().decode(entries['events.json']));
      events[1].seq = 'one';
      entries['events.json'] = strToU8(JSON.stringify(events));
    });
    expect(refusal(bytes)).toBe(
      'This bundle is not valid: events.json, event 2, seq: expected number, received string.',
    );
  });

  it('refuses a newer format version with a clear message', () => {
    const newer = BUNDLE_FORMAT_VERSION + 1;
    const bytes = tampered((entries) =>
      manifestWith(entries, (manifest) => (manifest.formatVersion = newer)),
    );
    expect(refusal(bytes)).toMatch(
      new RegExp(
        `newer Sandpiper \\(bundle format ${newer}; this app reads up to ${BUNDLE_FORMAT_VERSION}\\)`,
      ),
    );
  });

  it('refuses files that are not bundles, and bundles that mix conversations', () => {
    expect(refusal(strToU8('just text'))).toMatch(/not a readable zip|not a zip/);
    expect(refusal(zipSync({ 'readme.txt': strToU8('hi') }))).toMatch(/no manifest\.json/);
    const mixed = tampered((entries) => {
      const events = JSON.parse(new TextDecoder().decode(entries['events.json']));
      events[0].conversationId = 'other';
      entries['events.json'] = strToU8(JSON.stringify(events));
    });
    expect(refusal(mixed)).toMatch(/more than one conversation/);
  });

  it('lists attachments the workspace no longer holds as absent, and refuses a bundle that lacks an unlisted one', () => {
    const contents = sampleBundleContents();
    const first = contents.events[0];
    if (first?.body.type === 'user_message')
      first.body.attachments = [{ path: 'uploads/gone.png', mimeType: 'image/png', size: 3 }];
    const bytes = encodeBundle(contents, '0.1.0', 5);
    expect(decodeBundle(bytes)).toEqual(contents);
    const unlisted = tampered((entries) => {
      const events = JSON.parse(new TextDecoder().decode(entries['events.json']));
      events[0].body.attachments = [{ path: 'uploads/gone.png', mimeType: 'image/png', size: 3 }];
      entries['events.json'] = strToU8(JSON.stringify(events));
    });
    expect(refusal(unlisted)).toBe(
      'This bundle is incomplete: its conversation shows the workspace file "uploads/gone.png", which the bundle does not hold.',
    );
  });

  it('refuses a file whose size differs from the listing, and a __proto__ key outside recorded arguments', () => {
    const shorter = tampered((entries) => {
      entries['workspace/notes/todo.md'] = strToU8('short');
    });
    expect(refusal(shorter)).toBe(
      'This bundle is damaged: the workspace file "notes/todo.md" is listed as 11 bytes but holds 5.',
    );
    const polluted = tampered((entries) => {
      const text = new TextDecoder().decode(entries['conversation.json']);
      entries['conversation.json'] = strToU8(`{"__proto__": {"x": 1}, ${text.slice(1)}`);
    });
    expect(refusal(polluted)).toBe('This bundle is not valid: conversation.json holds a "__proto__" key.');
  });
});

describe('readBundleConversation', () => {
  it('reads only the conversation’s row, checked as the whole bundle would be', () => {
    const contents = sampleBundleContents();
    expect(readBundleConversation(encodeBundle(contents, '0.1.0', 5))).toEqual(contents.conversation);
    const newer = tampered((entries) =>
      manifestWith(entries, (manifest) => {
        manifest.formatVersion = BUNDLE_FORMAT_VERSION + 1;
      }),
    );
    expect(() => readBundleConversation(newer)).toThrow(/newer Sandpiper/);
    const noRow = tampered((entries) => {
      delete entries['conversation.json'];
    });
    expect(() => readBundleConversation(noRow)).toThrow(/conversation\.json is missing/);
    const badRow = tampered((entries) => {
      entries['conversation.json'] = strToU8(JSON.stringify({ id: 7 }));
    });
    expect(() => readBundleConversation(badRow)).toThrow(BundleError);
  });
});

describe('entry compression', () => {
  it('stores bytes that do not compress and deflates the rest, reading both back', () => {
    const contents = sampleBundleContents();
    const noise = new Uint8Array(256 * 1024);
    for (let at = 0; at < noise.length; at += 65_536) crypto.getRandomValues(noise.subarray(at, at + 65_536));
    const text = new TextEncoder().encode('a line the agent wrote, again and again.\n'.repeat(8_000));
    contents.files.push(
      { path: 'photo.raw', kind: 'file', size: noise.length, modifiedAt: 3, content: noise },
      { path: 'notes.txt', kind: 'file', size: text.length, modifiedAt: 3, content: text },
    );
    const bytes = encodeBundle(contents, '0.1.0', 5);
    const entries = new Map(
      readZipDirectory(bytes, DEFAULT_BUNDLE_LIMITS).map((entry) => [entry.name, entry]),
    );
    expect(entries.get('workspace/photo.raw')).toMatchObject({ method: 0, size: noise.length });
    expect(entries.get('workspace/notes.txt')?.method).toBe(8);
    expect(entries.get('workspace/notes.txt')?.compressedSize).toBeLessThan(text.length / 20);
    const decoded = decodeBundle(bytes);
    expect(decoded.files.find((file) => file.path === 'photo.raw')?.content).toEqual(noise);
    expect(decoded.files.find((file) => file.path === 'notes.txt')?.content).toEqual(text);
  });
});
