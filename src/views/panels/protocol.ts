/**
 * Messages between the extension and its webviews, and the record view model the record panel
 * draws. Shared by both sides (the webview bundle imports these types); no runtime code here.
 * Data only ever travels in messages: the HTML shell holds none of it.
 */

export type FieldValue = string | number | boolean | null;

export type RecordLink =
  | { kind: 'command'; command: string; args?: unknown[] }
  | { kind: 'url'; url: string }
  | { kind: 'record'; key: string };

export interface RecordField {
  label: string;
  value?: FieldValue;
  /** How to draw the value; `secret` values are not in the message until the user reveals them. */
  format?: 'text' | 'code' | 'date' | 'expression' | 'json' | 'secret' | 'list' | 'xml';
  list?: string[];
  secretId?: string;
  dim?: boolean;
  link?: RecordLink;
}

export interface RecordSection {
  title: string;
  fields: RecordField[];
}

export type Tone = 'info' | 'success' | 'warning' | 'error';

export interface RecordBadge {
  text: string;
  tone: Tone;
}

export interface DiagramNode {
  id: string;
  label: string;
  detail?: string;
}

/** An ordered diagram, e.g. an authentik flow: one node per stage binding, in order. */
export interface RecordDiagram {
  title: string;
  nodes: DiagramNode[];
}

/** A button on the record: a built-in (`viewJson`, `copyJson`, `refresh`) or a link. */
export interface RecordAction {
  id: string;
  label: string;
  link?: RecordLink;
}

export interface RecordViewModel {
  /** Stable key the host uses to load (and, after a reload, re-load) the record. */
  key: string;
  /** "Honeycomb dataset", "authentik flow"… */
  kind: string;
  title: string;
  subtitle?: string;
  badges?: RecordBadge[];
  sections: RecordSection[];
  diagram?: RecordDiagram;
  actions?: RecordAction[];
}

export type HostMessage =
  | { type: 'render'; model: unknown }
  | { type: 'loading'; title?: string }
  | { type: 'error'; message: string }
  | { type: 'secret'; secretId: string; value: string }
  | { type: 'theme' };

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'action'; id: string; args?: unknown }
  | { type: 'open'; link: RecordLink }
  | { type: 'reveal'; secretId: string }
  | { type: 'copy'; text: string };

/** What a webview saves with `setState`, so the panel can come back after a reload. */
export interface PanelState {
  key: string;
}

export function isWebviewMessage(value: unknown): value is WebviewMessage {
  if (!value || typeof value !== 'object') {
    return false;
  }
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ready':
      return true;
    case 'action':
      return typeof message.id === 'string';
    case 'open':
      return !!message.link && typeof message.link === 'object';
    case 'reveal':
      return typeof message.secretId === 'string';
    case 'copy':
      return typeof message.text === 'string';
    default:
      return false;
  }
}
