import * as vscode from 'vscode';
import { findImageReferences } from './imageRefs';

/**
 * "Verify" above each image reference of a manifest, compose file or Dockerfile, and "Verify all
 * images in this file" above the first one. Found from the text alone: no request is made until
 * a lens is clicked.
 */
export const CODE_LENS_SELECTOR: vscode.DocumentSelector = [
  { language: 'yaml' },
  { language: 'dockercompose' },
  { language: 'dockerfile' },
  { pattern: '**/{Dockerfile,Containerfile,*.dockerfile,*.containerfile}' },
];

/** The commands the lenses run: they are registered at start-up, before the features load. */
export const IMAGE_LENS_COMMANDS = { verifyImage: 'opsConfig.signatures.verifyImage', verifyAllInFile: 'opsConfig.signatures.verifyAllInFile' } as const;

export class ImageCodeLensProvider implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const references = findImageReferences(document.getText(), document.fileName);
    const lenses = references.map(
      (ref) =>
        new vscode.CodeLens(new vscode.Range(ref.line, ref.start, ref.line, ref.end), {
          title: 'Verify',
          tooltip: `Verify the signature of ${ref.reference} against an admission policy`,
          command: IMAGE_LENS_COMMANDS.verifyImage,
          arguments: [document.uri, ref.reference],
        }),
    );
    if (references.length > 1) {
      const first = references[0];
      lenses.unshift(
        new vscode.CodeLens(new vscode.Range(first.line, first.start, first.line, first.end), {
          title: `Verify all images in this file (${references.length})`,
          command: IMAGE_LENS_COMMANDS.verifyAllInFile,
          arguments: [document.uri],
        }),
      );
    }
    return lenses;
  }
}
