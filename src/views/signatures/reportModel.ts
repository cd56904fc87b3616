import type { CandidateCheck } from '../../clients/cosign/verify/checkCandidate';
import type { VerifyReport } from '../../clients/cosign/verify/result';
import type { ReportCheck, ReportViewModel } from '../panels/protocol';

/**
 * A verification report as the report panel draws it. Everything is copied as plain strings;
 * the webview sets them as text, so registry or certificate data can never become markup.
 */
export function toReportModel(key: string, report: VerifyReport, policySource: string): ReportViewModel {
  const matchedPolicy = report.policies.find((p) => p.name === report.matched?.policy);
  const matchedAuthority = matchedPolicy?.authorities.find((a) => a.name === report.matched?.authority);
  return {
    key,
    title: `${report.verified ? '✓' : '✗'} ${shortName(report.id)}`,
    verdict: report.verdict,
    admission: report.admission,
    image: report.image,
    checkedRef: report.id,
    verifiedRef: report.verifiedRef,
    resolvedFromTag: report.reference.resolvedFromTag,
    checkedAt: report.checkedAt,
    policySource,
    trustRoot: report.trustRoot,
    matched: report.matched
      ? {
          policy: report.matched.policy,
          authority: report.matched.authority,
          description: matchedAuthority?.description ?? '',
          check: report.matched.check ? toCheck(report.matched.check) : undefined,
        }
      : undefined,
    reasons: report.reasons,
    warnings: report.warnings,
    policies: report.policies.map((p) => ({
      name: p.name,
      mode: p.mode,
      passed: p.passed,
      matchedGlob: p.matchedGlob,
      reasons: p.reasons,
      authorities: p.authorities.map((a) => ({
        name: a.name,
        description: a.description,
        passed: a.passed,
        checks: a.checks.map(toCheck),
        attestations: a.attestations.map((t) => ({ name: t.name, predicateType: t.predicateType, passed: t.passed })),
      })),
    })),
    found: describeFound(report.found),
    requests:
      `${report.requests.registry} registry request${report.requests.registry === 1 ? '' : 's'}` +
      `${report.requests.auth ? `, ${report.requests.auth} for login tokens` : ''}, ${(report.requests.bytes / 1024).toFixed(1)} KB, ${report.durationMs} ms`,
    json: JSON.stringify(report, null, 2),
  };
}

function toCheck(check: CandidateCheck): ReportCheck {
  return {
    label: check.label,
    format: check.format,
    kind: check.kind,
    passed: check.passed,
    reasons: check.reasons,
    signer: check.signer,
    tlog: check.tlog,
    predicateType: check.predicateType,
    matched: check.matched,
  };
}

function describeFound(found: VerifyReport['found']): string {
  const parts: string[] = [];
  if (found.legacySignatures !== undefined) parts.push(`${found.legacySignatures} legacy signature${found.legacySignatures === 1 ? '' : 's'} (.sig)`);
  if (found.legacyAttestations !== undefined) parts.push(`${found.legacyAttestations} legacy attestation${found.legacyAttestations === 1 ? '' : 's'} (.att)`);
  if (found.bundles !== undefined) parts.push(`${found.bundles} Sigstore bundle${found.bundles === 1 ? '' : 's'} (referrers)`);
  return parts.join(', ') || 'nothing looked up (no signature was needed)';
}

/** `registry/team/app@sha256:abcdef012345…` → `team/app@sha256:abcdef01…` for titles. */
export function shortName(ref: string): string {
  const withoutHost = ref.includes('/') ? ref.slice(ref.indexOf('/') + 1) : ref;
  return withoutHost.replace(/@sha256:([0-9a-f]{8})[0-9a-f]+/, '@sha256:$1…');
}
