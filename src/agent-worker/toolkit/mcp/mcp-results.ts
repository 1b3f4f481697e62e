import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolSpec } from '@/shared/protocol/mcp.ts';
import { MAX_OBSERVATION_IMAGES, type ObservationImage } from '@/shared/protocol/model-image-limits.ts';
import type { ToolContext, ToolOutcome } from '../define-tool.ts';

/** Where a call's images, audio and resources are saved. */
export const MCP_FOLDER = '/home/ubuntu/mcp';

/** What a call's `meta` says besides `tool` and `action_type`: the server, its tool, and the files saved. */
export type McpCallMeta = {
  mcp_server: string;
  mcp_tool: string;
  /** Workspace paths of the images the result carried. */
  images: string[];
  /** Workspace paths of its other saved parts (audio, embedded resources). */
  files: string[];
  is_error?: boolean;
};

type ContentBlock = CallToolResult['content'][number];

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/html': 'html',
  'text/csv': 'csv',
  'application/json': 'json',
  'application/pdf': 'pdf',
};

/**
 * A tool result as an envelope's outcome: text parts become the content; images, audio
 * and embedded resources are saved to the workspace under `/home/ubuntu/mcp/<server>/`
 * (their paths in the content and in `meta`), and images are shown to a model that sees
 * them; resource links are listed. A result the server marks `isError` is an `execution`
 * failure with its text, so the model can act on it.
 */
export async function outcomeFromMcpResult(
  result: Pick<CallToolResult, 'content' | 'structuredContent' | 'isError'>,
  spec: McpToolSpec,
  context: Pick<ToolContext, 'uuid' | 'workspace' | 'vision'>,
): Promise<ToolOutcome> {
  const meta: McpCallMeta = { mcp_server: spec.serverName, mcp_tool: spec.toolName, images: [], files: [] };
  const lines: string[] = [];
  const images: ObservationImage[] = [];
  const blocks = Array.isArray(result.content) ? result.content : [];
  const folder = `${MCP_FOLDER}/${safeSegment(spec.serverName)}`;
  const stem = `${safeSegment(spec.toolName)}-${context.uuid.slice(0, 8)}`;
  for (const [index, block] of blocks.entries()) {
    const path = (extension: string, name?: string) =>
      `${folder}/${stem}-${name ? safeSegment(name) : `${index + 1}.${extension}`}`;
    const line = await describeBlock(block, path, meta, context, images);
    if (line !== null) lines.push(line);
  }
  if (lines.length === 0 && result.structuredContent !== undefined) {
    lines.push(JSON.stringify(result.structuredContent, null, 2));
  }
  const content = lines.join('\n') || '(The tool returned no content.)';
  if (result.isError) {
    return { status: 'error', kind: 'execution', message: content, meta: { ...meta, is_error: true } };
  }
  return { status: 'success', content, meta, ...(images.length > 0 ? { images } : {}) };
}

/** One content block as a line of the observation, saving what it carries; null for nothing to say. */
async function describeBlock(
  block: ContentBlock,
  path: (extension: string, name?: string) => string,
  meta: McpCallMeta,
  context: Pick<ToolContext, 'workspace' | 'vision'>,
  images: ObservationImage[],
): Promise<string | null> {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image': {
      const bytes = fromBase64(block.data);
      const saved = await context.workspace.save(path(extensionOf(block.mimeType, 'png')), bytes);
      meta.images.push(saved.path);
      if (context.vision.seesImages && images.length < MAX_OBSERVATION_IMAGES) {
        const image = await context.vision.imageForModel(bytes, block.mimeType, saved.path);
        if ('data' in image) images.push(image);
      }
      return `[Image (${block.mimeType}, ${bytes.length} bytes) saved to ${saved.path}]`;
    }
    case 'audio': {
      const saved = await context.workspace.save(
        path(extensionOf(block.mimeType, 'bin')),
        fromBase64(block.data),
      );
      meta.files.push(saved.path);
      return `[Audio (${block.mimeType}) saved to ${saved.path}]`;
    }
    case 'resource': {
      const { resource } = block;
      const mime = resource.mimeType ?? ('text' in resource ? 'text/plain' : 'application/octet-stream');
      const name = resourceFileName(resource.uri, extensionOf(mime, 'txt'));
      const content = 'text' in resource ? resource.text : fromBase64(resource.blob);
      const saved = await context.workspace.save(path(extensionOf(mime, 'bin'), name), content);
      meta.files.push(saved.path);
      const header = `[Resource ${resource.uri} (${mime}) saved to ${saved.path}]`;
      return 'text' in resource ? `${header}\n${resource.text}` : header;
    }
    case 'resource_link':
      return `[Resource link: ${block.name}${block.description ? ` — ${block.description}` : ''} <${block.uri}>]`;
    default:
      return null;
  }
}

function fromBase64(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function extensionOf(mime: string, fallback: string): string {
  return EXTENSIONS[mime.split(';')[0]?.trim().toLowerCase() ?? ''] ?? fallback;
}

/** A file name from a resource's URI (its last path segment), with an extension; undefined if none. */
function resourceFileName(uri: string, extension: string): string | undefined {
  const last = uri.split(/[/\\]/).filter(Boolean).at(-1);
  if (!last || /^[a-z]+:$/i.test(last)) return undefined;
  return /\.[a-z0-9]+$/i.test(last) ? last : `${last}.${extension}`;
}

/** A path segment made of safe characters only. */
function safeSegment(text: string): string {
  return (
    text
      .replace(/[^a-zA-Z0-9._-]/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, 80) || 'item'
  );
}
