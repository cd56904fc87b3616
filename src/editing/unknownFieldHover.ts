import * as vscode from 'vscode';
import { EDIT_SCHEME } from './editUris';
import { EditableKind } from './kind';

/**
 * The hover of a field the kind's API description does not have (a field a newer service
 * returned, or one the user added): it says the field stays in the document and goes to the
 * server as it is. Fields the description has get their description from the JSON language
 * service, through the schema package.json binds.
 */
export function registerUnknownFieldHover(context: vscode.ExtensionContext, kindOf: (uri: vscode.Uri) => EditableKind | undefined): void {
  context.subscriptions.push(
    vscode.languages.registerHoverProvider(
      { scheme: EDIT_SCHEME, language: 'json' },
      {
        async provideHover(document, position) {
          const kind = kindOf(document.uri);
          if (!kind) return undefined;
          const [{ getLocation }, { describesPath }] = await Promise.all([
            import(/* webpackChunkName: "editing-text" */ 'jsonc-parser'),
            import(/* webpackChunkName: "editing-text" */ './schemaPaths'),
          ]);
          const location = getLocation(document.getText(), document.offsetAt(position));
          if (!location.isAtPropertyKey || location.path.length === 0) return undefined;
          if (describesPath(await kind.schema(), location.path)) return undefined;
          const field = String(location.path[location.path.length - 1]);
          const text = new vscode.MarkdownString();
          text.appendText(`"${field}" is not in the published API description of ${kind.service}'s ${kind.noun}: it is kept and sent as it is.`);
          return new vscode.Hover(text, document.getWordRangeAtPosition(position, /"[^"]*"/));
        },
      },
    ),
  );
}
