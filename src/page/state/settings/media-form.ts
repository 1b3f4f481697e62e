import {
  IMAGE_SIZE_PATTERN,
  MEDIA_APIS_BY_KIND,
  MEDIA_KIND_LABELS,
  MEDIA_KINDS,
  type MediaApi,
  MediaEndpoint,
  type MediaKind,
  type MediaSettings,
  mediaKeyName,
} from '@/shared/protocol/media/media-settings.ts';
import type { AgentSettings } from '@/shared/protocol/settings.ts';

/** One kind's endpoint as typed: the switch, every field as text, and its key. */
export type MediaEndpointForm = {
  /** Off saves no endpoint (null) and no key; what was typed stays in the form until it closes. */
  isEnabled: boolean;
  api: MediaApi;
  baseUrl: string;
  model: string;
  apiKey: string;
  /** Images only. */
  size: string;
  /** Speech only. */
  voice: string;
};

/** Settings → Media as typed: an endpoint form per kind. */
export type MediaForm = Record<MediaKind, MediaEndpointForm>;

export type MediaFormField = 'api' | 'baseUrl' | 'model' | 'size' | 'voice';

/** One field of one kind's endpoint that is wrong, and why. */
export type MediaProblem = { kind: MediaKind; field: MediaFormField; message: string };

/** The settings to save, or every kind's first problem (the first of all also as `kind`, `field`, `message`). */
export type MediaValidation =
  | { ok: true; settings: AgentSettings }
  | { ok: false; kind: MediaKind; field: MediaFormField; message: string; problems: MediaProblem[] };

/** Whether `kind` makes images (and so takes a size rather than a voice). */
export function isImageKind(kind: MediaKind): boolean {
  return kind !== 'speech';
}

/** The form for `settings`: saved endpoints switched on with their keys, the others off and empty. */
export function mediaFormFromSettings(settings: AgentSettings): MediaForm {
  const endpointForm = (kind: MediaKind): MediaEndpointForm => {
    const endpoint = settings.media[kind];
    return {
      isEnabled: endpoint !== null,
      api: endpoint?.api ?? (MEDIA_APIS_BY_KIND[kind][0] as MediaApi),
      baseUrl: endpoint?.baseUrl ?? '',
      model: endpoint?.model ?? '',
      apiKey: endpoint ? (settings.toolKeys[mediaKeyName(kind)] ?? '') : '',
      size: endpoint?.size ?? '',
      voice: endpoint?.voice ?? '',
    };
  };
  return {
    image: endpointForm('image'),
    image_edit: endpointForm('image_edit'),
    speech: endpointForm('speech'),
  };
}

/** The form with `kind`'s endpoint changed by `patch`. */
export function withEndpoint(form: MediaForm, kind: MediaKind, patch: Partial<MediaEndpointForm>): MediaForm {
  return { ...form, [kind]: { ...form[kind], ...patch } };
}

/**
 * The form with `to` set to `from`'s endpoint (API style, address, model, key and size),
 * switched on. An API style `to` may not use is left as it was.
 */
export function copyEndpoint(form: MediaForm, from: MediaKind, to: MediaKind): MediaForm {
  const source = form[from];
  const api = MEDIA_APIS_BY_KIND[to].includes(source.api) ? source.api : form[to].api;
  return withEndpoint(form, to, {
    isEnabled: true,
    api,
    baseUrl: source.baseUrl,
    model: source.model,
    apiKey: source.apiKey,
    size: isImageKind(to) ? source.size : form[to].size,
  });
}

/** Text trimmed, empty as null. */
function optional(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** Whether `text` parses as a URL (URL.canParse is too new for some browsers the app serves). */
function isWebAddress(text: string): boolean {
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

type EndpointCheck =
  | { ok: true; endpoint: MediaEndpoint }
  | { ok: false; field: MediaFormField; message: string };

/** One switched-on endpoint checked field by field, then by the `MediaEndpoint` schema. */
function checkEndpoint(kind: MediaKind, draft: MediaEndpointForm): EndpointCheck {
  if (!MEDIA_APIS_BY_KIND[kind].includes(draft.api)) {
    return { ok: false, field: 'api', message: `this kind cannot use the ${draft.api} API style.` };
  }
  const baseUrl = draft.baseUrl.trim().replace(/\/+$/, '');
  if (baseUrl === '') {
    return {
      ok: false,
      field: 'baseUrl',
      message: 'give the endpoint’s base URL, e.g. https://api.openai.com/v1.',
    };
  }
  if (!/^https?:\/\//i.test(baseUrl) || !isWebAddress(baseUrl)) {
    return {
      ok: false,
      field: 'baseUrl',
      message: `“${baseUrl}” is not a web address; a base URL starts with http:// or https://, e.g. https://api.openai.com/v1.`,
    };
  }
  const model = draft.model.trim();
  if (model === '') {
    const example = isImageKind(kind) ? 'gpt-image-1' : 'tts-1';
    return { ok: false, field: 'model', message: `give the model’s name, e.g. ${example}.` };
  }
  const size = isImageKind(kind) ? (optional(draft.size)?.toLowerCase() ?? null) : null;
  if (size !== null && !IMAGE_SIZE_PATTERN.test(size)) {
    return {
      ok: false,
      field: 'size',
      message: `“${size}” is not a size; give auto or width x height in pixels, e.g. 1024x1024.`,
    };
  }
  const voice = isImageKind(kind) ? null : optional(draft.voice);
  const parsed = MediaEndpoint.safeParse({ api: draft.api, baseUrl, model, size, voice });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path[0];
    const field: MediaFormField =
      path === 'api' || path === 'model' || path === 'size' || path === 'voice' ? path : 'baseUrl';
    return { ok: false, field, message: issue?.message ?? 'not valid.' };
  }
  return { ok: true, endpoint: parsed.data };
}

/**
 * Checks the form and merges it into `current` as `media` and the media keys of
 * `toolKeys`. Switched-off kinds are saved as null and lose their key; addresses are
 * trimmed (trailing slashes dropped), sizes lower-cased, empty sizes and voices saved as
 * null (the server's default), keys trimmed and empty ones removed. Other tools' keys are
 * kept as they are. Each kind's first invalid field is reported with its kind.
 */
export function validateMediaForm(form: MediaForm, current: AgentSettings): MediaValidation {
  const media: MediaSettings = { image: null, image_edit: null, speech: null };
  const toolKeys = { ...current.toolKeys };
  const problems: MediaProblem[] = [];
  for (const kind of MEDIA_KINDS) {
    const draft = form[kind];
    delete toolKeys[mediaKeyName(kind)];
    if (!draft.isEnabled) continue;
    const checked = checkEndpoint(kind, draft);
    if (!checked.ok) {
      problems.push({
        kind,
        field: checked.field,
        message: `${MEDIA_KIND_LABELS[kind]}: ${checked.message}`,
      });
      continue;
    }
    media[kind] = checked.endpoint;
    const key = draft.apiKey.trim();
    if (key !== '') toolKeys[mediaKeyName(kind)] = key;
  }
  const [first] = problems;
  if (first) return { ok: false, ...first, problems };
  return { ok: true, settings: { ...current, media, toolKeys } };
}

/** The id of a field's input in Settings → Media (the dialog focuses it when it is invalid). */
export function mediaFieldId(kind: MediaKind, field: MediaFormField | 'apiKey' | 'isEnabled'): string {
  return `media-${kind}-${field}`;
}
