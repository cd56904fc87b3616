import type * as A from '../../clients/authentik';
import type { LoadedRecord } from '../panels/recordSources';
import { RecordContext, authentikRecord } from './authentikRecord';
import { code, link, text } from './recordFields';
import { refs } from './refs';

/** The records of flows and the stages they run, in order (authentik's Flows and Stages). */

export function flowRecord(f: A.Flow, bindings: A.FlowStageBinding[], totalBindings: number, diagram: string | undefined, ctx: RecordContext): LoadedRecord {
  return authentikRecord(
    {
      ref: refs.flow(f),
      kind: 'authentik flow',
      title: f.slug,
      subtitle: f.name,
      badges: [{ text: f.designation, tone: 'info' }, ...(f.authentication && f.authentication !== 'none' ? [{ text: f.authentication.replace(/_/g, ' '), tone: 'info' as const }] : [])],
      managed: { kind: 'flow', object: f },
      json: f,
      sections: [
        {
          title: 'Flow',
          fields: [
            code('ID', f.pk),
            text('Name', f.name),
            code('Slug', f.slug),
            text('Title', f.title),
            text('Designation', f.designation),
            text('Authentication', f.authentication ?? 'none'),
            text('Layout', f.layout ?? 'stacked'),
            text('Denied action', f.denied_action ?? 'message_continue'),
            text('Policy engine mode', f.policy_engine_mode ?? 'any'),
            text('Compatibility mode', f.compatibility_mode !== false),
            code('Export URL', f.export_url),
          ],
        },
        {
          title: `Stage bindings (${totalBindings})`,
          fields: bindings.map((b) => link(`${b.order}`, `${b.stage_obj.name} — ${b.stage_obj.verbose_name}`, refs.stage(b.stage_obj))),
        },
        ...(diagram ? [{ title: 'authentik diagram (Mermaid)', fields: [text('Diagram', diagram, { format: 'block' })] }] : []),
      ],
      diagram: {
        title: 'Stages in order',
        nodes: [
          { id: 'start', label: `Flow ${f.slug}`, detail: f.designation },
          ...bindings.map((b) => ({ id: b.pk, label: `${b.order} · ${b.stage_obj.name}`, detail: b.stage_obj.verbose_name })),
          { id: 'done', label: 'End of the flow' },
        ],
      },
    },
    ctx,
  );
}

export function stageRecord(s: A.Stage, ctx: RecordContext): LoadedRecord {
  return authentikRecord(
    {
      ref: refs.stage(s),
      kind: 'authentik stage',
      title: s.name,
      subtitle: s.verbose_name,
      json: s,
      sections: [
        { title: 'Stage', fields: [code('ID', s.pk), text('Name', s.name), text('Kind', s.verbose_name)] },
        { title: `Used in flows (${s.flow_set.length})`, fields: s.flow_set.map((f) => link(f.designation, f.slug, refs.flow(f))) },
      ],
    },
    ctx,
  );
}
