import * as assert from 'node:assert/strict';
import { createHash, createPublicKey } from 'node:crypto';
import { parsePolicies } from '../../../src/clients/cosign/policy/parse';
import { KeyAuthority, StaticAuthority } from '../../../src/clients/cosign/policy/types';
import { ServiceError } from '../../../src/core/errors';
import { makeKey } from '../../registry/images';

/**
 * Policies the policy controller's validating webhook refuses, each written beside a
 * `static: pass` authority: accepted, such a policy verified every image it covered.
 */
const header = (name: string, metadata = '') => `apiVersion: policy.sigstore.dev/v1beta1\nkind: ClusterImagePolicy\nmetadata:\n  name: ${name}\n${metadata}`;
const passBeside = (authority: string, spec = '') =>
  `${header('release-signed')}spec:\n  images:\n    - glob: registry.example.com/**\n${spec}  authorities:\n    - name: vendor\n      static:\n        action: pass\n${authority}`;
const keyAuthority = (fields: string) => `    - name: release\n      key:\n${fields}`;

function problems(text: string): string {
  try {
    parsePolicies(text, 'policy.yaml');
  } catch (error) {
    assert.ok(error instanceof ServiceError && error.kind === 'badInput', String(error));
    return error.fieldErrors.map((f) => `${f.field}: ${f.messages.join(' ')}`).join('\n');
  }
  return '';
}

const indent = (pem: string, spaces: string) =>
  pem
    .trim()
    .split('\n')
    .map((line) => `${spaces}${line}`)
    .join('\n');

