import type * as vscode from 'vscode';
import type { Logger } from '../../core/logger';
import { PanelHost, PanelKind } from './panelHost';
import type { RecordViewModel } from './protocol';

/**
 * What commands use of the webview panels: open or find a panel by key, the models the apps
 * draw, the record sources and the JSON documents. The panel cache, the CSP shell and the
 * message protocol stay inside `views/panels`.
 */
export type { PanelHandle, PanelHost, PanelKind } from './panelHost';
export type { QueryResultViewModel, RecordViewModel, ReportViewModel } from './protocol';
export type { JsonDocuments } from './jsonDocuments';
export type { RecordSources } from './recordSources';

/** Open panels of one kind, by key. */
export type Panels<M> = Pick<PanelHost<M>, 'open' | 'get' | 'keys'>;

/** The record panels (any object of any service). */
export type RecordPanels = Panels<RecordViewModel>;

/** A new kind of panel; the caller disposes it and registers its serializer. */
export function createPanels<M>(extensionUri: vscode.Uri, kind: PanelKind<M>, logger: Logger): PanelHost<M> {
  return new PanelHost<M>(extensionUri, kind, logger);
}
