import * as assert from 'node:assert/strict';
import { membershipPlan } from '../../../../src/clients/authentik/relations/membershipPlan';
import { bindPlan, nextBindingOrder, unbindPlan } from '../../../../src/clients/authentik/relations/policyBindingPlan';
import { RelationPlan, relationPlanDetail } from '../../../../src/clients/authentik/relations/relationPlan';
import { rolePermissionsPlan } from '../../../../src/clients/authentik/relations/rolePermissionsPlan';
import { addStagePlan, removeStagePlan, stagePositions } from '../../../../src/clients/authentik/relations/stagePositionPlan';

/**
 * The plans of the relation actions: the exact requests each sends (method, path, body, in
 * order) and the lines the confirmation shows, for group membership, policy bindings, stages at a
 * position in a flow and role permissions.
 */
const sent = (plan: RelationPlan) => plan.requests.map((r) => `${r.method} ${r.path}${r.body ? ` ${JSON.stringify(r.body)}` : ''}`);
const isPlan = (p: unknown): p is RelationPlan => typeof p === 'object' && p !== null && 'requests' in p;

const PLATFORM = { pk: '0c5e2a8f-7d41-4b6e-9a3c-1f2d3e4a5b6c', name: 'Platform' };
const JANE = { pk: 7, username: 'jane', name: 'Jane Doe' };

