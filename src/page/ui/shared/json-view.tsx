import { For } from 'solid-js';

type Token = { text: string; kind: 'key' | 'string' | 'number' | 'literal' | 'punctuation' };

const TOKEN_PATTERN =
  /("(?:\\.|[^"\\])*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b|([^"\d\-tfn]+|.)/g;

function tokenize(json: string): Token[] {
  const tokens: Token[] = [];
  for (const match of json.matchAll(TOKEN_PATTERN)) {
    const [, quoted, colon, number, literal, other] = match;
    if (quoted !== undefined) {
      tokens.push({ text: quoted, kind: colon ? 'key' : 'string' });
      if (colon) tokens.push({ text: colon, kind: 'punctuation' });
    } else if (number !== undefined) tokens.push({ text: number, kind: 'number' });
    else if (literal !== undefined) tokens.push({ text: literal, kind: 'literal' });
    else tokens.push({ text: other ?? match[0], kind: 'punctuation' });
  }
  return tokens;
}

/** Characters of one string shown; the rest is counted (a reply of megabytes is in the meta too). */
const SHOWN_STRING_CHARS = 20_000;

function shortened(_key: string, value: unknown): unknown {
  if (typeof value !== 'string' || value.length <= SHOWN_STRING_CHARS) return value;
  const more = (value.length - SHOWN_STRING_CHARS).toLocaleString('en-US');
  return `${value.slice(0, SHOWN_STRING_CHARS)}… [${more} more characters]`;
}

/** A value as indented, coloured JSON, built from text nodes (never HTML); very long strings are cut. */
export function JsonView(props: { value: unknown; label: string }) {
  const tokens = () => tokenize(JSON.stringify(props.value, shortened, 2) ?? 'undefined');
  return (
    <pre class="json-view" data-label={props.label}>
      <For each={tokens()}>{(token) => <span class={`json-${token.kind}`}>{token.text}</span>}</For>
    </pre>
  );
}
