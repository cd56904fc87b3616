/**
 * Whether a YAML file is an authentik blueprint, from its path and text alone (no `vscode`, so the
 * command-line checker, scripts/check-blueprints.ts, picks the same files the editor checks): a
 * file named `*.blueprint.yaml` (or `.yml`), or any YAML file whose top level has `version: 1` and
 * `entries:`, which is how authentik itself recognises one (its blueprint folders hold other YAML
 * too, so the folder alone decides nothing).
 */
export function looksLikeBlueprint(filePath: string, text: string): boolean {
  if (/\.blueprint\.ya?ml$/i.test(filePath)) return true;
  return /^version:[ \t]*1[ \t]*(#.*)?$/m.test(text) && /^entries:/m.test(text);
}
