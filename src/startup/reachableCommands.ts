/**
 * Which of the extension's commands a user (or the editor) can run before the features load:
 * the command palette's entries that are not hidden, every menu but the tree items' context menu,
 * the keybindings and the links of the views' welcome content. The others are named only by tree
 * nodes, which exist once the features have loaded; they need no stand-in at start-up.
 */
export interface CommandManifest {
  contributes?: {
    commands?: Array<{ command: string }>;
    menus?: Record<string, Array<{ command?: string; when?: string }>>;
    keybindings?: Array<{ command: string }>;
    viewsWelcome?: Array<{ contents: string }>;
  };
}

/** The menu whose entries live on tree nodes (and their inline buttons). */
const TREE_ITEM_MENU = 'view/item/context';

export function commandsReachableBeforeFeatures(manifest: CommandManifest, alsoNamedAtStartUp: readonly string[]): Set<string> {
  const contributes = manifest.contributes ?? {};
  const menus = contributes.menus ?? {};
  const declared = (contributes.commands ?? []).map((c) => c.command);
  const hiddenFromPalette = new Set((menus.commandPalette ?? []).filter((entry) => entry.when === 'false').map((entry) => entry.command));
  const named = new Set<string>(alsoNamedAtStartUp);
  for (const [menu, entries] of Object.entries(menus)) {
    if (menu === 'commandPalette' || menu === TREE_ITEM_MENU) continue;
    for (const entry of entries) if (entry.command) named.add(entry.command);
  }
  for (const { command } of contributes.keybindings ?? []) named.add(command);
  for (const { contents } of contributes.viewsWelcome ?? []) {
    for (const link of contents.matchAll(/\(command:([\w.-]+)/g)) named.add(link[1]);
  }
  const undeclared = alsoNamedAtStartUp.filter((id) => !declared.includes(id));
  if (undeclared.length > 0) throw new Error(`Start-up names commands the manifest does not declare: ${undeclared.join(', ')}.`);
  return new Set(declared.filter((id) => !hiddenFromPalette.has(id) || named.has(id)));
}
