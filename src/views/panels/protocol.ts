/**
 * Messages between the extension and its webviews, and the record view model the record panel
 * draws. Shared by both sides (the webview bundle imports these types); no runtime code here.
 * Data only ever travels in messages: the HTML shell holds none of it.
 */

export type FieldValue = string | number | boolean | null;

export type RecordLink = { kind: 'command'; command: string; args?: unknown[] } | { kind: 'url'; url: string } | { kind: 'record'; key: string };

/** One name in a list of references: another object, opened by its link when it has one. */
export interface RecordReference {
  text: string;
  link?: RecordLink;
}

export interface RecordField {
  label: string;
  value?: FieldValue;
  /**
   * How to draw the value; `secret` values are not in the message until the user reveals them.
   * `block` is long or multi-line text kept as written (YAML, CSS, a query); `fields` a nested
   * value drawn as fields of its own; `links` a list of references by name.
   */
  format?: 'text' | 'code' | 'date' | 'expression' | 'json' | 'secret' | 'list' | 'xml' | 'block' | 'fields' | 'links';
  list?: string[];
  /** The nested fields of a `fields` value. */
  fields?: RecordField[];
  /** The references of a `links` value. */
  links?: RecordReference[];
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

/**
 * A button on the record: a link, a text to copy (`copy`, confirmed by naming `what` was copied),
 * a built-in the record panel runs (`viewJson`, `copyJson`, `refresh`), or one that cannot run
 * for this object (`unavailable` says why, when clicked and as its tooltip).
 */
export interface RecordAction {
  id: string;
  label: string;
  link?: RecordLink;
  copy?: { text: string; what: string };
  unavailable?: string;
}

export interface RecordViewModel {
  /** Stable key the host uses to load (and, after a reload, re-load) the record. */
  key: string;
  /** "Honeycomb dataset", "authentik flow"… */
  kind: string;
  title: string;
  /** Where the object lives: "Acme · Production · dataset api-gateway", "authentik at id.acme.example". */
  where?: string;
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
  | { type: 'theme' }
  | { type: 'boardPanel'; panel: BoardPanelModel; progress: BoardProgress };

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'action'; id: string; args?: unknown }
  | { type: 'open'; link: RecordLink }
  | { type: 'reveal'; secretId: string }
  | { type: 'copy'; text: string; /** What it is, for the confirmation: "12 rows as CSV". */ what?: string };

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
      return typeof message.text === 'string' && (message.what === undefined || typeof message.what === 'string');
    default:
      return false;
  }
}

/** One signature or attestation as the verification report shows it. */
export interface ReportCheck {
  label: string;
  format: string;
  kind: string;
  passed: boolean;
  reasons: string[];
  signer?: { subjects: string[]; issuer?: string; notBefore?: string; notAfter?: string; keyFingerprint?: string; ci?: Record<string, string> };
  tlog?: { logIndex: string; logId: string; integratedTime?: string; timestampedAt?: string; kind: string; inclusionProof: boolean; trusted: boolean };
  predicateType?: string;
  matched?: string;
}

/** The verification report panel's model (app media/report): a verdict and why. */
export interface ReportViewModel {
  key: string;
  title: string;
  verdict: 'verified' | 'not verified';
  admission: 'allow' | 'warn' | 'deny';
  image: string;
  /** The digest reference that was checked. */
  checkedRef: string;
  /** The digest reference of the verified image; '' when not verified. */
  verifiedRef: string;
  resolvedFromTag: boolean;
  checkedAt: string;
  policySource: string;
  trustRoot: string;
  matched?: { policy: string; authority: string; description: string; check?: ReportCheck };
  reasons: string[];
  warnings: string[];
  policies: Array<{
    name: string;
    mode: string;
    passed: boolean;
    matchedGlob: string;
    reasons: string[];
    authorities: Array<{ name: string; description: string; passed: boolean; checks: ReportCheck[]; attestations: Array<{ name: string; predicateType: string; passed: boolean }> }>;
  }>;
  /** "2 legacy signatures, 1 bundle" */
  found: string;
  /** "2 registry requests, 2 for tokens, 10.1 KB" */
  requests: string;
  /** The whole report as JSON, for the Copy JSON button. */
  json: string;
  /** Set when the report follows a sign, attest or copy: what was written, then its verification. */
  operation?: SigningSummary;
}

/** A sign, attest or copy as the report panel shows it above the verification of its result. */
export interface SigningSummary {
  /** "Signed", "Attested", "Copied", or "Nothing written". */
  title: string;
  /** The resource's output: signedRef, attestedRef or copiedRef, with its value. */
  output: { name: string; value: string };
  fields: Array<[string, string]>;
  written: Array<{ location: string; detail: string }>;
  tlog: Array<{ url: string; kind: string; logIndex: string; integratedTime: string }>;
  warnings: string[];
  /** Why the result was not verified (no policy for a copy), when so. */
  verificationNote?: string;
}

/** A column of the query results table: a breakdown or a calculation (its label as Honeycomb names it). */
export interface QueryResultColumn {
  key: string;
  kind: 'breakdown' | 'calculation';
  /** Sorted and aligned as numbers. */
  numeric: boolean;
}

/** One line of the results chart: a group (breakdown values) for one calculation. */
export interface QueryResultLine {
  /** "GET /v1/orders · 200", or "all events" without breakdowns. */
  group: string;
  calculation: string;
  values: Array<number | null>;
}

/** The query results panel's model (app media/queryResult). */
export interface QueryResultViewModel {
  key: string;
  /** "P99(duration_ms), COUNT by http.route" */
  title: string;
  /** "api-gateway · Production · last 2 hours" */
  subtitle: string;
  ranAt: string;
  columns: QueryResultColumn[];
  /** One array per result group, in `columns` order; server data, drawn as text. */
  rows: Array<Array<string | number | boolean | null>>;
  /** Time series of the busiest groups; absent when the result has no series. */
  chart?: { times: number[]; calculations: string[]; lines: QueryResultLine[]; note?: string };
  queryUrl?: string;
  graphImageUrl?: string;
  /** The spec that produced the result, as indented JSON. */
  specJson: string;
  /** "4 requests: 1 query, 1 result, 2 polls · 1.3 s" */
  stats: string;
  /** Set when the result was read again after a reload rather than run. */
  notice?: string;
}

/** One panel of a board as Open Board shows it (app media/queryResult/board.ts). */
export interface BoardPanelModel {
  /** Its place in the layout order (top to bottom, left to right). */
  index: number;
  kind: 'query' | 'slo' | 'text';
  /** The query annotation's name, the SLO's, or "Text". */
  title: string;
  /** Columns of the board's 12 it spans (0: let the page decide). */
  width: number;
  state: 'queued' | 'running' | 'done' | 'error' | 'cancelled';
  /** Why it failed, or what it waits for. */
  message?: string;
  /** graph, table or combo: what a query panel shows of its result. */
  style?: string;
  result?: QueryResultViewModel;
  slo?: { target: string; budgetRemaining: number | null; compliance: number | null };
  /** A text panel's Markdown, drawn as plain text. */
  text?: string;
}

/** "4 of 12 charts": query panels finished (drawn, failed or cancelled) of all. */
export interface BoardProgress {
  done: number;
  total: number;
  running: boolean;
}

export interface BoardViewModel {
  key: string;
  kind: 'board';
  title: string;
  subtitle: string;
  url?: string;
  panels: BoardPanelModel[];
  progress: BoardProgress;
}
