import type { HostMessage, WebviewMessage } from '../../src/views/panels/protocol';

/** The webview's side of the message protocol: send, receive, and the saved panel state. */
interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const api = acquireVsCodeApi();

export function send(message: WebviewMessage): void {
  api.postMessage(message);
}

export function saveState(state: { key: string } & Record<string, unknown>): void {
  api.setState(state);
}

export function loadState<T>(): T | undefined {
  return api.getState() as T | undefined;
}

/** Subscribes to host messages, then tells the host we are ready (the handshake). */
export function connect(onMessage: (message: HostMessage) => void): void {
  window.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as HostMessage | undefined;
    if (data && typeof data === 'object' && typeof data.type === 'string') {
      onMessage(data);
    }
  });
  send({ type: 'ready' });
}
