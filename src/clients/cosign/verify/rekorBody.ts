/**
 * The signer's key or certificate as recorded in a Rekor entry body, per entry kind. Rekor v1:
 * hashedrekord 0.0.1 (`spec.signature.publicKey.content`), intoto 0.0.2
 * (`spec.content.envelope.signatures[].publicKey`) and dsse 0.0.1 (`spec.signatures[].verifier`),
 * each base64 of a PEM. Rekor v2: hashedrekord 0.0.2 (`spec.hashedRekordV002.signature.verifier`)
 * and dsse 0.0.2 (`spec.dsseV002.signatures[].verifier`), each a DER certificate or key,
 * returned here as PEM too. `undefined` when the body is of a kind this does not know.
 */
/* eslint-disable
     @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment
     -- the entry body is walked as `any`; what it yields is checked as a string */
export function rekorBodyKeys(body: Buffer): string[] | undefined {
  let json: { kind?: string; apiVersion?: string; spec?: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    json = JSON.parse(body.toString('utf8')) as typeof json;
  } catch {
    return [];
  }
  const decode = (value: unknown): string[] => (typeof value === 'string' && value ? [Buffer.from(value, 'base64').toString('utf8')] : []);
  const spec = json.spec ?? {};
  if (json.kind === 'hashedrekord' && json.apiVersion === '0.0.1') return decode(spec.signature?.publicKey?.content);
  if (json.kind === 'intoto' && json.apiVersion === '0.0.2') {
    const signatures: unknown[] = spec.content?.envelope?.signatures ?? [];
    return signatures.flatMap((s) => decode((s as { publicKey?: string }).publicKey));
  }
  if (json.kind === 'dsse' && json.apiVersion === '0.0.1') {
    const signatures: unknown[] = spec.signatures ?? [];
    return signatures.flatMap((s) => decode((s as { verifier?: string }).verifier));
  }
  if (json.kind === 'hashedrekord' && json.apiVersion === '0.0.2') return v2VerifierPem(spec.hashedRekordV002?.signature?.verifier);
  if (json.kind === 'dsse' && json.apiVersion === '0.0.2') {
    const signatures: unknown[] = spec.dsseV002?.signatures ?? [];
    return signatures.flatMap((s) => v2VerifierPem((s as { verifier?: V2Verifier }).verifier));
  }
  return undefined;
}
/* eslint-enable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment */

interface V2Verifier {
  x509Certificate?: { rawBytes?: string };
  publicKey?: { rawBytes?: string };
}

function v2VerifierPem(verifier: V2Verifier | undefined): string[] {
  const pem = (label: string, b64: string) => `-----BEGIN ${label}-----\n${b64.match(/.{1,64}/g)?.join('\n')}\n-----END ${label}-----\n`;
  const certificate = verifier?.x509Certificate?.rawBytes;
  if (typeof certificate === 'string' && certificate) return [pem('CERTIFICATE', certificate)];
  const key = verifier?.publicKey?.rawBytes;
  if (typeof key === 'string' && key) return [pem('PUBLIC KEY', key)];
  return [];
}
