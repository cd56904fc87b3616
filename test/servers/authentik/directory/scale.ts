/**
 * Scale mode: the bulk of a large installation on top of the company directory — 50,000
 * users, 5,000 groups nested up to four levels, 300 flows and 1,000 stages — built in a few
 * hundred milliseconds (counter-based UUIDs, no hashing, shared strings).
 */
import type { AuthentikSeed, AuthentikUser } from '../seed';
import type { SeedBinding, SeedFlow, SeedGroup, SeedStage, StageKind } from './model';

export const SCALE = { users: 50_000, groups: 5_000, flows: 300, stages: 1_000 };

/** `kind` picks the first block, so scale UUIDs never collide across kinds or with the company's. */
function scaleUuid(kind: number, n: number): string {
  return `${kind.toString(16).padStart(8, '0')}-5ca1-4e00-8000-${n.toString(16).padStart(12, '0')}`;
}

const KINDS: StageKind[] = ['identification', 'password', 'authenticator_validate', 'user_login', 'prompt', 'user_write', 'email', 'consent'];
const DESIGNATIONS: SeedFlow['designation'][] = ['authentication', 'enrollment', 'recovery', 'authorization', 'stage_configuration', 'invalidation'];
const DEPARTMENTS = ['eng', 'ops', 'sales', 'support', 'finance', 'legal', 'marketing', 'research'];

export function addScale(seed: AuthentikSeed): void {
  const d = seed.directory;

  const stages: SeedStage[] = [];
  for (let i = d.stages.length; i < SCALE.stages; i++) {
    const kind = KINDS[i % KINDS.length];
    stages.push({ pk: scaleUuid(0x57a9e, i), name: `tenant-${String(i).padStart(4, '0')}-${kind.replace(/_/g, '-')}`, kind });
  }
  d.stages.push(...stages);

  const flows: SeedFlow[] = [];
  const bindings: SeedBinding[] = [];
  for (let i = d.flows.length; i < SCALE.flows; i++) {
    const designation = DESIGNATIONS[i % DESIGNATIONS.length];
    const slug = `tenant-${String(i).padStart(3, '0')}-${designation.replace(/_/g, '-')}`;
    const f: SeedFlow = {
      pk: scaleUuid(0xf10, i),
      slug,
      name: `Tenant ${i} ${designation}`,
      title: `Tenant ${i}`,
      designation,
      authentication: 'none',
      layout: 'stacked',
      denied_action: 'message_continue',
      policy_engine_mode: 'any',
      compatibility_mode: true,
    };
    flows.push(f);
    // Three or four stages per flow, spread over the generated stages.
    for (let j = 0; j < 3 + (i % 2); j++) {
      const s = stages[(i * 3 + j) % stages.length];
      bindings.push({
        pk: scaleUuid(0xb1d, i * 10 + j),
        target: f.pk,
        stage: s.pk,
        order: (j + 1) * 10,
        evaluate_on_plan: false,
        re_evaluate_policies: true,
        policy_engine_mode: 'any',
        invalid_response_action: 'retry',
      });
    }
  }
  d.flows.push(...flows);
  d.bindings.push(...bindings);

  // Groups: 8 department roots, then every group's parent is an earlier group (a tree of
  // depth ≤ 4); every 50th also has a second parent.
  const groups: SeedGroup[] = [];
  const firstNum = d.groups.reduce((max, g) => Math.max(max, g.numPk), 1000) + 1;
  for (let i = 0; i < SCALE.groups - d.groups.length; i++) {
    const parents: string[] = [];
    if (i >= DEPARTMENTS.length) {
      const level = i < 80 ? 0 : i < 800 ? 1 : 2;
      const pool = level === 0 ? [0, DEPARTMENTS.length] : level === 1 ? [DEPARTMENTS.length, 80] : [80, 800];
      parents.push(groups[pool[0] + (i % (pool[1] - pool[0]))].pk);
      if (i % 50 === 0) parents.push(groups[i % DEPARTMENTS.length].pk);
    }
    const dept = DEPARTMENTS[i % DEPARTMENTS.length];
    groups.push({
      pk: scaleUuid(0x9e0, i),
      numPk: firstNum + i,
      name: i < DEPARTMENTS.length ? `dept-${dept}` : `${dept}-team-${String(i).padStart(4, '0')}`,
      isSuperuser: false,
      parents,
      attributes: { department: dept },
      roles: [],
    });
  }
  d.groups.push(...groups);

  const users: AuthentikUser[] = [];
  const start = seed.users.reduce((max, u) => Math.max(max, u.pk), 0) + 1;
  const joined = '2024-03-01T09:00:00Z';
  for (let i = 0; i < SCALE.users - seed.users.length; i++) {
    const pk = start + i;
    const g1 = groups[DEPARTMENTS.length + (i % (groups.length - DEPARTMENTS.length))];
    const g2 = groups[DEPARTMENTS.length + ((i * 7 + 3) % (groups.length - DEPARTMENTS.length))];
    const username = `user${String(i).padStart(5, '0')}`;
    users.push({
      pk,
      username,
      name: `Scale User ${i}`,
      email: `${username}@scale.acme.example`,
      isActive: i % 97 !== 0,
      isSuperuser: false,
      type: 'internal',
      groups:
        g1 === g2
          ? [{ pk: g1.pk, name: g1.name }]
          : [
              { pk: g1.pk, name: g1.name },
              { pk: g2.pk, name: g2.name },
            ],
      roles: [],
      settings: {},
      systemPermissions: [],
      uuid: scaleUuid(0x05e, i),
      path: 'users/scale',
      attributes: {},
      dateJoined: joined,
      lastLogin: i % 5 === 0 ? null : joined,
      lastUpdated: joined,
      passwordChangeDate: joined,
    });
  }
  seed.users.push(...users);
}
