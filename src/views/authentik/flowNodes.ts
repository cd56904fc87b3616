import type * as A from '../../clients/authentik';
import { InfoNode, TreeNode } from '../tree/node';
import { AuthentikTreeContext } from './context';
import { editKindId } from './kinds/ids';
import { count, icon, polymorphicEdit } from './nodeLook';
import { AuthentikObjectNode, ObjectLook, SectionNode } from './objectNode';
import { recordKeyOf } from './objectRef';
import { refs } from './refs';

/** A flow expands to its stage bindings in order; a stage to the flows using it. */

export class FlowNode extends AuthentikObjectNode {
  constructor(
    parent: TreeNode,
    ctx: AuthentikTreeContext,
    readonly flow: Pick<A.Flow, 'pk' | 'slug' | 'name' | 'title' | 'designation'>,
    idSuffix = '',
  ) {
    super(
      parent,
      ctx,
      refs.flow(flow),
      {
        label: flow.slug,
        description: `${flow.designation} · ${flow.name}`,
        tooltip: `${flow.name}\n${flow.title}\nDesignation: ${flow.designation}`,
        icon: icon('list-ordered'),
        edit: { kindId: editKindId('flow'), address: { id: flow.slug }, name: flow.slug },
      },
      idSuffix,
    );
  }

  /** The flow's bindings as loaded (in order), for Move up / Move down. */
  bindings(): A.FlowStageBinding[] {
    return this.loadedBindings;
  }

  private loadedBindings: A.FlowStageBinding[] = [];

  protected override hasChildren(): boolean {
    return true;
  }

  /** The stage bindings in execution order; a flow rarely has more than a page of them. */
  protected override async loadChildren(signal: AbortSignal): Promise<TreeNode[]> {
    const page = await this.ctx.client.listFlowBindings(this.flow.pk, { pageSize: 100, signal });
    this.loadedBindings = page.items;
    const nodes: TreeNode[] = page.items.map((b) => new StageNode(this, this.ctx, b.stage_obj, { binding: b }));
    if (page.count > page.items.length) {
      nodes.push(
        new InfoNode(`${this.id}/more`, this, `${(page.count - page.items.length).toLocaleString('en-US')} more bindings`, { description: 'open the record for all', icon: icon('ellipsis') }),
      );
    }
    return nodes;
  }

  protected override emptyMessage(): string {
    return 'No stages bound to this flow';
  }
}

export class StageNode extends AuthentikObjectNode {
  constructor(
    parent: TreeNode,
    ctx: AuthentikTreeContext,
    readonly stage: A.Stage,
    options: { binding?: A.FlowStageBinding } = {},
  ) {
    const b = options.binding;
    const look: ObjectLook = b
      ? {
          label: `${b.order} · ${stage.name}`,
          description: stage.verbose_name,
          tooltip: [
            `Order ${b.order}: ${stage.name} (${stage.verbose_name})`,
            `On an invalid answer: ${b.invalid_response_action ?? 'retry'}`,
            `Evaluate policies when planning: ${b.evaluate_on_plan ? 'yes' : 'no'}`,
            `Re-evaluate policies when shown: ${b.re_evaluate_policies !== false ? 'yes' : 'no'}`,
            `Policy engine mode: ${b.policy_engine_mode ?? 'any'}`,
          ].join('\n'),
          icon: icon('debug-stackframe'),
          // A stage shown as a binding edits (and deletes) the binding, never the stage.
          edit: { kindId: editKindId('flowStageBinding'), address: { parent: b.target, id: b.pk }, name: `${b.order} · ${stage.name}` },
        }
      : { label: stage.name, description: stage.verbose_name, icon: icon('debug-stackframe'), edit: polymorphicEdit('stage', stage, stage.pk, stage.name) };
    super(parent, ctx, refs.stage(stage), look, b ? `#${b.pk}` : '');
    this.binding = b;
  }

  readonly binding?: A.FlowStageBinding;

  /** A binding opens the binding's record (order, policies…); a stage its own. */
  override recordKey(): string {
    return this.binding ? recordKeyOf({ kind: 'flowStageBinding', lookup: this.binding.pk }, this.connectionId) : super.recordKey();
  }

  protected override extraContext(): string[] {
    return this.binding ? ['binding'] : [];
  }

  protected override hasChildren(): boolean {
    return true;
  }

  /** The flows this stage is bound into (`flow_set`), fresh from the server. */
  protected override async loadChildren(signal: AbortSignal): Promise<TreeNode[]> {
    const stage = await this.ctx.client.retrieveStage(this.stage.pk, signal);
    return [
      new SectionNode(
        this,
        'used-in',
        'Used in flows',
        count(stage.flow_set.length, 'flow'),
        'references',
        (self) => stage.flow_set.map((f) => new FlowNode(self, this.ctx, f)),
        'This stage is not bound to any flow',
      ),
    ];
  }
}
