import type * as A from '../../clients/authentik';
import { ObjectRef } from './objectRef';

/** ObjectRefs of the API's objects (the identifiers each kind is looked up and copied by). */
export const refs = {
  brand: (b: A.Brand): ObjectRef => ({ kind: 'brand', lookup: b.brand_uuid, id: b.brand_uuid, name: b.domain }),
  flow: (f: Pick<A.Flow, 'pk' | 'slug' | 'name'>): ObjectRef => ({ kind: 'flow', lookup: f.slug, id: f.pk, name: f.name, slug: f.slug }),
  stage: (s: Pick<A.Stage, 'pk' | 'name' | 'meta_model_name'>): ObjectRef => ({ kind: 'stage', lookup: s.pk, id: s.pk, name: s.name, model: s.meta_model_name }),
  group: (g: Pick<A.Group, 'pk' | 'name'>): ObjectRef => ({ kind: 'group', lookup: g.pk, id: g.pk, name: g.name }),
  user: (u: Pick<A.User, 'pk' | 'username'>): ObjectRef => ({ kind: 'user', lookup: String(u.pk), id: String(u.pk), name: u.username }),
  application: (a: A.Application): ObjectRef => ({ kind: 'application', lookup: a.slug, id: a.pk, name: a.name, slug: a.slug }),
  provider: (p: A.Provider): ObjectRef => ({ kind: 'provider', lookup: String(p.pk), id: String(p.pk), name: p.name, model: p.meta_model_name }),
  source: (s: A.Source): ObjectRef => ({ kind: 'source', lookup: s.slug, id: s.pk, name: s.name, slug: s.slug, model: s.meta_model_name, managed: s.managed }),
  mapping: (m: A.PropertyMapping): ObjectRef => ({ kind: 'mapping', lookup: m.pk, id: m.pk, name: m.name, model: m.meta_model_name, managed: m.managed ?? null }),
  certificate: (c: A.CertificateKeyPair): ObjectRef => ({ kind: 'certificate', lookup: c.pk, id: c.pk, name: c.name, managed: c.managed }),
  outpost: (o: A.Outpost): ObjectRef => ({ kind: 'outpost', lookup: o.pk, id: o.pk, name: o.name, managed: o.managed ?? null }),
  serviceConnection: (s: A.ServiceConnection): ObjectRef => ({ kind: 'serviceConnection', lookup: s.pk, id: s.pk, name: s.name, model: s.meta_model_name }),
  permission: (p: A.Permission): ObjectRef => ({ kind: 'permission', lookup: String(p.id), id: String(p.id), name: p.codename, app: p.app_label }),
};
