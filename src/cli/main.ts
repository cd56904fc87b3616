import { promises as fs } from 'node:fs';
import { getVerify } from '../clients/cosign/verify/engine';
import { ArtifactBundleInput, verifyArtifactBundle } from '../clients/cosign/verify/artifactBundle';
import { TrustRoot, parseTrustRootText, publicGoodTrustRoot } from '../clients/cosign/trust/trustRoot';
import { VerifyReport } from '../clients/cosign/verify/result';
import { dockerConfigCredentials } from '../clients/registry/dockerConfig';
import { ServiceError } from '../core/errors';
import { RedactingLogger } from '../core/logger';
import { KnownSecrets } from '../core/redact';

/**
 * The engine on the command line, for CI and for tests (bin/ops-config-verify.js is the entry;
 * it refuses a Node older than the Sigstore libraries support):
 *
 *   ops-config-verify verify --image REF --policy FILE [--trusted-root FILE] [--json]
 *   ops-config-verify verify-bundle [--staging] --bundle FILE --certificate-identity IDENTITY
 *                     --certificate-oidc-issuer URL [--trusted-root FILE] FILE_OR_DIGEST
 *   ops-config-verify verify-bundle [--staging] --bundle FILE --key PATH_TO_KEY
 *                     [--trusted-root FILE] FILE_OR_DIGEST
 *
 * `verify-bundle` follows the sigstore-conformance client protocol: the identity and the issuer
 * are exact, FILE_OR_DIGEST is a `sha256:<hex>` digest when it has that form and is no file on
 * disk. Exit codes: 0 verified, 1 not verified, 2 bad usage or input (a message on stderr says
 * which).
 */
const USAGE = `Usage:
  ops-config-verify verify --image REF --policy FILE [--trusted-root FILE] [--json]
  ops-config-verify verify-bundle [--staging] --bundle FILE --certificate-identity IDENTITY --certificate-oidc-issuer URL [--trusted-root FILE] FILE_OR_DIGEST
  ops-config-verify verify-bundle [--staging] --bundle FILE --key PATH_TO_KEY [--trusted-root FILE] FILE_OR_DIGEST`;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

class UsageError extends Error {}

export async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  const secrets = new KnownSecrets();
  try {
    if (command === 'verify') return await verifyCommand(rest, io, secrets);
    if (command === 'verify-bundle') return await verifyBundleCommand(rest, io);
    if (command === '--help' || command === '-h' || command === 'help') {
      io.out(USAGE);
      return 0;
    }
    throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${USAGE}`);
      return 2;
    }
    const message = error instanceof ServiceError ? error.message : ((error as Error)?.message ?? String(error));
    io.err(secrets.redactText(message));
    return 2;
  }
}

function parseFlags(args: string[], valued: string[], booleans: string[]): { flags: Map<string, string | true>; positional: string[] } {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (booleans.includes(name)) flags.set(name, true);
    else if (valued.includes(name)) {
      const value = inline ?? args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    } else throw new UsageError(`unknown option --${name}`);
  }
  return { flags, positional };
}

async function readTrustRoot(file: string | true | undefined): Promise<TrustRoot> {
  if (typeof file !== 'string') return publicGoodTrustRoot();
  return parseTrustRootText(await readFile(file, 'trusted root'), file);
}

async function readFile(file: string, what: string): Promise<string> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    throw new ServiceError({
      kind: 'badInput',
      service: 'Command line',
      operation: 'read',
      summary: `cannot read the ${what} ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    });
  }
}

async function verifyCommand(args: string[], io: CliIo, secrets: KnownSecrets): Promise<number> {
  const { flags, positional } = parseFlags(args, ['image', 'policy', 'trusted-root'], ['json']);
  if (positional.length) throw new UsageError(`unexpected argument "${positional[0]}"`);
  const image = flags.get('image');
  const policyFile = flags.get('policy');
  if (typeof image !== 'string') throw new UsageError('--image is required');
  if (typeof policyFile !== 'string') throw new UsageError('--policy is required');
  const policy = await readFile(policyFile, 'policy');
  const trustRoot = await readTrustRoot(flags.get('trusted-root'));
  const logger = new RedactingLogger((level, message) => (io.env.OPS_CONFIG_DEBUG ? io.err(`${level}: ${message}`) : undefined), secrets);
  const report = await getVerify(
    { image, policy },
    { trustRoot, policySource: policyFile, registries: { credentials: dockerConfigCredentials({ env: io.env }), secrets, logger, userAgent: 'ops-config-verify' } },
  );
  io.out(flags.get('json') ? JSON.stringify(report, null, 2) : summary(report));
  return report.verified ? 0 : 1;
}

