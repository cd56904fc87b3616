/**
 * Export as Terraform…, measured: the Honeycomb stand-in's production environment grown to over
 * 1,000 objects (triggers, SLOs with burn alerts, derived columns, columns and saved queries
 * added to the seed) read by the same code the command runs (src/terraform/export) and written
 * as Terraform and as Pulumi. Prints the objects written, the requests made by route (list
 * requests, not one per object: only burn alerts are read one by one), the most requests in
 * flight at once, and the time to read and to write. Prints figures; it does not pass or fail.
 */
import { HoneycombClient } from '../../src/clients/honeycomb';
import { pulumiFile, terraformFile } from '../../src/terraform/export/exportFile';
import { readHoneycombEnvironment } from '../../src/terraform/export/honeycombEnvironment';
import { HONEYCOMB_KEYS, startHoneycombStandIn } from '../servers/honeycomb';
import { EnvironmentContent, hcId } from '../servers/honeycomb/content';

/** Copies of the seed's own objects under new ids and names, so each is as realistic as its original. */
function grow(content: EnvironmentContent): void {
  const datasets = content.datasets.map((d) => d.slug);
  const [trigger] = content.triggers;
  const [slo] = content.slos.filter((s) => s.dataset_slugs.length === 1);
  const [alert] = content.burnAlerts;
  const [annotation] = content.queryAnnotations;
  for (let i = 0; i < 250; i++) content.triggers.push({ ...structuredClone(trigger), id: hcId(`bench-trigger-${i}`), name: `Bench trigger ${i}` });
  for (let i = 0; i < 100; i++) {
    const id = hcId(`bench-slo-${i}`);
    content.slos.push({ ...structuredClone(slo), id, name: `Bench SLO ${i}` });
    content.burnAlerts.push({ ...structuredClone(alert), id: hcId(`bench-alert-${i}`), dataset: slo.dataset_slugs[0], slo: { id } });
  }
  for (let i = 0; i < 200; i++) {
    const dataset = datasets[i % datasets.length];
    const [derived] = Object.values(content.derivedColumns).flat();
    (content.derivedColumns[dataset] ??= []).push({ ...structuredClone(derived), id: hcId(`bench-dc-${i}`), alias: `bench_dc_${i}` });
    const [column] = Object.values(content.columns).flat();
    (content.columns[dataset] ??= []).push({ ...structuredClone(column), id: hcId(`bench-col-${i}`), key_name: `bench.column.${i}` });
  }
  for (let i = 0; i < 100; i++) content.queryAnnotations.push({ ...structuredClone(annotation), id: hcId(`bench-qa-${i}`), name: `Bench query ${i}` });
}

async function main(): Promise<void> {
  const standIn = await startHoneycombStandIn();
  try {
    grow(standIn.seed.content.production);
    const client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production });
    const scope = { title: 'Honeycomb environment “Production” (production)', env: 'production' };
    // A first export warms up what only the first request pays for (schema validators, modules).
    await readHoneycombEnvironment(client.api, scope);
    standIn.requests.length = 0;
    let inFlight = 0;
    let mostInFlight = 0;
    const counted = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production });
    const v1 = counted.api.v1.bind(counted.api);
    counted.api.v1 = async (...args: Parameters<typeof v1>) => {
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      try {
        return await v1(...args);
      } finally {
        inFlight--;
      }
    };
    const started = performance.now();
    const contents = await readHoneycombEnvironment(counted.api, scope);
    const read = performance.now();
    const terraform = terraformFile(contents);
    const written = performance.now();
    const pulumi = pulumiFile(contents);
    const pulumiWritten = performance.now();
    if (standIn.violations.length) throw new Error(`stand-in violations: ${JSON.stringify(standIn.violations)}`);
    const byRoute = new Map<string, number>();
    for (const r of standIn.requests) byRoute.set(r.route ?? r.path, (byRoute.get(r.route ?? r.path) ?? 0) + 1);
    console.log(`  objects written: ${contents.resources.length} (${(terraform.match(/^import \{$/gm) ?? []).length} with an import block)`);
    console.log(`  requests: ${standIn.requests.length} in all (counted by the export: ${contents.requests}); at most ${mostInFlight} at once`);
    for (const [route, count] of [...byRoute.entries()].sort()) console.log(`    ${String(count).padStart(4)}  ${route}`);
    console.log(`  read the environment: ${(read - started).toFixed(0)} ms (local stand-in on 127.0.0.1)`);
    console.log(`  write Terraform: ${(written - read).toFixed(0)} ms, ${terraform.split('\n').length.toLocaleString('en-US')} lines, ${(terraform.length / 1024).toFixed(0)} KB`);
    console.log(`  write Pulumi:    ${(pulumiWritten - written).toFixed(0)} ms, ${pulumi.split('\n').length.toLocaleString('en-US')} lines, ${(pulumi.length / 1024).toFixed(0)} KB`);
  } finally {
    await standIn.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
