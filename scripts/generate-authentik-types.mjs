#!/usr/bin/env node
// Regenerates src/clients/authentik/generated/schema.ts from the official authentik OpenAPI
// document (test/servers/openapi/authentik.schema.yml) with openapi-typescript.
//
//   npm run generate:authentik-types
//
// The whole document gives a 2 MB declaration file that every `tsc` run would have to read; the
// client uses a few dozen operations. So the document is first pruned to the paths listed below
// (GET only for PATHS, every method for WRITE_PATHS) plus every component they reference
// (transitively), then handed to openapi-typescript. To use another endpoint, add its path to
// one of the lists and run the script again; never edit the output.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import openapiTS, { astToString } from 'openapi-typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'test/servers/openapi/authentik.schema.yml');
const target = join(root, 'src/clients/authentik/generated/schema.ts');

/** The GET operations the client calls (paths relative to /api/v3). */
const PATHS = [
  '/admin/version/',
  '/core/users/me/',
  '/core/brands/',
  '/core/brands/{brand_uuid}/',
  '/crypto/certificatekeypairs/',
  '/crypto/certificatekeypairs/{kp_uuid}/',
  '/crypto/certificatekeypairs/{kp_uuid}/view_certificate/',
  '/crypto/certificatekeypairs/{kp_uuid}/view_private_key/',
  '/crypto/certificatekeypairs/{kp_uuid}/used_by/',
  '/flows/instances/',
  '/flows/instances/{slug}/',
  '/flows/instances/{slug}/diagram/',
  '/flows/bindings/',
  '/core/groups/',
  '/core/groups/{group_uuid}/',
  '/core/users/',
  '/core/users/{id}/',
  '/core/applications/',
  '/core/applications/{slug}/',
  '/providers/all/',
  '/providers/all/{id}/',
  '/providers/oauth2/',
  '/providers/oauth2/{id}/',
  '/providers/oauth2/{id}/setup_urls/',
  '/providers/saml/',
  '/providers/saml/{id}/',
  '/providers/saml/{id}/metadata/',
  '/sources/all/',
  '/sources/all/{slug}/',
  '/stages/all/',
  '/stages/all/{stage_uuid}/',
  '/propertymappings/all/',
  '/propertymappings/all/{pm_uuid}/',
  '/propertymappings/provider/rac/',
  '/propertymappings/provider/radius/',
  '/propertymappings/provider/saml/',
  '/propertymappings/provider/scim/',
  '/propertymappings/provider/scope/',
  '/propertymappings/source/ldap/',
  '/propertymappings/provider/rac/{pm_uuid}/',
  '/propertymappings/provider/radius/{pm_uuid}/',
  '/propertymappings/provider/saml/{pm_uuid}/',
  '/propertymappings/provider/scim/{pm_uuid}/',
  '/propertymappings/provider/scope/{pm_uuid}/',
  '/propertymappings/source/ldap/{pm_uuid}/',
  '/outposts/instances/',
  '/outposts/instances/{uuid}/',
  '/outposts/service_connections/all/',
  '/outposts/service_connections/all/{uuid}/',
  '/outposts/service_connections/kubernetes/',
  '/outposts/service_connections/kubernetes/{uuid}/',
  '/rbac/permissions/',
  '/rbac/permissions/{id}/',
];

/**
 * Paths whose every operation the client calls (list/create, retrieve/update/partial_update/
 * destroy, used_by and the special actions) for the 13 managed resources of the seed.
 */
