import * as assert from 'node:assert/strict';
import { blueprintEntries } from '../../../../src/clients/authentik/blueprintManaged/entries';
import { authentikManagedText, blueprintManagers, blueprintModelOf, managerText } from '../../../../src/clients/authentik/blueprintManaged/match';

/**
 * Which blueprint manages an object, found as authentik's importer finds an entry's object (the
 * `pk` identifier alone, else every other identifier, mappings by containment), over objects in
 * the API's shapes (2026.8.3) and blueprints written the way authentik's bundled ones are.
 */
const FLOW = {
  pk: '9d5c1e2a-3b4f-4a6c-8d7e-0f1a2b3c4d5e',
  policybindingmodel_ptr_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Welcome to authentik!',
  slug: 'default-authentication-flow',
  title: 'Welcome to authentik!',
  designation: 'authentication',
  background: '/static/dist/assets/images/flow_background.jpg',
  stages: [],
  policies: [],
  cache_count: 0,
  policy_engine_mode: 'any',
  compatibility_mode: false,
  export_url: '/api/v3/flows/instances/default-authentication-flow/export/',
  layout: 'stacked',
  denied_action: 'message_continue',
  authentication: 'require_unauthenticated',
};
const ENTITLEMENT = { pbm_uuid: '6f0e2d4c-8b1a-4c3e-9d5f-7a2b4c6d8e0f', name: 'grafana-editors', app: '3e5c7a9b-1d2f-4b6a-8c0e-2f4a6c8e0b1d', attributes: { grafana_role: 'Editor' } };
const SCOPE_MAPPING = {
  pk: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  managed: 'goauthentik.io/providers/oauth2/scope-email',
  name: "authentik default OAuth Mapping: OpenID 'email'",
  expression: 'return {"email": request.user.email, "email_verified": True}',
  component: 'ak-property-mapping-provider-scope-form',
  verbose_name: 'Scope Mapping',
  verbose_name_plural: 'Scope Mappings',
  meta_model_name: 'authentik_providers_oauth2.scopemapping',
  scope_name: 'email',
  description: 'Email address',
};

const FLOWS_BLUEPRINT = `version: 1
metadata:
  name: Acme - sign-in
entries:
  - model: authentik_flows.flow
    id: flow
    identifiers:
      slug: default-authentication-flow
    attrs:
      title: Welcome to Acme
  - model: authentik_flows.flowstagebinding
    identifiers:
      target: !KeyOf flow
      stage: !Find [authentik_stages_password.passwordstage, [name, default-authentication-password]]
      order: 20
`;
const ENTITLEMENTS_BLUEPRINT = `version: 1
metadata:
  name: Acme - Grafana entitlements
entries:
  - model: authentik_core.ApplicationEntitlement
    state: created
    identifiers:
      name: grafana-editors
      app: !Find [authentik_core.application, [slug, grafana]]
    attrs:
      attributes:
        grafana_role: Editor
`;
const BY_PK = `version: 1
entries:
  named-group:
    - model: authentik_flows.flow
      state: absent
      identifiers:
        pk: ${FLOW.pk}
`;