describe('authentik relation plans', () => {
  describe('group membership', () => {
    it('adding sends one POST of the user’s pk to the group’s add_user action, and says so', () => {
      const plan = membershipPlan('add', PLATFORM, JANE, false);
      assert.ok(isPlan(plan));
      assert.deepEqual(sent(plan), [`POST /core/groups/${PLATFORM.pk}/add_user/ {"pk":7}`]);
      assert.equal(plan.title, 'Add “jane” (Jane Doe) to group “Platform”?');
      assert.equal(plan.destructive, false);
      assert.deepEqual(relationPlanDetail(plan, 'authentik at id.acme.example'), [
        'authentik at id.acme.example',
        '',
        'group “Platform”: members +jane (user 7)',
        '“jane” (Jane Doe) gets what the group grants: its roles, and the policies bound to it.',
        '',
        `One request is sent: POST /core/groups/${PLATFORM.pk}/add_user/ {"pk":7}.`,
        'A request without an answer is not repeated.',
      ]);
    });

    it('removing goes through remove_user and is asked as a removal', () => {
      const plan = membershipPlan('remove', PLATFORM, JANE, true);
      assert.ok(isPlan(plan));
      assert.deepEqual(sent(plan), [`POST /core/groups/${PLATFORM.pk}/remove_user/ {"pk":7}`]);
      assert.equal(plan.destructive, true);
      assert.equal(plan.action, 'Remove from Group');
    });

    it('a member added again, or a non-member removed, sends nothing and says why', () => {
      assert.deepEqual(membershipPlan('add', PLATFORM, JANE, true), { nothing: '“jane” (Jane Doe) is already a direct member of group “Platform”.' });
      assert.deepEqual(membershipPlan('remove', PLATFORM, JANE, false), { nothing: '“jane” (Jane Doe) is not a direct member of group “Platform”: nothing to remove.' });
    });
  });

  describe('a stage at a position in a flow', () => {
    const FLOW = { pk: 'flow-1', slug: 'default-authentication-flow' };
    const bindings = [
      { pk: 'b30', order: 30, stage: 's-mfa', stage_obj: { name: 'mfa' } },
      { pk: 'b10', order: 10, stage: 's-ident', stage_obj: { name: 'identification' } },
      { pk: 'b20', order: 20, stage: 's-pass', stage_obj: { name: 'password' } },
    ];
    const CONSENT = { pk: 's-consent', name: 'consent' };

    it('offers a position before each stage (in order) and one last', () => {
      assert.deepEqual(
        stagePositions(bindings).map((p) => `${p.position}: ${p.label}`),
        ['0: First, before “10 · identification”', '1: Between “10 · identification” and “20 · password”', '2: Between “20 · password” and “30 · mfa”', '3: Last, after “30 · mfa”'],
      );
    });

    it('between two stages with room: one POST at the order halfway, nothing else moves', () => {
      const plan = addStagePlan(FLOW, bindings, CONSENT, 2);
      assert.deepEqual(sent(plan), ['POST /flows/bindings/ {"target":"flow-1","stage":"s-consent","order":25}']);
      assert.deepEqual(plan.changes, [
        'flow “default-authentication-flow”: stage “consent” bound at order 25, between “20 · password” and “30 · mfa”',
        'The flow’s stages afterwards: 10 · identification, 20 · password, 25 · consent (new), 30 · mfa',
      ]);
    });

    it('first and last take a step of 10 beyond the neighbour', () => {
      assert.deepEqual(sent(addStagePlan(FLOW, bindings, CONSENT, 0)), ['POST /flows/bindings/ {"target":"flow-1","stage":"s-consent","order":0}']);
      assert.deepEqual(sent(addStagePlan(FLOW, bindings, CONSENT, 3)), ['POST /flows/bindings/ {"target":"flow-1","stage":"s-consent","order":40}']);
      assert.deepEqual(sent(addStagePlan(FLOW, [], CONSENT, 0)), ['POST /flows/bindings/ {"target":"flow-1","stage":"s-consent","order":10}']);
    });

    it('between orders with no whole number between them, the stages after it move up by one first (last first), each named in the plan', () => {
      const tight = [
        { pk: 'p10', order: 10, stage: 'a', stage_obj: { name: 'prompt-first' } },
        { pk: 'p11', order: 11, stage: 'b', stage_obj: { name: 'prompt-second' } },
        { pk: 'p12', order: 12, stage: 'c', stage_obj: { name: 'write' } },
        { pk: 'p20', order: 20, stage: 'd', stage_obj: { name: 'email' } },
      ];
      const plan = addStagePlan(FLOW, tight, CONSENT, 1);
      assert.deepEqual(sent(plan), ['PATCH /flows/bindings/p12/ {"order":13}', 'PATCH /flows/bindings/p11/ {"order":12}', 'POST /flows/bindings/ {"target":"flow-1","stage":"s-consent","order":11}']);
      assert.deepEqual(plan.changes.slice(1), [
        'order of “11 · prompt-second”: 11 → 12 (to make room)',
        'order of “12 · write”: 12 → 13 (to make room)',
        'The flow’s stages afterwards: 10 · prompt-first, 11 · consent (new), 12 · prompt-second, 13 · write, 20 · email',
      ]);
    });

    it('a position outside the flow is refused before anything is planned', () => {
      assert.throws(() => addStagePlan(FLOW, bindings, CONSENT, 4), /Position 4 is not in flow “default-authentication-flow” \(0 to 3\)/);
    });

    it('removing a stage deletes its binding only, asked as a removal', () => {
      const plan = removeStagePlan(FLOW, bindings[2]);
      assert.deepEqual(sent(plan), ['DELETE /flows/bindings/b20/']);
      assert.equal(plan.destructive, true);
      assert.match(plan.changes.join('\n'), /the binding “20 · password” is deleted[\s\S]*The stage “password” itself stays/);
    });
  });

  describe('policy bindings', () => {
    const APP = { kind: 'application' as const, pbm: 'app-pbm', name: 'Grafana' };
    const existing = [
      { pk: 'pb1', order: 0, policy: 'pol-1', policy_obj: { name: 'Office hours only' }, enabled: true },
      { pk: 'pb2', order: 10, group: 'grp-1', group_obj: { name: 'Admins' }, negate: true },
    ];

    it('binding a policy POSTs target, the policy and the order, and lists the bindings as they will be', () => {
      const plan = bindPlan(APP, existing, { kind: 'policy', pk: 'pol-2', name: 'Require MFA device' }, 5);
      assert.deepEqual(sent(plan), ['POST /policies/bindings/ {"target":"app-pbm","policy":"pol-2","order":5,"enabled":true,"negate":false}']);
      assert.deepEqual(plan.changes, [
        'application “Grafana”: policy “Require MFA device” bound at order 5 (enabled, not negated)',
        'The application’s bindings afterwards: 0 · policy “Office hours only”, 5 · policy “Require MFA device” (new), 10 · group “Admins” (negated)',
      ]);
    });

    it('a group or a user is bound by its own field; a second binding of the same one is said', () => {
      assert.deepEqual(sent(bindPlan(APP, existing, { kind: 'user', pk: 7, name: 'jane' }, 20)), ['POST /policies/bindings/ {"target":"app-pbm","user":7,"order":20,"enabled":true,"negate":false}']);
      const again = bindPlan(APP, existing, { kind: 'group', pk: 'grp-1', name: 'Admins' }, 20);
      assert.ok(again.changes.includes('It is already bound at order 10: this adds a second binding.'));
    });

    it('a flow is bound through its policy-binding model, not its own pk', () => {
      const plan = bindPlan({ kind: 'flow', pbm: 'flow-pbm', name: 'default-authentication-flow' }, [], { kind: 'policy', pk: 'pol-1', name: 'Office hours only' }, 0);
      assert.equal((plan.requests[0].body as { target: string }).target, 'flow-pbm');
    });

    it('the order offered comes after the last binding; a fraction is refused', () => {
      assert.equal(nextBindingOrder(existing), 20);
      assert.equal(nextBindingOrder([]), 0);
      assert.throws(() => bindPlan(APP, existing, { kind: 'policy', pk: 'p', name: 'p' }, 1.5), /whole number/);
    });

    it('removing a binding DELETEs it and keeps the policy', () => {
      const plan = unbindPlan(APP, existing[0]);
      assert.deepEqual(sent(plan), ['DELETE /policies/bindings/pb1/']);
      assert.equal(plan.destructive, true);
      assert.deepEqual(plan.changes, ['application “Grafana”: the binding “0 · policy “Office hours only”” is deleted', 'The policy itself stays.']);
    });
  });

  describe('role permissions', () => {
    const ROLE = { pk: 'role-1', name: 'Read-only auditors' };
    const VIEW_USER = { app_label: 'authentik_core', codename: 'view_user', name: 'Can view User' };

    it('assigning POSTs app_label.codename to the role’s assign action, globally', () => {
      const plan = rolePermissionsPlan('assign', ROLE, [VIEW_USER]);
      assert.deepEqual(sent(plan), ['POST /rbac/permissions/assigned_by_roles/role-1/assign/ {"permissions":["authentik_core.view_user"]}']);
      assert.equal(plan.changes[0], 'role “Read-only auditors”: +authentik_core.view_user (Can view User) globally (on every object of its model)');
    });

    it('unassigning PATCHes unassign and is asked as a removal; one object narrows it with model and object_pk', () => {
      const plan = rolePermissionsPlan('unassign', ROLE, [VIEW_USER], { model: 'authentik_core.user', pk: '7', name: 'jane' });
      assert.deepEqual(sent(plan), ['PATCH /rbac/permissions/assigned_by_roles/role-1/unassign/ {"permissions":["authentik_core.view_user"],"model":"authentik_core.user","object_pk":"7"}']);
      assert.equal(plan.destructive, true);
      assert.match(plan.changes[0], /−authentik_core\.view_user \(Can view User\) on authentik_core\.user “jane” only/);
    });
  });
});