describe('webhook-invalid policies are refused as the policy controller refuses them', () => {
  it('kms references: AWS forms the webhook refuses, and a scheme it does not know, also under keyless.ca-cert', () => {
    const refused: Array<[string, RegExp]> = [
      ['awskms:///alias/release', /must name the key by its ARN/],
      ['awskms:///1234abcd-12ab-34cd-56ef-1234567890ab', /must name the key by its ARN/],
      ['awskms://1234abcd-12ab-34cd-56ef-1234567890ab', /is not an AWS KMS key reference/],
      ['awskms://arn:aws:kms:us-east-2:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab', /puts the key where the endpoint goes/],
      ['awskms://localhost:::4566/arn:aws:kms:us-east-2:111122223333:alias/release', /malformed endpoint: localhost:::4566 has too many colons/],
      ['awskms://kms.example.com/arn:aws:kms:us-east-2:111122223333:alias/release', /malformed endpoint: kms\.example\.com has no port/],
      ['awskms://localhost:4566/arn:sonotvalid', /is not an AWS KMS key reference/],
      ['fookms://localhost:8888/xpa:butnotvalid', /names no KMS provider the policy controller supports: start it with awskms:\/\/, azurekms:\/\/, hashivault:\/\/, gcpkms:\/\//],
    ];
    for (const [kms, expected] of refused) {
      assert.match(problems(passBeside(keyAuthority(`        kms: ${kms}\n`))), new RegExp(`spec\\.authorities\\[1\\]\\.key\\.kms: .*${expected.source}`), kms);
      const caCert =
        `    - name: private-ca\n      keyless:\n        ca-cert:\n          kms: ${kms}\n` + '        identities:\n          - issuer: https://issuer.example\n            subject: ci@acme.example\n';
      assert.match(problems(passBeside(caCert)), new RegExp(`spec\\.authorities\\[1\\]\\.keyless\\.ca-cert\\.kms: .*${expected.source}`), `ca-cert ${kms}`);
    }
    const accepted = [
      'awskms:///arn:aws:kms:us-east-2:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab',
      'awskms://localhost:4566/arn:aws:kms:us-east-2:111122223333:alias/ExampleAlias',
      'gcpkms://projects/acme/locations/global/keyRings/release/cryptoKeys/cosign',
      'hashivault://release',
      'azurekms://acme.vault.azure.net/release',
    ];
    for (const kms of accepted) assert.equal(problems(passBeside(keyAuthority(`        kms: ${kms}\n`))), '', kms);
  });

  it('a secretRef outside the controller\u2019s namespace', () => {
    const secret = (namespace: string) => passBeside(keyAuthority(`        secretRef:\n          name: cosign-pub\n${namespace}`));
    assert.match(problems(secret('          namespace: default\n')), /key\.secretRef\.namespace: is "default"; the policy controller reads secrets only from its own namespace \(cosign-system/);
    assert.equal(problems(secret('          namespace: cosign-system\n')), '');
    assert.equal(problems(secret('')), '');
  });

  it('a spec.match resource the webhook does not admit, and a selector without a resource', () => {
    const match = (entry: string) => passBeside('', `  match:\n${entry}`);
    assert.match(problems(match('    - resource: services\n')), /spec\.match\[0\]\.resource: "services" is not a resource the policy controller admits; use one of replicasets, deployments, pods/);
    assert.match(problems(match('    - resource: Deployment\n')), /"Deployment" is not a resource/);
    assert.match(problems(match('    - selector:\n        matchLabels:\n          app: web\n')), /spec\.match\[0\]\.selector: needs a resource to select from/);
    assert.equal(problems(match('    - resource: pods\n      version: v1\n      selector:\n        matchLabels:\n          app: web\n')), '');
  });

  it('an unknown field under metadata, and labels that are not strings', () => {
    assert.match(
      problems(passBeside('').replace('  name: release-signed\n', '  name: release-signed\n  lables:\n    team: release\n')),
      /metadata\.lables: is not a field here; did you mean labels\?/,
    );
    assert.match(
      problems(passBeside('').replace('  name: release-signed\n', '  name: release-signed\n  namespce: cosign-system\n')),
      /metadata\.namespce: is not a field here; did you mean namespace\?/,
    );
    assert.match(
      problems(passBeside('').replace('  name: release-signed\n', '  name: release-signed\n  labels:\n    enforced: yes\n')),
      /metadata\.labels: must map names to strings: enforced is the boolean true; quote them/,
    );
    const fine = passBeside('').replace('  name: release-signed\n', '  name: release-signed\n  labels:\n    team: release\n  annotations:\n    owner: "platform"\n');
    assert.equal(problems(fine), '');
  });

  it('a static.message or an authority name that is not a string (YAML 1.1 reads no as false)', () => {
    const deny = (fields: string) => passBeside(`    - ${fields}\n      static:\n        action: fail\n        message: no\n`);
    assert.match(problems(deny('name: unapproved')), /spec\.authorities\[1\]\.static\.message: must be a string, not the boolean false; quote it/);
    assert.match(problems(passBeside('    - name: 2024\n      static:\n        action: fail\n')), /spec\.authorities\[1\]\.name: must be a string, not the number 2024; quote it/);
    const quoted = parsePolicies(passBeside('    - name: "2024"\n      static:\n        action: fail\n        message: "no"\n')).policies[0].authorities[1] as StaticAuthority;
    assert.deepEqual([quoted.name, quoted.message], ['2024', 'no']);
  });

  it('an invalid metadata.name (not a DNS subdomain)', () => {
    for (const name of ['Release_Signed', 'release..signed', '-release', 'release-', `${'a'.repeat(254)}`, '"release signed"']) {
      assert.match(problems(passBeside('').replace('name: release-signed', `name: ${name}`)), /metadata\.name: /, name);
    }
    assert.match(problems(passBeside('').replace('name: release-signed', 'name: Release_Signed')), /"Release_Signed" is not a valid name: use lower-case letters, digits, - and \./);
    assert.match(problems(passBeside('').replace('name: release-signed', 'name: 2024')), /metadata\.name: must be a string, not the number 2024; quote it/);
    assert.equal(problems(passBeside('').replace('name: release-signed', 'name: acme.release-signed')), '');
  });

  it('source.oci forms the webhook\u2019s OCI check refuses', () => {
    const source = (oci: string) =>
      passBeside(`    - name: release\n      keyless:\n        identities:\n          - issuer: https://issuer.example\n            subject: ci@acme.example\n      source:\n        - oci: ${oci}\n`);
    const refused: Array<[string, RegExp]> = [
      ['acme/signatures', /"acme\/signatures" is neither a registry nor a registry and repository/],
      ['localhost/signatures', /"localhost\/signatures" is neither a registry nor a registry and repository/],
      ['ghcr.io/Acme/signatures', /the repository of "ghcr\.io\/Acme\/signatures" may only hold lower-case letters/],
      ['ghcr.io/acme/signatures:latest', /may only hold lower-case letters, digits, _ - \. and \//],
      ['"gcr.io/test/*"', /may only hold lower-case letters/],
      ['docker.io/signatures', /needs the full Docker Hub repository path, e.g\. docker\.io\/library\/signatures/],
      ['"gcr.@io/test"', /"gcr\.@io" is not a valid registry: it may not hold "@"/],
      ['ghcr.io:https/acme', /"ghcr\.io:https" is not a valid registry: ":https" is not a port/],
    ];
    for (const [oci, expected] of refused) assert.match(problems(source(oci)), new RegExp(`source\\[0\\]\\.oci: .*${expected.source}`), oci);
    for (const oci of ['ghcr.io/acme/signatures', 'localhost:5000/signatures', 'registry.example.com', 'localhost', 'index.docker.io/acme/signatures']) {
      assert.equal(problems(source(oci)), '', oci);
    }
  });

  it('source: [] is no source, as for the webhook', () => {
    const text = passBeside('    - name: release\n      keyless:\n        identities:\n          - issuer: https://issuer.example\n            subject: ci@acme.example\n      source: []\n');
    const [, authority] = parsePolicies(text).policies[0].authorities;
    assert.equal(authority.source, undefined);
  });

  it('key.data: a broken first PEM block is skipped as Go skips it, and the valid key after it is the trusted one', () => {
    const good = makeKey().publicPem;
    const fingerprint = createHash('sha256')
      .update(createPublicKey(good).export({ type: 'spki', format: 'der' }))
      .digest('hex');
    const body = good.trim().split('\n').slice(1, -1);
    const broken = [
      // Cut short: no END line of its own, so Go's decoder runs into the next block and skips it.
      ['-----BEGIN PUBLIC KEY-----', body[0]].join('\n'),
      // Not base64.
      ['-----BEGIN PUBLIC KEY-----', 'this is not base64!', '-----END PUBLIC KEY-----'].join('\n'),
      // An END line for another type.
      ['-----BEGIN PUBLIC KEY-----', ...body, '-----END CERTIFICATE-----'].join('\n'),
      // Text before the block.
      'the release key:',
    ];
    for (const prefix of broken) {
      const text = passBeside(keyAuthority(`        data: |\n${indent(`${prefix}\n${good}`, '          ')}\n`));
      const authority = parsePolicies(text).policies[0].authorities[1] as KeyAuthority;
      assert.deepEqual(
        authority.keys.map((k) => k.fingerprint),
        [fingerprint],
        prefix,
      );
    }
    // keyless.ca-cert is checked as a key reference too: the webhook wants a public key there, not a certificate.
    const certificate = indent(`-----BEGIN CERTIFICATE-----\n${body.join('\n')}\n-----END CERTIFICATE-----`, '            ');
    const caCert = `    - name: private-ca\n      keyless:\n        ca-cert:\n          data: |\n${certificate}\n`;
    assert.match(
      problems(passBeside(`${caCert}        identities:\n          - issuer: https://issuer.example\n            subject: ci@acme.example\n`)),
      /keyless\.ca-cert\.data: starts with a CERTIFICATE block/,
    );
    // A first block that decodes is taken, as by Go, even when it is not a key.
    const certificateFirst = `-----BEGIN CERTIFICATE-----\n${body.join('\n')}\n-----END CERTIFICATE-----\n${good}`;
    assert.match(problems(passBeside(keyAuthority(`        data: |\n${indent(certificateFirst, '          ')}\n`))), /key\.data: starts with a CERTIFICATE block/);
  });

  it('key.data: a key Go would not read is refused (trailing bytes, a curve Go does not know)', () => {
    const der = createPublicKey(makeKey().publicPem).export({ type: 'spki', format: 'der' });
    const trailing = `-----BEGIN PUBLIC KEY-----\n${Buffer.concat([der, Buffer.from([0, 0])]).toString('base64')}\n-----END PUBLIC KEY-----`;
    assert.match(problems(passBeside(keyAuthority(`        data: |\n${indent(trailing, '          ')}\n`))), /the public key cannot be read: its DER encoding has bytes after the key/);
    const secp256k1 = createPublicKey({
      key: Buffer.from(
        '3056301006072a8648ce3d020106052b8104000a034200' +
          '04' +
          '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798' +
          '483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8',
        'hex',
      ),
      format: 'der',
      type: 'spki',
    })
      .export({ type: 'spki', format: 'pem' })
      .toString();
    assert.match(problems(passBeside(keyAuthority(`        data: |\n${indent(secp256k1, '          ')}\n`))), /its curve secp256k1 is not one the policy controller reads/);
  });
});
