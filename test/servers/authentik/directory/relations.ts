/**
 * Lookups across the directory (members of a group, children, a flow's bindings, the flows of
 * a stage, the application of a provider…), built once per seed on first use so starting a
 * scale stand-in stays fast and every request is a map lookup rather than a scan.
 */
import type { AuthentikSeed, AuthentikUser } from '../seed';
import type { SeedApplication, SeedBinding, SeedCertificate, SeedFlow, SeedGroup, SeedMapping, SeedProvider, SeedServiceConnection, SeedStage } from './model';

export class Relations {
  readonly usersByPk = new Map<number, AuthentikUser>();
  readonly usersByUsername = new Map<string, AuthentikUser>();
  readonly groupsByPk = new Map<string, SeedGroup>();
  readonly membersByGroup = new Map<string, AuthentikUser[]>();
  readonly childrenByGroup = new Map<string, SeedGroup[]>();
  readonly flowsByPk = new Map<string, SeedFlow>();
  readonly flowsBySlug = new Map<string, SeedFlow>();
  readonly stagesByPk = new Map<string, SeedStage>();
  readonly bindingsByFlow = new Map<string, SeedBinding[]>();
  readonly flowsByStage = new Map<string, SeedFlow[]>();
  readonly providersByPk = new Map<number, SeedProvider>();
  readonly applicationByProvider = new Map<number, SeedApplication>();
  readonly certificatesByPk = new Map<string, SeedCertificate>();
  readonly mappingsByPk = new Map<string, SeedMapping>();
  readonly serviceConnectionsByPk = new Map<string, SeedServiceConnection>();

  constructor(seed: AuthentikSeed) {
    const d = seed.directory;
    for (const u of seed.users) {
      this.usersByPk.set(u.pk, u);
      this.usersByUsername.set(u.username, u);
      for (const g of u.groups) push(this.membersByGroup, g.pk, u);
    }
    for (const g of d.groups) {
      this.groupsByPk.set(g.pk, g);
      for (const parent of g.parents) push(this.childrenByGroup, parent, g);
    }
    for (const f of d.flows) {
      this.flowsByPk.set(f.pk, f);
      this.flowsBySlug.set(f.slug, f);
    }
    for (const s of d.stages) this.stagesByPk.set(s.pk, s);
    for (const b of d.bindings) {
      push(this.bindingsByFlow, b.target, b);
      const f = this.flowsByPk.get(b.target);
      const flows = this.flowsByStage.get(b.stage);
      if (f && !flows?.includes(f)) push(this.flowsByStage, b.stage, f);
    }
    for (const list of this.bindingsByFlow.values()) list.sort((a, b) => a.order - b.order);
    for (const p of d.providers) this.providersByPk.set(p.pk, p);
    for (const a of d.applications) if (a.provider !== null) this.applicationByProvider.set(a.provider, a);
    for (const c of d.certificates) this.certificatesByPk.set(c.pk, c);
    for (const m of d.mappings) this.mappingsByPk.set(m.pk, m);
    for (const s of d.serviceConnections) this.serviceConnectionsByPk.set(s.pk, s);
  }

  /** Every ancestor of a group (for a user's superuser status and inherited roles). */
  ancestors(groupPk: string): SeedGroup[] {
    const out: SeedGroup[] = [];
    const seen = new Set<string>([groupPk]);
    const queue = [...(this.groupsByPk.get(groupPk)?.parents ?? [])];
    while (queue.length > 0) {
      const pk = queue.shift()!;
      if (seen.has(pk)) continue;
      seen.add(pk);
      const g = this.groupsByPk.get(pk);
      if (g) {
        out.push(g);
        queue.push(...g.parents);
      }
    }
    return out;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const cache = new WeakMap<AuthentikSeed, Relations>();

/** Forget the lookups of a seed after a write changed it (the next request rebuilds them). */
export function invalidateRelations(seed: AuthentikSeed): void {
  cache.delete(seed);
}

export function relationsOf(seed: AuthentikSeed): Relations {
  let r = cache.get(seed);
  if (!r) {
    r = new Relations(seed);
    cache.set(seed, r);
  }
  return r;
}
