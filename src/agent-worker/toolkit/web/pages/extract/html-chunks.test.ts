import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { htmlChunks } from './html-chunks.ts';
import type { PageElement } from './page-dom.ts';

function bodyOf(html: string): PageElement {
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  return document.body as unknown as PageElement;
}

const paragraph = (index: number) => `<p>Paragraph ${index} ${'word '.repeat(20)}</p>`;

describe('htmlChunks', () => {
  it('cuts between blocks, inside wrappers that hold only blocks, each piece within the limit', () => {
    const html = `<article><div>${Array.from({ length: 40 }, (_, index) => paragraph(index)).join('')}</div></article>`;
    const chunks = htmlChunks(bodyOf(html), 1_000);
    expect(chunks.length).toBeGreaterThanOrEqual(5);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(1_000);
    expect(chunks.join('')).toBe(Array.from({ length: 40 }, (_, index) => paragraph(index)).join(''));
  });

  it('cuts inside a <body> nested in the body (the content picker returns its root so)', () => {
    const { document } = parseHTML(`<!doctype html><html><head></head><body></body></html>`);
    const body = document.body as unknown as PageElement;
    body.innerHTML = `<body>${Array.from({ length: 40 }, (_, index) => `${paragraph(index)} aside `).join('')}</body>`;
    expect(htmlChunks(body, 1_000).length).toBeGreaterThanOrEqual(5);
  });

  it('keeps a small page whole', () => {
    expect(htmlChunks(bodyOf('<h1>T</h1><p>x</p>'))).toEqual(['<h1>T</h1><p>x</p>']);
  });

  it('keeps a run of inline content in one piece, and cuts an overlong paragraph into paragraphs', () => {
    const run = `Open on ${'<a href="/x">weekdays</a> and '.repeat(5)}Saturdays.`;
    const chunks = htmlChunks(bodyOf(`${run}<p>${'word '.repeat(60)}</p>${run}`), 400);
    expect(chunks).toHaveLength(3);
    expect(chunks[0]).toBe(run);
    expect(chunks[2]).toBe(run);
    const long = htmlChunks(bodyOf(`<p>${'<em>word</em> '.repeat(300)}</p>`), 500);
    expect(long.length).toBeGreaterThan(5);
    for (const chunk of long) expect(chunk).toMatch(/^<p>(<em>word<\/em> )+<\/p>$/);
  });

  it('cuts a long table between rows, repeating its header row', () => {
    const rows = Array.from(
      { length: 50 },
      (_, index) => `<tr><td>Port ${index}</td><td>${index}</td></tr>`,
    ).join('');
    const chunks = htmlChunks(
      bodyOf(`<table><thead><tr><th>Port</th><th>Calls</th></tr></thead><tbody>${rows}</tbody></table>`),
      600,
    );
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks)
      expect(chunk).toMatch(
        /^<table><thead><tr><th>Port<\/th><th>Calls<\/th><\/tr><\/thead><tbody><tr><td>Port \d+/,
      );
    expect(chunks.join('').match(/<td>Port \d+<\/td>/g)).toHaveLength(50);
  });

  it('cuts a long list between items', () => {
    const items = Array.from({ length: 30 }, (_, index) => `<li>Item ${index}</li>`).join('');
    const chunks = htmlChunks(bodyOf(`<ol>${items}</ol>`), 200);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk).toMatch(/^<ol>(<li>Item \d+<\/li>)+<\/ol>$/);
  });
});
