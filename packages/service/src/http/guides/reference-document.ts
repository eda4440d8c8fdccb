import type { Schema } from './reference-fields.js';
import { kebab } from './reference-href.js';

/*
 * The served OpenAPI document as the reference's pages read it (docs/operator-api.md, "The API reference"):
 * its operations grouped into resources by their operationId, its $refs resolved, and the anchors Redoc
 * gave each operation, which old links still use.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Media {
  schema?: Schema;
  example?: unknown;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, Media> };
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
  'x-rate-limit'?: { tier: string; per_tenant_per_minute?: number; per_end_user_per_minute?: number | null };
  'x-codeSamples'?: { lang: string; label: string; source: string }[];
}

export interface ReferenceDocument {
  info?: { title?: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Partial<Record<string, Operation>>>;
  webhooks?: Record<string, { post?: Operation }>;
  components?: {
    schemas?: Record<string, Schema>;
    securitySchemes?: Record<string, { description?: string; bearerFormat?: string }>;
    'x-error-catalog'?: Record<string, { status: number; description: string }>;
  };
}

export interface ReferenceOperation {
  method: string;
  path: string;
  /** The anchor on its page: the operationId's verb in kebab case (`createBatch` → `create-batch`). */
  anchor: string;
  operation: Operation;
}

export interface ReferenceEvent {
  type: string;
  operation: Operation;
}

export interface ReferenceResource {
  /** In the address: /docs/reference/<slug>. */
  slug: string;
  title: string;
  /** The description of its first operation's tag, when the document gives one. */
  description?: string;
  operations: ReferenceOperation[];
  events: ReferenceEvent[];
}

/**
 * The document's operations by resource, in the order of the document's tags (its reading order), each
 * resource's operations in the document's order; the webhook events join the webhooks resource.
 */
export function referenceResources(doc: ReferenceDocument): ReferenceResource[] {
  const tagRank = new Map((doc.tags ?? []).map((t, i) => [t.name, i]));
  const tagText = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
  const resources = new Map<string, ReferenceResource & { rank: number }>();
  const resourceOf = (slug: string, rank: number, tag: string | undefined) => {
    let resource = resources.get(slug);
    if (!resource) {
      const title = slug.charAt(0).toUpperCase() + slug.slice(1).replaceAll('-', ' ');
      const description = tagText.get(tag ?? '');
      resources.set(slug, (resource = { slug, title, description, operations: [], events: [], rank }));
    }
    return resource;
  };
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const [resource, verb] = operation.operationId.split('.');
      const rank = tagRank.get(operation.tags?.[0] ?? '') ?? tagRank.size;
      resourceOf(kebab(resource!), rank, operation.tags?.[0]).operations.push({
        method,
        path,
        anchor: kebab(verb!),
        operation,
      });
    }
  const events = Object.entries(doc.webhooks ?? {}).filter(([, item]) => item.post);
  if (events.length > 0) {
    const webhooks = resourceOf('webhooks', tagRank.get('Webhooks') ?? tagRank.size, 'Webhooks');
    for (const [type, item] of events) webhooks.events.push({ type, operation: item.post! });
  }
  return [...resources.values()].sort((a, b) => a.rank - b.rank).map(({ rank: _, ...resource }) => resource);
}

/**
 * The document with each local `$ref` (`#/components/schemas/ErrorEnvelope`) replaced by what it names, so
 * that the pages read one tree; a reference within itself is left as it is, past a few levels.
 */
export function dereferenced(doc: ReferenceDocument): ReferenceDocument {
  const lookup = (ref: string): unknown =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key.replaceAll('~1', '/').replaceAll('~0', '~')],
        doc,
      );
  const visit = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((n) => visit(n, depth));
    if (typeof node !== 'object' || node === null) return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && depth < 8) return visit(lookup(ref) ?? node, depth + 1);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, visit(v, depth)]));
  };
  return visit(doc, 0) as ReferenceDocument;
}

/** The anchors Redoc gave an operation on /docs, so an old link can be sent to its new place. */
export function legacyAnchors(tag: string | undefined, operationId: string | undefined, path: string, method: string) {
  const slug = (tag ?? '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '');
  const prefix = tag === undefined ? '' : `tag/${slug}/`;
  const pointer = path.replaceAll('~', '~0').replaceAll('/', '~1');
  return [`${prefix}paths/${pointer}/${method}`, ...(operationId ? [`${prefix}operation/${operationId}`] : [])];
}
