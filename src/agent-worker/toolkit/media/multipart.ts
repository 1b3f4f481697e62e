/** A form field: text, or a file with its name and type. */
export type FormField = string | { bytes: Uint8Array; mime: string; name: string };

/**
 * `fields` as a `multipart/form-data` body: its bytes and the Content-Type that names its
 * boundary (the platform's own encoder, through `Response`: browsers, workers and Node alike).
 */
export async function encodeMultipart(
  fields: Record<string, FormField | undefined>,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.bytes.slice()], { type: value.mime }), value.name);
  }
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type');
  if (!contentType) throw new Error('The platform encoded a form without its Content-Type.');
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), contentType };
}
