import type * as A from '../../clients/authentik';
import type { LoadedRecord } from '../panels/recordSources';
import { RecordContext, authentikRecord } from './authentikRecord';
import { code, data, link, text } from './recordFields';
import { refs } from './refs';

/** The records of applications and the outposts that serve their providers (authentik's Applications). */

export function applicationRecord(a: A.Application, ctx: RecordContext): LoadedRecord {
  const provider = a.provider_obj;
  return authentikRecord(
    {
      ref: refs.application(a),
      kind: 'authentik application',
      title: a.name,
      subtitle: a.slug,
      managed: { kind: 'application', object: a },
      json: a,
      sections: [
        {
          title: 'Application',
          fields: [
            code('ID', a.pk),
            text('Name', a.name),
            code('Slug', a.slug),
            text('Group', a.group),
            text('Launch URL', a.launch_url ?? '', a.launch_url && /^https?:/.test(a.launch_url) ? { link: { kind: 'url', url: a.launch_url } } : {}),
            text('Description', a.meta_description),
            text('Publisher', a.meta_publisher),
            text('Open in new tab', a.open_in_new_tab === true),
            text('Hidden', a.meta_hide === true),
            text('Policy engine mode', a.policy_engine_mode ?? 'any'),
            code('Icon', a.meta_icon ?? ''),
          ],
        },
        { title: 'Provider', fields: provider ? [link(provider.verbose_name, provider.name, refs.provider(provider))] : [text('Provider', 'none')] },
        {
          title: `Backchannel providers (${(a.backchannel_providers ?? []).length})`,
          fields: (a.backchannel_providers_obj ?? []).map((p) => link(p.verbose_name, p.name, refs.provider(p))),
        },
      ],
    },
    ctx,
  );
}

export function outpostRecord(o: A.Outpost, ctx: RecordContext): LoadedRecord {
  const connection = o.service_connection_obj;
  return authentikRecord(
    {
      ref: refs.outpost(o),
      kind: 'authentik outpost',
      title: o.name,
      subtitle: o.type,
      json: o,
      sections: [
        {
          title: 'Outpost',
          fields: [
            code('ID', o.pk),
            text('Name', o.name),
            text('Type', o.type),
            code('Managed', o.managed),
            code('Token identifier', o.token_identifier),
            text('Refresh interval (s)', o.refresh_interval_s),
            connection ? link('Service connection', connection.name, refs.serviceConnection(connection)) : text('Service connection', 'none (manual deployment)'),
          ],
        },
        { title: `Providers (${o.providers_obj.length})`, fields: o.providers_obj.map((p) => link(p.verbose_name, p.name, refs.provider(p))) },
        { title: 'Configuration', fields: [data('Configuration', o.config)] },
      ],
    },
    ctx,
  );
}
