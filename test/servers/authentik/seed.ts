/**
 * Seed data of the authentik stand-in: a realistic 2026.8.3 installation with the admin user
 * `akadmin`, a read-only service account and their API tokens, plus the company directory
 * (`directory/company.ts`: brands, flows, groups, people, providers…) and, with `scale`, the
 * bulk of a large installation (`directory/scale.ts`).
 *
 * All tokens here are fake and only valid against the stand-in.
 */
import * as crypto from 'node:crypto';
import { buildCompanyDirectory, type DirectoryPerson } from './directory/company';
import { daysAgo, uuidFor } from './directory/ids';
import type { Directory } from './directory/model';
import { addManagedObjects } from './directory/managed';
import { addScale } from './directory/scale';
import { ADMIN_ROLE, ADMINS_GROUP, READER_ROLE, READERS_GROUP } from './directory/wellKnown';

export type UserType = 'internal' | 'external' | 'service_account' | 'internal_service_account';

export interface AuthentikUser {
  pk: number;
  username: string;
  name: string;
  email: string;
  isActive: boolean;
  isSuperuser: boolean;
  type: UserType;
  groups: { pk: string; name: string }[];
  roles: { pk: string; name: string }[];
  settings: Record<string, unknown>;
  systemPermissions: string[];
  uuid: string;
  path: string;
  attributes: Record<string, unknown>;
  dateJoined: string;
  lastLogin: string | null;
  lastUpdated: string;
  passwordChangeDate: string;
}

export interface AuthentikToken {
  identifier: string;
  /** the secret sent as `Authorization: Bearer <key>` */
  key: string;
  userPk: number;
  /** only `api` tokens authenticate the API; app passwords are rejected */
  intent: 'api' | 'app_password' | 'recovery' | 'verification';
  /** ISO time; null = never expires */
  expires: string | null;
}

export interface AuthentikSeed {
  /** installation id, from which user `uid`s are derived */
  installId: string;
  version: { current: string; latest: string; buildHash: string; outpostOutdated: boolean };
  config: {
    capabilities: string[];
    cacheTimeout: number;
    cacheTimeoutFlows: number;
    cacheTimeoutPolicies: number;
    errorReporting: { enabled: boolean; sentryDsn: string; environment: string; sendPii: boolean; tracesSampleRate: number };
  };
  users: AuthentikUser[];
  tokens: AuthentikToken[];
  directory: Directory;
}

/** The tokens tests and the demo use. */
export const AUTHENTIK_TOKENS = {
  /** akadmin, superuser */
  admin: 'akTestAdminToken0d9f6c2b7e4a41b38c5e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a',
  /** terraform-readonly service account, not a superuser */
  readOnly: 'akTestReadOnlyToken5e2c9a7d3b1f48e6a0c4d8b2f6e1a3c5d7b9e0f2a4c6d8e1b3f5a7c9',
  /** an API token of akadmin that expired */
  expired: 'akTestExpiredToken7b4e1d8a2c6f49b3e5a7c9d1f3b5e7a9c1d3f5b7e9a2c4d6f8b0e2a4c6',
  /** an app-password token of akadmin (valid for LDAP/basic, rejected by the API) */
  appPassword: 'akTestAppPasswordToken3c8f2a6e9d1b47c5a3e7b1d5f9c3a7e1b5d9f3c7a1e5b9d3f7c1a5',
  /** API token of a deactivated user */
  inactiveUser: 'akTestInactiveUserToken9a1c5e3b7d2f46a8c0e4b6d9f1a3c5e7b9d1f3a5c7e9b2d4f6a8c',
} as const;

export interface SeedOptions {
  /** a large installation: 50,000 users, 5,000 nested groups, 300 flows, 1,000 stages */
  scale?: boolean;
}

/** The account fields the original three users share, dated relative to today. */
function accountDates(
  pk: number,
  lastLoginDaysAgo: number | null | undefined,
): Pick<AuthentikUser, 'uuid' | 'path' | 'attributes' | 'dateJoined' | 'lastLogin' | 'lastUpdated' | 'passwordChangeDate'> {
  return {
    uuid: uuidFor(`user:${pk}`),
    path: 'users',
    attributes: {},
    dateJoined: daysAgo(400 + (pk % 300)),
    lastLogin: lastLoginDaysAgo === null || lastLoginDaysAgo === undefined ? null : daysAgo(lastLoginDaysAgo),
    lastUpdated: daysAgo(pk % 20),
    passwordChangeDate: daysAgo(90 + (pk % 60)),
  };
}

