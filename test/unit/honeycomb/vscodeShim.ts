/**
 * The few `vscode` classes the tree nodes and the tree provider use (TreeItem, ThemeIcon,
 * ThemeColor, MarkdownString, Uri, EventEmitter), plus notifications and the status bar as
 * recorders (`shownMessages`) and the user's settings (`shimSettings`), as plain data
 * holders, so the nodes run on Node in unit tests and benchmarks. Importing this module installs
 * it as the `vscode` module; import it before anything that imports `vscode`. It only records what nodes set: how the real editor draws a
 * tree item is tested in the extension host (test/integration, test/ui).
 */
import Module = require('node:module');

class TreeItem {
  id?: string;
  description?: string | boolean;
  tooltip?: unknown;
  iconPath?: unknown;
  contextValue?: string;
  command?: { command: string; title: string; arguments?: unknown[] };
  resourceUri?: Uri;
  accessibilityInformation?: unknown;
  constructor(
    public label: string,
    public collapsibleState: number = 0,
  ) {}
}

class ThemeIcon {
  constructor(
    readonly id: string,
    readonly color?: ThemeColor,
  ) {}
}

class ThemeColor {
  constructor(readonly id: string) {}
}

/**
 * Like the editor's: `appendText` escapes markdown, and escapes `$(icon)` only when
 * `supportThemeIcons` is on at the time of the call (set it later and earlier text renders icons).
 */
class MarkdownString {
  value = '';
  constructor(
    value = '',
    public supportThemeIcons = false,
  ) {
    this.value = value;
  }
  appendText(text: string): this {
    const icons = this.supportThemeIcons ? text.replace(/\$\([a-z0-9-]+(?:~[a-z]+)?\)/gi, '\\$&') : text;
    this.value += icons.replace(/[\\`*_{}[\]()#+!~]/g, '\\$&');
    return this;
  }
  appendMarkdown(text: string): this {
    this.value += text;
    return this;
  }
}

/** The codicons the editor would draw in a markdown string: `$(name)` that appendText did not escape. */
export function renderedIcons(markdown: { value: string; supportThemeIcons?: boolean }): string[] {
  if (!markdown.supportThemeIcons) return [];
  return [...markdown.value.matchAll(/(\\\\)?\$\\?\(([a-z0-9-]+)\\?\)/gi)].filter((m) => !m[1]).map((m) => m[2]);
}

/** The editor's event emitter: `event(listener)` subscribes, `fire` calls the listeners. */
class EventEmitter<T> {
  private listeners: Array<(value: T) => void> = [];
  readonly event = (listener: (value: T) => void): { dispose(): void } => {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  dispose(): void {
    this.listeners = [];
  }
}

class Uri {
  private constructor(
    readonly scheme: string,
    readonly path: string,
  ) {}
  static from(parts: { scheme: string; path?: string }): Uri {
    return new Uri(parts.scheme, parts.path ?? '');
  }
  toString(): string {
    return `${this.scheme}:${this.path}`;
  }
}

/** What the editor was asked to show: notifications (with their options) and status-bar text. */
export interface ShownMessage {
  api: 'showInformationMessage' | 'showWarningMessage' | 'showErrorMessage' | 'setStatusBarMessage';
  text: string;
  detail?: string;
}
export const shownMessages: ShownMessage[] = [];

const notification =
  (api: ShownMessage['api']) =>
  (text: string, ...rest: unknown[]): Promise<undefined> => {
    const options = rest[0] && typeof rest[0] === 'object' ? (rest[0] as { detail?: string }) : undefined;
    shownMessages.push({ api, text, ...(options?.detail !== undefined ? { detail: options.detail } : {}) });
    return Promise.resolve(undefined);
  };

/** Notifications and the status bar record what they were given; no button is ever clicked. */
const window = {
  showInformationMessage: notification('showInformationMessage'),
  showWarningMessage: notification('showWarningMessage'),
  showErrorMessage: notification('showErrorMessage'),
  setStatusBarMessage: (text: string): { dispose(): void } => {
    shownMessages.push({ api: 'setStatusBarMessage', text });
    return { dispose: () => undefined };
  },
};

const commands = { executeCommand: (): Promise<undefined> => Promise.resolve(undefined) };

/** The user's settings, by full name ("opsConfig.honeycomb.apiUrl"): what `inspect()` gives as the user level. */
export const shimSettings = new Map<string, unknown>();

/** Settings as the editor's `inspect()` gives them, from `shimSettings`; the workspace is trusted. */
const workspace = {
  isTrusted: true,
  getConfiguration: (section: string) => ({
    inspect: (key: string) => ({ globalValue: shimSettings.get(`${section}.${key}`) }),
  }),
};

export const vscodeShim = {
  window,
  commands,
  workspace,
  TreeItem,
  TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
  ThemeIcon,
  ThemeColor,
  MarkdownString,
  Uri,
  EventEmitter,
};

const SHIM_ID = 'vscode-shim-for-honeycomb-tests';
type ModuleInternals = { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const internals = Module as unknown as ModuleInternals;

function installed(): boolean {
  try {
    require.resolve('vscode');
    return true;
  } catch {
    return false;
  }
}

if (!installed()) {
  const resolve = internals._resolveFilename;
  internals._resolveFilename = function (request: string, ...rest: unknown[]): string {
    return request === 'vscode' ? SHIM_ID : resolve.call(this, request, ...rest);
  };
  const module = new Module(SHIM_ID);
  module.filename = SHIM_ID;
  module.loaded = true;
  module.exports = vscodeShim;
  require.cache[SHIM_ID] = module;
}
