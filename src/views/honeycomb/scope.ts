import * as vscode from 'vscode';
import { RefreshTarget, TreeNode } from '../tree/node';
import { HoneycombExplorer, KeySource } from './explorer';
import { EnvContext, HoneycombObject } from './objects';
import { recordKeyOfObject } from './recordKeys';

/** What every node below an environment shares: the explorer, the environment, its key's origin. */
export interface EnvScope {
  explorer: HoneycombExplorer;
  env: EnvContext;
  keySource: KeySource;
  /** The view the nodes are shown in: a folder redraws its row once it knows its count. */
  view?: RefreshTarget;
}

/** The command that sets the key an environment's nodes read with, offered on auth errors. */
export function signInCommandFor(scope: EnvScope): string {
  return scope.keySource === 'default' ? 'opsConfig.honeycomb.setApiKey' : 'opsConfig.honeycomb.setEnvironmentApiKey';
}

/** A tree node that stands for a Honeycomb object: the copy, open and snippet commands use it. */
export interface ObjectNode {
  object(): HoneycombObject;
  recordKey(): string;
  recordTitle(): string;
}

/** The shared part of a node that stands for one object: its id, parent and record key. */
export abstract class ObjectLeafNode implements TreeNode, ObjectNode {
  constructor(
    readonly id: string,
    private readonly parent: TreeNode,
  ) {}

  abstract getTreeItem(): vscode.TreeItem;
  abstract object(): HoneycombObject;
  abstract recordTitle(): string;

  recordKey(): string {
    return recordKeyOfObject(this.object());
  }

  getParent(): TreeNode {
    return this.parent;
  }
}

export function isObjectNode(node: unknown): node is ObjectNode {
  return !!node && typeof (node as ObjectNode).object === 'function' && typeof (node as ObjectNode).recordKey === 'function';
}
