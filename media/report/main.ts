import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { HostMessage, ReportCheck, ReportViewModel, SigningSummary } from '../../src/views/panels/protocol';
import { announce, app, clear, h, setDocumentTitle, showMessage } from '../shared/dom';
import { connect, saveState, send } from '../shared/host';

/**
 * The verification report: the verdict first, then what matched (policy, authority, signer,
 * transparency-log entry), every reason it failed, and each policy's authorities with every
 * signature checked. All values are set as text.
 */
function render(model: ReportViewModel): void {
  saveState({ key: model.key });
  setDocumentTitle(model.operation ? 'Image signing report' : 'Image signature report', model.title);
  const root = app();
  clear(root);
  const verified = model.verdict === 'verified';
  // The verdict is what the user waited for ("Verifying…" was shown until now).
  announce(`${model.operation ? `${model.operation.title}. ` : ''}${verified ? 'Verified' : 'Not verified'}: ${model.image}`);
  root.appendChild(
    h(
      'header',
      { class: 'record-header' },
      h('p', { class: 'kind' }, 'Image signature verification'),
      h('h1', { id: 'verdict', class: `verdict ${verified ? 'verdict-pass' : 'verdict-fail'}` }, verified ? 'Verified' : 'Not verified'),
      h('p', { class: 'subtitle' }, model.image),
      h(
        'p',
        { class: 'badges' },
        h('span', { class: `badge ${verified ? 'tone-success' : 'tone-error'}` }, model.verdict),
        h('span', { class: `badge ${model.admission === 'allow' ? 'tone-success' : model.admission === 'warn' ? 'tone-warning' : 'tone-error'}` }, `admission: ${model.admission}`),
        model.resolvedFromTag ? h('span', { class: 'badge tone-warning' }, 'resolved from a tag') : null,
      ),
    ),
  );
  const bar = h('nav', { class: 'actions', 'aria-label': 'Report actions' });
  for (const [id, label] of [
    ['copyJson', 'Copy JSON'],
    ['verifyAgain', 'Verify Again'],
  ]) {
    const button = h('vscode-button', { secondary: true, 'data-action': id }, label);
    button.addEventListener('click', () => {
      send({ type: 'action', id });
      // The host confirms in the status bar; the panel says it too, for screen readers.
      if (id === 'copyJson') announce(`Copied the ${model.operation ? 'result' : 'verification report'} as JSON`);
    });
    bar.appendChild(button);
  }
  root.appendChild(bar);
  if (model.operation) renderOperation(root, model.operation);

  root.appendChild(
    section(
      'Image',
      fields([
        ['Checked digest (id)', code(model.checkedRef ?? model.verifiedRef)],
        ['Verified digest (verifiedRef)', model.verifiedRef ? code(model.verifiedRef) : 'none: not verified'],
        ['Checked', model.checkedAt],
        ['Policy file', model.policySource],
        ['Trust root', model.trustRoot],
        ['Found in the registry', model.found],
        ['Cost', model.requests],
      ]),
    ),
  );

  if (model.reasons.length > 0) {
    root.appendChild(section('Why it is not verified', h('ul', { class: 'list', id: 'reasons' }, ...model.reasons.map((r) => h('li', { class: 'error' }, r)))));
  }
  if (model.matched) {
    const check = model.matched.check;
    // A policy can pass while another fails: then what passed is not what made the verdict.
    root.appendChild(
      section(
        verified ? 'What matched' : 'What passed (another policy failed, so the image is not verified)',
        fields([['Policy', model.matched.policy], ['Authority', `${model.matched.authority} — ${model.matched.description}`], ...(check ? checkFields(check) : [])]),
      ),
    );
  }
  if (model.warnings.length > 0) {
    root.appendChild(section('Warnings', h('ul', { class: 'list' }, ...model.warnings.map((w) => h('li', { class: 'note-warning' }, w)))));
  }
  for (const policy of model.policies) {
    const parts: Node[] = [h('p', { class: 'muted' }, `mode ${policy.mode}; covers the image through glob ${policy.matchedGlob}; ${policy.passed ? 'passed' : 'failed'}`)];
    for (const reason of policy.reasons) parts.push(h('p', { class: 'error' }, reason));
    for (const authority of policy.authorities) {
      parts.push(h('h3', {}, `${authority.passed ? '✓' : '✗'} Authority ${authority.name}`), h('p', { class: 'muted' }, authority.description));
      for (const attestation of authority.attestations) {
        parts.push(h('p', {}, `${attestation.passed ? '✓' : '✗'} attestation ${attestation.name} (${attestation.predicateType})`));
      }
      if (authority.checks.length > 0) {
        parts.push(h('ul', { class: 'list' }, ...authority.checks.map((c) => h('li', {}, `${c.passed ? '✓' : '✗'} ${c.label}${c.passed ? '' : `: ${c.reasons.join('; ')}`}`))));
      }
    }
    root.appendChild(section(`Policy ${policy.name}`, ...parts));
  }
  root.appendChild(section('JSON', h('pre', { class: 'code', id: 'report-json' }, model.json)));
}