describe('objects a blueprint manages', () => {
  it('reads entries with their model (lower case), state (present unless given) and identifiers, tags kept as tags', () => {
    const entries = blueprintEntries(FLOWS_BLUEPRINT);
    assert.deepEqual(
      entries.map((e) => [e.model, e.state]),
      [
        ['authentik_flows.flow', 'present'],
        ['authentik_flows.flowstagebinding', 'present'],
      ],
    );
    assert.deepEqual(entries[1].identifiers, { target: { tag: '!KeyOf' }, stage: { tag: '!Find' }, order: { value: 20 } });
    assert.deepEqual(blueprintEntries(BY_PK)[0].identifiers, { pk: { value: FLOW.pk } }, 'entries grouped under a name are read too');
    assert.deepEqual(blueprintEntries('entries: [unclosed'), []);
  });

  it('a flow named by its slug in an instance’s content is managed by it; the plan line says the next apply reverts an edit', () => {
    const instances = [
      { pk: 'bp-1', name: 'Acme - sign-in', path: '', content: FLOWS_BLUEPRINT, enabled: true },
      { pk: 'bp-2', name: 'Default - Authentication flow', path: 'default/flow-default-authentication-flow.yaml', content: '', enabled: true },
    ];
    const found = blueprintManagers(blueprintModelOf('flow', FLOW)!, FLOW, instances);
    assert.deepEqual(found, [{ instance: { pk: 'bp-1', name: 'Acme - sign-in', enabled: true }, entry: 0, state: 'present', unchecked: [] }]);
    assert.equal(managerText(found[0]), 'Managed by blueprint “Acme - sign-in”: the next apply reverts this; edit the blueprint instead.');
  });

  it('another slug, another model, or an instance from a file (no content in the API) is no match', () => {
    const other = { ...FLOW, slug: 'default-enrollment-flow' };
    assert.deepEqual(blueprintManagers('authentik_flows.flow', other, [{ pk: 'bp-1', name: 'x', content: FLOWS_BLUEPRINT }]), []);
    assert.deepEqual(blueprintManagers('authentik_core.application', FLOW, [{ pk: 'bp-1', name: 'x', content: FLOWS_BLUEPRINT }]), []);
  });

  it('an entry with state created keeps edits; a tag identifier is named as not compared', () => {
    const [found] = blueprintManagers(blueprintModelOf('applicationEntitlement', ENTITLEMENT)!, ENTITLEMENT, [{ pk: 'bp-3', name: 'Acme - Grafana entitlements', content: ENTITLEMENTS_BLUEPRINT }]);
    assert.equal(found.state, 'created');
    assert.equal(
      managerText(found),
      'Created by blueprint “Acme - Grafana entitlements” (state: created): its next apply leaves the object as it is, so edits here stay.' +
        ' (matched by its identifiers; app given by a tag, not compared)',
    );
  });

  it('a pk identifier alone names the object; absent and a disabled instance are said', () => {
    const [found] = blueprintManagers('authentik_flows.flow', FLOW, [{ pk: 'bp-4', name: 'Cleanup', content: BY_PK, enabled: false }]);
    assert.equal(managerText(found), 'Blueprint “Cleanup” deletes this object on its next apply (state: absent). The instance is disabled: nothing is applied until it is enabled again.');
  });

  it('an entry named only by tags is not taken for any object of its model', () => {
    const onlyTags = `version: 1\nentries:\n  - model: authentik_flows.flow\n    identifiers:\n      slug: !Context flow_slug\n`;
    assert.deepEqual(blueprintManagers('authentik_flows.flow', FLOW, [{ pk: 'bp', name: 'x', content: onlyTags }]), []);
  });

  it('plain identifiers that only narrow (a binding’s order) do not name an object when the others are tags', () => {
    const binding = {
      pk: 'fsb-1',
      policybindingmodel_ptr_id: 'pbm-1',
      target: FLOW.pk,
      stage: 'stage-pk',
      order: 20,
      evaluate_on_plan: false,
      re_evaluate_policies: true,
      policy_engine_mode: 'any',
      invalid_response_action: 'retry',
    };
    assert.deepEqual(blueprintManagers('authentik_flows.flowstagebinding', binding, [{ pk: 'bp-1', name: 'Acme - sign-in', content: FLOWS_BLUEPRINT }]), []);
  });

  it('a mapping identifier matches by containment, as the importer’s __contains', () => {
    const content = `version: 1\nentries:\n  - model: authentik_core.applicationentitlement\n    identifiers:\n      attributes:\n        grafana_role: Editor\n`;
    assert.equal(blueprintManagers('authentik_core.applicationentitlement', ENTITLEMENT, [{ pk: 'bp', name: 'x', content }]).length, 1);
    assert.equal(blueprintManagers('authentik_core.applicationentitlement', { ...ENTITLEMENT, attributes: { grafana_role: 'Admin' } }, [{ pk: 'bp', name: 'x', content }]).length, 0);
  });

  it('polymorphic objects are matched by their own meta_model_name; authentik’s managed mark is said', () => {
    assert.equal(blueprintModelOf('mapping', SCOPE_MAPPING), 'authentik_providers_oauth2.scopemapping');
    assert.equal(
      authentikManagedText(SCOPE_MAPPING),
      "Managed by authentik (goauthentik.io/providers/oauth2/scope-email): authentik's own blueprints may overwrite changes in a later update or apply.",
    );
    assert.equal(authentikManagedText(FLOW), undefined);
  });
});
