import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import writeXlsxFile from 'write-excel-file/node';
import type { BundleContents } from '../../src/shared/bundle/bundle-format.ts';
import { toneWav } from '../fixtures/media/media-bytes.ts';
import { XSS_MARK, XSS_PAYLOADS } from '../fixtures/web/xss-corpus.ts';
import { ALL_ON_ONE_LINE, HOSTILE_FOLDER, oneLine } from './xss-everywhere-files.ts';

/**
 * The attachments a result card previews by itself, each carrying the corpus: a PDF (its
 * text, its metadata, a script run on open and a `javascript:` link), a CSV and an .xlsx
 * whose cells are the payloads, and a WAV named by one. Made with pdf-lib and
 * write-excel-file, as a person's tools would make them.
 */

/** Where they live in the workspace, relative to /home/ubuntu. */
export const HOSTILE_DOCUMENTS = {
  pdf: `${HOSTILE_FOLDER}/${oneLine(XSS_PAYLOADS[3] ?? '')} report.pdf`,
  csv: `${HOSTILE_FOLDER}/${oneLine(XSS_PAYLOADS[5] ?? '')} table.csv`,
  xlsx: `${HOSTILE_FOLDER}/book.xlsx`,
  audio: `${HOSTILE_FOLDER}/${oneLine(XSS_PAYLOADS[7] ?? '')} speech.wav`,
} as const;

/** Helvetica's WinAnsi covers printable ASCII; anything else is drawn as `?`. */
const drawable = (text: string) => text.replaceAll(/[^\x20-\x7e]/g, '?');

/** A PDF of every payload, a line each, with a script run on open and a `javascript:` link. */
export async function hostilePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(ALL_ON_ONE_LINE.slice(0, 1000));
  pdf.setAuthor(XSS_PAYLOADS[0] ?? '');
  pdf.setSubject(XSS_PAYLOADS[1] ?? '');
  pdf.setKeywords(XSS_PAYLOADS.slice(0, 10));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  XSS_PAYLOADS.forEach((payload, index) => {
    page.drawText(drawable(payload).slice(0, 110), { x: 30, y: 812 - index * 13, size: 8, font });
  });
  const { context } = pdf;
  // A script a PDF reader with scripting would run on open.
  pdf.catalog.set(
    PDFName.of('OpenAction'),
    context.obj({ S: 'JavaScript', JS: PDFString.of(`app.alert(1);${XSS_MARK}`) }),
  );
  // A link over the first line whose target is a script.
  const link = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [30, 805, 300, 820],
      Border: [0, 0, 0],
      A: { S: 'URI', URI: PDFString.of(`javascript:${XSS_MARK}`) },
    }),
  );
  page.node.set(PDFName.of('Annots'), context.obj([link]));
  return pdf.save();
}

/** A CSV of every payload (quoted as CSV quotes), with a header row of markup. */
export function hostileCsv(): string {
  const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
  const rows = XSS_PAYLOADS.map((payload, index) => [String(index), payload].map(quote).join(','));
  return [['#', XSS_PAYLOADS[0] ?? ''].map(quote).join(','), ...rows].join('\r\n');
}

/** A workbook whose header and cells are the payloads. */
export async function hostileXlsx(): Promise<Uint8Array> {
  const buffer = await writeXlsxFile([
    {
      sheet: 'Payloads',
      data: [['#', XSS_PAYLOADS[2] ?? ''], ...XSS_PAYLOADS.map((payload, index) => [index, payload])],
    },
  ]).toBuffer();
  return new Uint8Array(buffer);
}

/** The workspace files of `HOSTILE_DOCUMENTS`. */
export async function hostileDocumentFiles(): Promise<BundleContents['files']> {
  const encoder = new TextEncoder();
  const contents: [string, Uint8Array][] = [
    [HOSTILE_DOCUMENTS.pdf, await hostilePdf()],
    [HOSTILE_DOCUMENTS.csv, encoder.encode(hostileCsv())],
    [HOSTILE_DOCUMENTS.xlsx, await hostileXlsx()],
    [HOSTILE_DOCUMENTS.audio, toneWav(0.3)],
  ];
  return contents.map(([path, content]) => ({
    path,
    kind: 'file' as const,
    size: content.byteLength,
    modifiedAt: 1,
    content,
  }));
}

/** The result's attachments for them, each named by the corpus. */
export const HOSTILE_DOCUMENT_ATTACHMENTS = [
  {
    name: `Report ${ALL_ON_ONE_LINE}`,
    path: `/home/ubuntu/${HOSTILE_DOCUMENTS.pdf}`,
    mime: 'application/pdf',
  },
  { name: `Table ${ALL_ON_ONE_LINE}`, path: `/home/ubuntu/${HOSTILE_DOCUMENTS.csv}`, mime: 'text/csv' },
  {
    name: `Book ${ALL_ON_ONE_LINE}`,
    path: `/home/ubuntu/${HOSTILE_DOCUMENTS.xlsx}`,
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  { name: `Speech ${ALL_ON_ONE_LINE}`, path: `/home/ubuntu/${HOSTILE_DOCUMENTS.audio}`, mime: 'audio/wav' },
];