/** What a sign, attest or copy wrote, above the verification of it. */
function renderOperation(root: HTMLElement, operation: SigningSummary): void {
  const parts: Node[] = [
    h('p', { id: 'operation-title', class: operation.written.length > 0 ? 'note-success' : 'note-warning' }, operation.title),
    fields([[operation.output.name, code(operation.output.value)], ...operation.fields]),
  ];
  if (operation.written.length > 0) {
    parts.push(h('h3', {}, 'Written to the registry'), h('ul', { class: 'list', id: 'written' }, ...operation.written.map((w) => h('li', {}, code(w.location), ` — ${w.detail}`))));
  }
  if (operation.tlog.length > 0) {
    parts.push(h('h3', {}, 'Transparency log entries'), h('ul', { class: 'list' }, ...operation.tlog.map((t) => h('li', {}, `${t.kind} entry ${t.logIndex} in ${t.url}, ${t.integratedTime}`))));
  }
  for (const warning of operation.warnings) parts.push(h('p', { class: 'note-warning' }, warning));
  if (operation.verificationNote) parts.push(h('p', { class: 'muted', id: 'verification-note' }, operation.verificationNote));
  root.appendChild(section('Operation', ...parts));
}

function checkFields(check: ReportCheck): Array<[string, Node | string]> {
  const rows: Array<[string, Node | string]> = [['Signature', check.label]];
  if (check.signer?.subjects.length) rows.push(['Signer identity', check.signer.subjects.join(', ')]);
  if (check.signer?.issuer) rows.push(['Issuer', check.signer.issuer]);
  if (check.signer?.notBefore) rows.push(['Certificate valid', `${check.signer.notBefore} – ${check.signer.notAfter ?? ''}`]);
  if (check.signer?.keyFingerprint) rows.push(['Key (SHA-256)', code(check.signer.keyFingerprint)]);
  for (const [label, value] of Object.entries(check.signer?.ci ?? {})) rows.push([label[0].toUpperCase() + label.slice(1), value]);
  if (check.matched) rows.push(['Matched', check.matched]);
  if (check.predicateType) rows.push(['Predicate type', check.predicateType]);
  if (check.tlog) {
    rows.push(['Transparency log entry', `index ${check.tlog.logIndex} (${check.tlog.kind}${check.tlog.inclusionProof ? ', with inclusion proof' : ', signed entry timestamp'})`]);
    if (check.tlog.integratedTime) rows.push(['Logged at', check.tlog.integratedTime]);
    else if (check.tlog.timestampedAt) rows.push(['Timestamped at (RFC 3161)', check.tlog.timestampedAt]);
    else rows.push(['Logged at', 'unknown']);
    rows.push(['Log ID', code(check.tlog.logId)]);
  }
  return rows;
}

function section(title: string, ...children: Node[]): HTMLElement {
  return h('section', { 'aria-label': title }, h('h2', {}, title), ...children);
}

function fields(rows: Array<[string, Node | string]>): HTMLElement {
  return h('table', { class: 'fields' }, h('tbody', {}, ...rows.map(([label, value]) => h('tr', {}, h('th', { scope: 'row' }, label), h('td', {}, value)))));
}

function code(text: string): HTMLElement {
  return h('code', { class: 'inline-code' }, text);
}

connect((message: HostMessage) => {
  switch (message.type) {
    case 'render':
      render(message.model as ReportViewModel);
      break;
    case 'loading':
      showMessage('Verifying…');
      break;
    case 'error':
      showMessage(message.message, 'error');
      break;
    default:
      break;
  }
});