function personToUser(person: DirectoryPerson, groupNames: Map<string, string>, superuserGroups: Set<string>): AuthentikUser {
  return {
    pk: person.pk,
    username: person.username,
    name: person.name,
    email: person.email,
    isActive: person.isActive,
    isSuperuser: person.groups.some((g) => superuserGroups.has(g)),
    type: person.type,
    groups: person.groups.map((pk) => ({ pk, name: groupNames.get(pk) ?? pk })),
    roles: [],
    settings: {},
    systemPermissions: [],
    ...accountDates(person.pk, person.lastLoginDaysAgo),
    path: person.type === 'internal_service_account' ? 'goauthentik.io/outposts' : person.type === 'service_account' ? 'service-accounts' : 'users',
    attributes: person.title ? { title: person.title } : {},
  };
}

/** A fresh, independent copy of the seed (stand-ins may mutate theirs). */
export function createAuthentikSeed(options: SeedOptions = {}): AuthentikSeed {
  const company = buildCompanyDirectory();
  const base = createBaseSeed();
  const groupNames = new Map(company.directory.groups.map((g) => [g.pk, g.name]));
  const superuserGroups = new Set(company.directory.groups.filter((g) => g.isSuperuser).map((g) => g.pk));
  base.users.push(...company.people.map((p) => personToUser(p, groupNames, superuserGroups)));
  base.directory = company.directory;
  addManagedObjects(base.directory, base.installId);
  if (options.scale) addScale(base);
  return base;
}

function createBaseSeed(): AuthentikSeed {
  const T = AUTHENTIK_TOKENS;
  return {
    installId: '6f1c2a9e-3b7d-4e58-a0c4-9d2f7b1e5a63',
    version: { current: '2026.8.3', latest: '2026.8.3', buildHash: '4f8a1c2e9b7d3a6f0e5c1b8d2a7f4e9c3b6d0a1f', outpostOutdated: false },
    config: {
      capabilities: ['can_save_media', 'can_save_reports', 'can_geo_ip', 'can_asn', 'can_impersonate'],
      cacheTimeout: 300,
      cacheTimeoutFlows: 300,
      cacheTimeoutPolicies: 300,
      errorReporting: { enabled: false, sentryDsn: '', environment: 'customer', sendPii: false, tracesSampleRate: 0.1 },
    },
    users: [
      {
        pk: 4,
        username: 'akadmin',
        name: 'authentik Default Admin',
        email: 'admin@acme.example',
        isActive: true,
        isSuperuser: true,
        type: 'internal',
        groups: [{ ...ADMINS_GROUP }],
        roles: [{ ...ADMIN_ROLE }],
        settings: { locale: 'en', theme: { base: 'automatic' } },
        systemPermissions: ['authentik_rbac.access_admin_interface', 'authentik_core.view_user', 'authentik_core.view_group', 'authentik_core.view_application'],
        ...accountDates(4, 0),
      },
      {
        pk: 12,
        username: 'terraform-readonly',
        name: 'Terraform read-only',
        email: '',
        isActive: true,
        isSuperuser: false,
        type: 'service_account',
        groups: [{ ...READERS_GROUP }],
        roles: [{ ...READER_ROLE }],
        settings: {},
        systemPermissions: ['authentik_core.view_user', 'authentik_core.view_group', 'authentik_core.view_application'],
        ...accountDates(12, 1),
        path: 'service-accounts',
      },
      {
        pk: 15,
        username: 'former.contractor',
        name: 'Former Contractor',
        email: 'contractor@acme.example',
        isActive: false,
        isSuperuser: false,
        type: 'external',
        groups: [],
        roles: [],
        settings: {},
        systemPermissions: [],
        ...accountDates(15, 200),
      },
    ],
    tokens: [
      { identifier: 'akadmin-vscode', key: T.admin, userPk: 4, intent: 'api', expires: null },
      { identifier: 'terraform-readonly-api', key: T.readOnly, userPk: 12, intent: 'api', expires: '2099-12-31T23:59:59Z' },
      { identifier: 'akadmin-expired', key: T.expired, userPk: 4, intent: 'api', expires: '2025-01-31T12:00:00Z' },
      { identifier: 'akadmin-ldap-app-password', key: T.appPassword, userPk: 4, intent: 'app_password', expires: null },
      { identifier: 'former-contractor-api', key: T.inactiveUser, userPk: 15, intent: 'api', expires: null },
    ],
    directory: {
      brands: [],
      certificates: [],
      flows: [],
      stages: [],
      bindings: [],
      groups: [],
      applications: [],
      providers: [],
      sources: [],
      mappings: [],
      outposts: [],
      serviceConnections: [],
      permissions: [],
      entitlements: [],
      blueprints: [],
      blueprintFiles: [],
      agentConnectors: [],
      deviceAccessGroups: [],
      enrollmentTokens: [],
      browserConnectors: [],
      licenses: [],
      notificationRules: [],
      notificationTransports: [],
    },
  };
}

/** authentik's `uid`: a SHA-256 hex digest tied to the installation and the user. */
export function userUid(seed: AuthentikSeed, user: AuthentikUser): string {
  return crypto.createHash('sha256').update(`${seed.installId}-${user.pk}`).digest('hex');
}
