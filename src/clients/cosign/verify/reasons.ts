/**
 * The Sigstore verifier's errors in the words cosign and policy-controller use (so users can
 * search for them), each with what the failed check means.
 */
export function describeSigstoreError(error: unknown, context: { tlogTrusted: boolean | undefined; trustSource: string }): string {
  const code = (error as { code?: string })?.code;
  const message = (error as Error)?.message ?? String(error);
  const cause = (error as { cause?: Error })?.cause?.message;
  switch (code) {
    case 'TLOG_INCLUSION_PROMISE_ERROR':
      return context.tlogTrusted === false
        ? `verifying bundle: rekor log public key not found for payload: the entry's log is not in the ${context.trustSource}`
        : 'transparency-log proof invalid: unable to verify SET (the signed entry timestamp does not verify with the trusted Rekor key)';
    case 'TLOG_INCLUSION_PROOF_ERROR':
      return `transparency-log proof invalid: the inclusion proof does not verify (${message})`;
    case 'TLOG_MISSING_INCLUSION_ERROR':
      return 'transparency-log proof missing: the entry has neither a signed entry timestamp nor an inclusion proof';
    case 'TLOG_BODY_ERROR':
      return `the transparency-log entry does not match this signature (${message}): the payload or signature was changed after it was logged`;
    case 'TLOG_ERROR':
      return 'signature not found in transparency log: it carries no Rekor entry, and offline verification needs one';
    case 'TIMESTAMP_ERROR':
      if (/expected \d+ timestamps/.test(message)) {
        return 'expected a signed timestamp to verify an expired certificate: there is no valid transparency-log entry or RFC 3161 timestamp proving the certificate was valid at signing time';
      }
      return /could not be verified/.test(message)
        ? `timestamp invalid: the RFC 3161 timestamp does not verify with a timestamp authority of the ${context.trustSource} ` +
            '(it covers other bytes than this signature, or another authority signed it)'
        : `timestamp invalid: ${message}`;
    case 'CERTIFICATE_ERROR':
      if (/SCT/.test(message)) return `certificate does not include required embedded SCT (${message}); set keyless.insecureIgnoreSCT only for a private CA without a CT log`;
      if (/chain/i.test(message)) {
        return `cert verification failed: certificate signed by unknown authority, or not valid when it was used (${cause ?? message}); trusted CAs come from the ${context.trustSource}`;
      }
      return `cert verification failed: ${message}`;
    case 'SIGNATURE_ERROR':
      return 'invalid signature: the signature does not verify over the signed payload with the signing key';
    case 'PUBLIC_KEY_ERROR':
      return `public key problem: ${message}`;
    default:
      return `verification failed: ${message}`;
  }
}