const WRITE_PATHS = [
  '/core/applications/',
  '/core/applications/{slug}/',
  '/core/applications/{slug}/used_by/',
  '/core/application_entitlements/',
  '/core/application_entitlements/{pbm_uuid}/',
  '/core/application_entitlements/{pbm_uuid}/used_by/',
  '/managed/blueprints/',
  '/managed/blueprints/{instance_uuid}/',
  '/managed/blueprints/{instance_uuid}/used_by/',
  '/managed/blueprints/{instance_uuid}/apply/',
  '/managed/blueprints/available/',
  '/core/brands/',
  '/core/brands/{brand_uuid}/',
  '/core/brands/{brand_uuid}/used_by/',
  '/crypto/certificatekeypairs/',
  '/crypto/certificatekeypairs/{kp_uuid}/',
  '/crypto/certificatekeypairs/{kp_uuid}/used_by/',
  '/crypto/certificatekeypairs/generate/',
  '/endpoints/agents/connectors/',
  '/endpoints/agents/connectors/{connector_uuid}/',
  '/endpoints/agents/connectors/{connector_uuid}/used_by/',
  '/endpoints/agents/enrollment_tokens/',
  '/endpoints/agents/enrollment_tokens/{token_uuid}/',
  '/endpoints/agents/enrollment_tokens/{token_uuid}/used_by/',
  '/endpoints/agents/enrollment_tokens/{token_uuid}/view_key/',
  '/endpoints/google_chrome/connectors/',
  '/endpoints/google_chrome/connectors/{connector_uuid}/',
  '/endpoints/google_chrome/connectors/{connector_uuid}/used_by/',
  '/enterprise/license/',
  '/enterprise/license/{license_uuid}/',
  '/enterprise/license/{license_uuid}/used_by/',
  '/enterprise/license/summary/',
  '/enterprise/license/install_id/',
  '/enterprise/license/forecast/',
  '/events/rules/',
  '/events/rules/{pbm_uuid}/',
  '/events/rules/{pbm_uuid}/used_by/',
  '/events/transports/',
  '/events/transports/{uuid}/',
  '/events/transports/{uuid}/used_by/',
  '/events/transports/{uuid}/test/',
  '/flows/instances/',
  '/flows/instances/{slug}/',
  '/flows/instances/{slug}/used_by/',
  '/flows/instances/{slug}/export/',
  '/flows/bindings/',
  '/flows/bindings/{fsb_uuid}/',
  '/flows/bindings/{fsb_uuid}/used_by/',
];

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const doc = YAML.parse(readFileSync(source, 'utf8'), { maxAliasCount: -1 });

const pruned = { ...doc, paths: {}, components: {} };
for (const path of PATHS) {
  const item = doc.paths[path];
  if (!item?.get) throw new Error(`${path} has no GET operation in ${source}`);
  pruned.paths[path] = { get: item.get, ...(item.parameters ? { parameters: item.parameters } : {}) };
}
for (const path of WRITE_PATHS) {
  const item = doc.paths[path];
  const operations = Object.fromEntries(METHODS.filter((m) => item?.[m]).map((m) => [m, item[m]]));
  if (Object.keys(operations).length === 0) throw new Error(`${path} has no operation in ${source}`);
  pruned.paths[path] = { ...operations, ...(item.parameters ? { parameters: item.parameters } : {}) };
}

// Copy every component reachable from the kept operations.
const seen = new Set();
const queue = [pruned.paths];
while (queue.length > 0) {
  const value = queue.pop();
  if (Array.isArray(value)) {
    queue.push(...value);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/') && !seen.has(child)) {
        seen.add(child);
        const [, , section, name] = child.split('/');
        const component = doc.components?.[section]?.[name];
        if (component === undefined) throw new Error(`dangling reference ${child}`);
        (pruned.components[section] ??= {})[name] = component;
        queue.push(component);
      } else {
        queue.push(child);
      }
    }
  }
}
pruned.components.securitySchemes = doc.components?.securitySchemes;

// defaultNonNullable off: a field with a default is optional in a request body, not required.
const ast = await openapiTS(pruned, { alphabetize: true, defaultNonNullable: false });
const header = [
  '/* eslint-disable */',
  '// GENERATED by scripts/generate-authentik-types.mjs from test/servers/openapi/authentik.schema.yml',
  `// (authentik ${doc.info?.version ?? 'unknown'}) with openapi-typescript. Do not edit: change the script's path list and`,
  '// run `npm run generate:authentik-types`.',
  '',
].join('\n');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, header + astToString(ast));
console.log(`wrote ${target}: ${Object.keys(pruned.paths).length} paths, ${seen.size} components`);
