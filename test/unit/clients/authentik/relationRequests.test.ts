import * as assert from 'node:assert/strict';
import { AuthentikClient } from '../../../../src/clients/authentik';
import { membershipPlan } from '../../../../src/clients/authentik/relations/membershipPlan';
import { bindPlan, unbindPlan } from '../../../../src/clients/authentik/relations/policyBindingPlan';
import { listPolicies, listPolicyBindings, listRolePermissions, listRoles } from '../../../../src/clients/authentik/relations/reads';
import { RelationPlan } from '../../../../src/clients/authentik/relations/relationPlan';
import { rolePermissionsPlan } from '../../../../src/clients/authentik/relations/rolePermissionsPlan';
import { sendRelationPlan } from '../../../../src/clients/authentik/relations/sendPlan';
import { addStagePlan } from '../../../../src/clients/authentik/relations/stagePositionPlan';
import { authentikApiBase } from '../../../../src/core/config';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../../servers/authentik';

/**
 * The relation plans sent to the stand-in (which checks every request body and answer against
 * authentik's 2026.8.3 document) and read back; and what the user is told when a request gets no
 * answer (unknown, sent once) or is refused half-way (what was already done).
 */
describe('authentik relation requests against the stand-in', function () {
  this.timeout(30_000);
  let standIn: AuthentikStandIn;
  let client: AuthentikClient;
  before(async () => {
    standIn = await startAuthentikStandIn();
    client = new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token: AUTHENTIK_TOKENS.admin });
  });
  after(() => standIn.stop());
  beforeEach(() => standIn.reset());
  afterEach(() => assert.deepEqual(standIn.violations, []));

  const asPlan = (p: unknown) => p as RelationPlan;
  const writes = () => standIn.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
  const groupNamed = (name: string) => standIn.seed.directory.groups.find((g) => g.name === name)!;
  const someUser = () => standIn.seed.users.find((u) => u.username !== 'akadmin' && u.groups.length > 0)!;

  it('adds a user to a group and removes them again; the user’s groups read back show it', async () => {
    const user = someUser();
    const group = standIn.seed.directory.groups.find((g) => !user.groups.some((m) => m.pk === g.pk))!;
    assert.deepEqual(await sendRelationPlan(client.api, asPlan(membershipPlan('add', group, user, false))), { status: 'done' });
    assert.ok((await client.retrieveUser(user.pk)).groups?.includes(group.pk));
    assert.deepEqual(await sendRelationPlan(client.api, asPlan(membershipPlan('remove', group, user, true))), { status: 'done' });
    assert.ok(!(await client.retrieveUser(user.pk)).groups?.includes(group.pk));
    assert.deepEqual(writes(), [`POST /api/v3/core/groups/${group.pk}/add_user/`, `POST /api/v3/core/groups/${group.pk}/remove_user/`]);
  });

  it('puts a stage between two bindings with no room (10 and 11): the next ones move up, the new one sits between', async () => {
    const flow = standIn.seed.directory.flows.find((f) => f.slug === 'default-enrollment-flow')!;
    const consent = standIn.seed.directory.stages.find((s) => s.name === 'default-provider-authorization-consent')!;
    const before = (await client.listFlowBindings(flow.pk, { pageSize: 100 })).items;
    const plan = addStagePlan(flow, before, consent, 1);
    assert.deepEqual(await sendRelationPlan(client.api, plan), { status: 'done' });
    const after = (await client.listFlowBindings(flow.pk, { pageSize: 100 })).items.sort((a, b) => a.order - b.order);
    assert.deepEqual(
      after.map((b) => `${b.order} ${b.stage_obj?.name}`),
      [
        '10 default-enrollment-prompt-first',
        '11 default-provider-authorization-consent',
        '12 default-enrollment-prompt-second',
        '20 default-enrollment-user-write',
        '30 default-enrollment-email-verification',
        '100 default-enrollment-user-login',
      ],
    );
  });

  it('binds a policy and a group to an application with their orders, lists them, and removes one', async () => {
    const app = standIn.seed.directory.applications[0];
    const target = { kind: 'application' as const, pbm: app.pk, name: app.name };
    const [policy] = await listPolicies(client.api, 'Office');
    assert.equal(policy.name, 'Office hours only');
    const admins = groupNamed('authentik Admins');
    assert.deepEqual(await sendRelationPlan(client.api, bindPlan(target, [], { kind: 'policy', pk: policy.pk, name: policy.name }, 10)), { status: 'done' });
    assert.deepEqual(await sendRelationPlan(client.api, bindPlan(target, [], { kind: 'group', pk: admins.pk, name: admins.name }, 0)), { status: 'done' });
    const bound = await listPolicyBindings(client.api, app.pk);
    assert.deepEqual(
      bound.map((b) => `${b.order} ${b.policy_obj?.name ?? b.group_obj?.name}`),
      ['0 authentik Admins', '10 Office hours only'],
    );
    assert.deepEqual(await sendRelationPlan(client.api, unbindPlan(target, bound[1])), { status: 'done' });
    assert.deepEqual(
      (await listPolicyBindings(client.api, app.pk)).map((b) => b.group_obj?.name),
      ['authentik Admins'],
    );
  });

  it('assigns a permission to a role and unassigns it; the role’s permissions read back show it', async () => {
    const role = (await listRoles(client.api)).find((r) => r.name === 'Read-only auditors')!;
    const permission = standIn.seed.directory.permissions.find((p) => p.codename === 'view_flow')!;
    assert.deepEqual(await sendRelationPlan(client.api, rolePermissionsPlan('assign', role, [permission])), { status: 'done' });
    assert.deepEqual(
      (await listRolePermissions(client.api, role.pk)).map((p) => p.codename),
      ['view_flow'],
    );
    assert.deepEqual(await sendRelationPlan(client.api, rolePermissionsPlan('unassign', role, [permission])), { status: 'done' });
    assert.deepEqual(await listRolePermissions(client.api, role.pk), []);
  });

  it('a request without an answer is said to be of unknown outcome and is sent once only', async () => {
    const user = someUser();
    const group = standIn.seed.directory.groups.find((g) => !user.groups.some((m) => m.pk === g.pk))!;
    standIn.faults.inject({ kind: 'resetAfterApply', route: 'POST /api/v3/core/groups/*', times: 1 });
    const outcome = await sendRelationPlan(client.api, asPlan(membershipPlan('add', group, user, false)));
    assert.equal(outcome.status, 'unknown');
    assert.match((outcome as { message: string }).message, /^No answer came while adding “[^”]+”.* to “[^”]+”, so it may or may not have been done\. Nothing was retried/);
    assert.equal(writes().length, 1, 'the POST was not repeated');
  });

  it('a refusal half-way says what was already done and that the rest was not sent', async () => {
    const flow = standIn.seed.directory.flows.find((f) => f.slug === 'default-enrollment-flow')!;
    const before = (await client.listFlowBindings(flow.pk, { pageSize: 100 })).items;
    // A stage that does not exist: the moves to make room are made, the create is refused.
    const plan = addStagePlan(flow, before, { pk: '00000000-0000-4000-8000-000000000000', name: 'ghost' }, 1);
    const outcome = await sendRelationPlan(client.api, plan);
    assert.equal(outcome.status, 'failed');
    assert.match(
      (outcome as { message: string }).message,
      /^Binding stage “ghost” at order 11 failed: .*object does not exist\. Already done before it: moving “11 · default-enrollment-prompt-second” to order 12\.$/,
    );
  });
});
