import type * as A from '../../clients/authentik';
import type { UserGroupMembership } from '../../clients/authentik';
import type { LoadedRecord } from '../panels/recordSources';
import type { RecordBadge, RecordField } from '../panels/protocol';
import { RecordContext, authentikRecord } from './authentikRecord';
import { code, data, link, text } from './recordFields';
import { refs } from './refs';

/** The records of who signs in: users, groups, the sources users come from, permissions (authentik's Directory). */

/** A group with its members by name (the first page of them; the tree's Members folder has all). */
export function groupRecord(g: A.Group, members: { users: A.User[]; count: number } | undefined, ctx: RecordContext): LoadedRecord {
  const memberCount = members?.count ?? (g.users ?? []).length;
  const memberFields: RecordField[] = members ? members.users.map((u) => link(u.name || 'Member', u.username, refs.user(u))) : [text('Members', 'the member list could not be read', { dim: true })];
  if (members && members.count > members.users.length) {
    memberFields.push(text('More', `${(members.count - members.users.length).toLocaleString('en-US')} more in the Members folder of the group in the authentik view`, { dim: true }));
  }
  return authentikRecord(
    {
      ref: refs.group(g),
      kind: 'authentik group',
      title: g.name,
      badges: g.is_superuser ? [{ text: 'superuser', tone: 'warning' }] : [],
      json: g,
      sections: [
        {
          title: 'Group',
          fields: [
            code('ID', g.pk),
            code('Numeric ID', g.num_pk),
            text('Name', g.name),
            text('Superuser', g.is_superuser === true),
            text('Members', memberCount),
            text('Roles', (g.roles_obj ?? []).map((r) => r.name).join(', ')),
          ],
        },
        { title: `Members (${memberCount.toLocaleString('en-US')})`, fields: memberFields },
        { title: 'Parents', fields: (g.parents_obj ?? []).map((p) => link('Parent', p.name, refs.group(p))) },
        { title: 'Children', fields: (g.children_obj ?? []).map((c) => link('Child', c.name, refs.group(c))) },
        { title: 'Attributes', fields: [data('Attributes', g.attributes)] },
      ],
    },
    ctx,
  );
}

export function userRecord(u: A.User, membership: UserGroupMembership | undefined, ctx: RecordContext): LoadedRecord {
  const badges: RecordBadge[] = [];
  if (u.is_active === false) badges.push({ text: 'inactive', tone: 'warning' });
  if (u.is_superuser) badges.push({ text: 'superuser', tone: 'warning' });
  return authentikRecord(
    {
      ref: refs.user(u),
      kind: 'authentik user',
      title: u.username,
      subtitle: u.name,
      badges,
      json: u,
      sections: [
        {
          title: 'User',
          fields: [
            code('ID', u.pk),
            code('UUID', u.uuid),
            text('Username', u.username),
            text('Name', u.name),
            text('Email', u.email),
            text('Type', u.type ?? 'internal'),
            code('Path', u.path),
            text('Active', u.is_active !== false),
            text('Superuser', u.is_superuser),
            text('Last login', u.last_login ?? 'never', { format: 'date' }),
            text('Joined', u.date_joined, { format: 'date' }),
            text('Password changed', u.password_change_date, { format: 'date' }),
          ],
        },
        { title: 'Groups', fields: (membership?.direct ?? (u.groups_obj ?? []).map((g) => ({ pk: g.pk, name: g.name }))).map((g) => link('Direct', g.name, refs.group(g))) },
        { title: 'Inherited groups', fields: (membership?.inherited ?? []).map((g) => link(`via ${g.via}`, g.name, refs.group(g))) },
        { title: 'Attributes', fields: [data('Attributes', u.attributes)] },
      ],
    },
    ctx,
  );
}

export function sourceRecord(s: A.Source, ctx: RecordContext): LoadedRecord {
  const names = ctx.names;
  return authentikRecord(
    {
      ref: refs.source(s),
      kind: 'authentik source',
      title: s.name,
      subtitle: s.verbose_name,
      badges: s.enabled === false ? [{ text: 'disabled', tone: 'warning' }] : [],
      json: s,
      sections: [
        {
          title: 'Source',
          fields: [
            code('ID', s.pk),
            text('Name', s.name),
            code('Slug', s.slug),
            text('Kind', s.verbose_name),
            code('Managed', s.managed),
            text('Enabled', s.enabled !== false),
            text('Promoted', s.promoted === true),
            text('User matching', s.user_matching_mode),
            code('User path template', s.user_path_template),
            names.field('Authentication flow', 'flow', s.authentication_flow),
            names.field('Enrollment flow', 'flow', s.enrollment_flow),
          ],
        },
      ],
    },
    ctx,
  );
}

export function permissionRecord(p: A.Permission, ctx: RecordContext): LoadedRecord {
  return authentikRecord(
    {
      ref: refs.permission(p),
      kind: 'authentik permission',
      title: p.codename,
      subtitle: p.name,
      json: p,
      sections: [
        {
          title: 'Permission',
          fields: [
            code('ID', p.id),
            code('Codename', p.codename),
            text('Name', p.name),
            code('App', p.app_label),
            text('App name', p.app_label_verbose),
            code('Model', p.model),
            text('Model name', p.model_verbose),
          ],
        },
      ],
    },
    ctx,
  );
}
