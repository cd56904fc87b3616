/**
 * Scale mode of the Honeycomb stand-in: production grows to 1,000 datasets, one of them
 * (`wide-events`) with 10,000 columns, 500 SLOs, and the team to 200 recipients. Generated
 * deterministically, so tests and benchmarks see the same objects on every run.
 */
import { EnvironmentContent, SeedColumnType, SeedRecipient, hcId, iso } from './content';

export const SCALE = {
  datasets: 1000,
  wideDataset: 'wide-events',
  wideColumns: 10_000,
  slos: 500,
  recipients: 200,
} as const;

const TYPES: SeedColumnType[] = ['string', 'string', 'string', 'integer', 'float', 'boolean'];
const SERVICES = ['orders', 'search', 'inventory', 'shipping', 'auth', 'billing', 'catalog', 'reviews', 'notify', 'ledger'];
const MINUTE = 60_000;

/** Adds datasets (one very wide) and SLOs to an environment's content, in place. */
export function scaleEnvironment(content: EnvironmentContent, now: number): void {
  const wide = SCALE.wideDataset;
  content.datasets.push({
    name: wide,
    description: 'Every attribute of every service, for width tests',
    slug: wide,
    expand_json_depth: 1,
    delete_protected: false,
    created_at: iso(now - 30 * 24 * 60 * MINUTE),
    last_written_at: iso(now - MINUTE),
  });
  content.columns[wide] = Array.from({ length: SCALE.wideColumns }, (_, i) => ({
    id: hcId(`${wide}/column/${i}`),
    key_name: `${SERVICES[i % SERVICES.length]}.attr_${String(i).padStart(5, '0')}`,
    hidden: i % 97 === 0,
    description: i % 10 === 0 ? `Generated attribute ${i}` : '',
    type: TYPES[i % TYPES.length],
    last_written: iso(now - (i % 600) * MINUTE),
    created_at: iso(now - 20 * 24 * 60 * MINUTE),
    updated_at: iso(now - 10 * 24 * 60 * MINUTE),
  }));
  content.derivedColumns[wide] = [];

  for (let i = content.datasets.length; i < SCALE.datasets; i++) {
    const slug = `svc-${SERVICES[i % SERVICES.length]}-${String(i).padStart(4, '0')}`;
    content.datasets.push({
      name: slug,
      description: i % 3 === 0 ? `Generated service dataset ${i}` : '',
      slug,
      expand_json_depth: i % 4,
      delete_protected: i % 5 === 0,
      created_at: iso(now - (400 - (i % 300)) * 24 * 60 * MINUTE),
      last_written_at: i % 11 === 0 ? null : iso(now - (i % 1440) * MINUTE),
    });
    content.columns[slug] = [
      {
        id: hcId(`${slug}/c/name`),
        key_name: 'name',
        hidden: false,
        description: '',
        type: 'string',
        last_written: iso(now - MINUTE),
        created_at: iso(now - 9 * MINUTE),
        updated_at: iso(now - 9 * MINUTE),
      },
      {
        id: hcId(`${slug}/c/duration_ms`),
        key_name: 'duration_ms',
        hidden: false,
        description: '',
        type: 'float',
        last_written: iso(now - MINUTE),
        created_at: iso(now - 9 * MINUTE),
        updated_at: iso(now - 9 * MINUTE),
      },
    ];
    content.derivedColumns[slug] = [];
  }

  const datasetSlugs = content.datasets.map((d) => d.slug);
  for (let i = content.slos.length; i < SCALE.slos; i++) {
    const slug = datasetSlugs[i % datasetSlugs.length];
    content.slos.push({
      id: hcId(`scale/slo/${i}`),
      name: `Generated SLO ${String(i).padStart(3, '0')}`,
      description: '',
      sli: { alias: 'sli.generated' },
      time_period_days: [7, 14, 28, 30][i % 4],
      target_per_million: 990000 + (i % 10) * 900,
      tags: [{ key: 'team', value: SERVICES[i % SERVICES.length] }],
      reset_at: null,
      created_at: iso(now - 60 * 24 * 60 * MINUTE),
      updated_at: iso(now - 6 * 24 * 60 * MINUTE),
      dataset_slugs: [slug],
    });
  }
}

/** Grows the team's recipients to SCALE.recipients, cycling through every type. */
export function scaleRecipients(recipients: SeedRecipient[], now: number): void {
  for (let i = recipients.length; i < SCALE.recipients; i++) {
    const id = hcId(`scale/recipient/${i}`);
    const base = { id, created_at: iso(now - 90 * 24 * 60 * MINUTE), updated_at: iso(now - 9 * 24 * 60 * MINUTE) };
    const n = String(i).padStart(3, '0');
    switch (i % 6) {
      case 0:
        recipients.push({ ...base, type: 'email', details: { email_address: `team-${n}@acme.example` } });
        break;
      case 1:
        recipients.push({ ...base, type: 'slack', details: { slack_channel: `#alerts-${n}` } });
        break;
      case 2:
        recipients.push({ ...base, type: 'pagerduty', details: { pagerduty_integration_name: `Service ${n}`, pagerduty_integration_key: `scalePdKey${n}`.padEnd(32, '0') } });
        break;
      case 3:
        recipients.push({ ...base, type: 'webhook', details: { webhook_name: `Hook ${n}`, webhook_url: `https://hooks.acme.example/${n}`, webhook_secret: `scaleSecret-${n}-000000` } });
        break;
      case 4:
        recipients.push({ ...base, type: 'msteams_workflow', details: { webhook_name: `Workflow ${n}`, webhook_url: `https://logic.acme.example/${n}` } });
        break;
      default:
        recipients.push({ ...base, type: 'msteams', details: { webhook_name: `Teams ${n}`, webhook_url: `https://teams.acme.example/${n}` } });
    }
  }
}