async function verifyBundleCommand(args: string[], io: CliIo): Promise<number> {
  const { flags, positional } = parseFlags(args, ['bundle', 'certificate-identity', 'certificate-oidc-issuer', 'key', 'trusted-root'], ['staging']);
  if (flags.get('staging') && !flags.get('trusted-root')) {
    throw new UsageError('--staging needs --trusted-root: only the public-good trust root ships with this tool (it works offline)');
  }
  const bundleFile = flags.get('bundle');
  if (typeof bundleFile !== 'string') throw new UsageError('--bundle is required');
  const signer = await signerFlags(flags);
  if (positional.length !== 1) throw new UsageError('give exactly one FILE_OR_DIGEST');
  const target = positional[0];
  let bundleJson: unknown;
  try {
    bundleJson = JSON.parse(await readFile(bundleFile, 'bundle'));
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw new ServiceError({ kind: 'badInput', service: 'Command line', operation: 'read', summary: `the bundle ${bundleFile} is not JSON` });
  }
  // The protocol: a well-formed sha256 digest that is not a file on disk is a digest.
  const isDigest = /^sha256:[0-9a-f]{64}$/.test(target) && !(await exists(target));
  const artifact = isDigest
    ? target
    : await fs.readFile(target).catch(() => {
        throw new ServiceError({ kind: 'badInput', service: 'Command line', operation: 'read', summary: `cannot read the artifact ${target}` });
      });
  const result = verifyArtifactBundle({ bundleJson, artifact, signer, trustRoot: await readTrustRoot(flags.get('trusted-root')) });
  if (!result.ok) {
    io.err(`not verified: ${result.reason}`);
    return 1;
  }
  const by = result.signer.keyFingerprint ? `key sha256:${result.signer.keyFingerprint}` : `${result.signer.subjects.join(', ')} (issuer ${result.signer.issuer ?? 'unknown'})`;
  io.out(`OK: the bundle verifies, signed by ${by}`);
  return 0;
}

/** Either an exact identity and issuer, or a key: the protocol's two forms. */
async function signerFlags(flags: Map<string, string | true>): Promise<ArtifactBundleInput['signer']> {
  const identity = flags.get('certificate-identity');
  const issuer = flags.get('certificate-oidc-issuer');
  const key = flags.get('key');
  if (typeof key === 'string') {
    if (identity !== undefined || issuer !== undefined) throw new UsageError('--key cannot be combined with --certificate-identity or --certificate-oidc-issuer');
    return { keyPem: await readFile(key, 'key') };
  }
  if (typeof identity !== 'string' || typeof issuer !== 'string') {
    throw new UsageError('give --certificate-identity and --certificate-oidc-issuer (keyless), or --key (a public key)');
  }
  return { identity, issuer };
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

function summary(report: VerifyReport): string {
  const lines = [`${report.verified ? 'VERIFIED' : 'NOT VERIFIED'}: ${report.id}`];
  if (report.matched) {
    lines.push(`  policy ${report.matched.policy}, authority ${report.matched.authority}`);
    const signer = report.matched.check?.signer;
    if (signer?.subjects.length) lines.push(`  signer ${signer.subjects.join(', ')} (issuer ${signer.issuer ?? 'unknown'})`);
    if (signer?.keyFingerprint) lines.push(`  key sha256:${signer.keyFingerprint}`);
    const tlog = report.matched.check?.tlog;
    if (tlog) lines.push(`  transparency log entry ${tlog.logIndex} (${tlog.kind}) at ${tlog.integratedTime ?? 'unknown time'}`);
  }
  for (const reason of report.reasons) lines.push(`  - ${reason}`);
  for (const warning of report.warnings) lines.push(`  warning: ${warning}`);
  return lines.join('\n');
}
