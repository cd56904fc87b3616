import type * as A from '../../clients/authentik';
import { InfoNode, TreeNode } from '../tree/node';
import { AuthentikTreeContext } from './context';
import { editKindId } from './kinds/ids';
import { count, icon } from './nodeLook';
import { AuthentikObjectNode, SectionNode } from './objectNode';
import { expiryPresentation } from './presentation';
import { refs } from './refs';

/** A certificate shows its expiry and expands to what uses it. */

export class CertificateNode extends AuthentikObjectNode {
  constructor(
    parent: TreeNode,
    ctx: AuthentikTreeContext,
    readonly pair: A.CertificateKeyPair,
  ) {
    const expiry = expiryPresentation(pair.cert_expiry);
    const color = expiry.tone === 'error' ? 'problemsErrorIcon.foreground' : expiry.tone === 'warning' ? 'problemsWarningIcon.foreground' : undefined;
    super(parent, ctx, refs.certificate(pair), {
      label: pair.name,
      description: [expiry.text, pair.private_key_available ? 'with key' : 'no key'].join(' · '),
      tooltip: `${pair.name}\n${pair.cert_subject ?? ''}\n${expiry.text}`,
      icon: icon(expiry.tone === 'error' ? 'error' : expiry.tone === 'warning' ? 'warning' : 'workspace-trusted', color),
      edit: { kindId: editKindId('certificateKeyPair'), address: { id: pair.pk }, name: pair.name },
    });
  }

  protected override extraContext(): string[] {
    return [expiryPresentation(this.pair.cert_expiry).tone, this.pair.private_key_available ? 'key' : 'nokey'];
  }

  protected override hasChildren(): boolean {
    return true;
  }

  protected override async loadChildren(signal: AbortSignal): Promise<TreeNode[]> {
    const usedBy = await this.ctx.client.certificateUsedBy(this.pair.pk, signal);
    return [
      new SectionNode(
        this,
        'used-by',
        'Used by',
        count(usedBy.length, 'object'),
        'references',
        (self) => usedBy.map((u, i) => new InfoNode(`${self.id}/${i}`, self, u.name, { description: `${u.app}.${u.model_name} · on delete: ${u.action}`, icon: icon('symbol-reference') })),
        'Nothing uses this certificate',
      ),
    ];
  }
}
