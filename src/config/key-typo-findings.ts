import { isTree } from '../application/values/is-tree';
import { configSchema } from './config-schema';
import type { ConfigProblem } from './describe-config-issue';
import { nearest } from './nearest-name';

/**
 * The unknown keys of a configuration that are typos of known ones: one edit away from a key the
 * same object knows (two for a key of five letters or more), or differing only in case, such as
 * `requestUrll`. The app leaves an unknown key out, so the setting it meant is lost without a
 * word; other unknown keys stay warnings, since a newer version may read them. Pure.
 */
export function keyTypoFindings(input: unknown, unknownKeys: readonly ConfigProblem[]): ConfigProblem[] {
  return unknownKeys.flatMap((unknown) => {
    const meant = nearKnownKey(input, unknown.path);
    return meant === undefined
      ? []
      : [{ path: unknown.path, message: `unknown key; did you mean ${JSON.stringify(meant)}? (the app would leave it out, and the setting with it)` }];
  });
}

/** The little of zod's schema objects this walk reads. */
interface SchemaNode {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, SchemaNode>;
      element?: SchemaNode;
      innerType?: SchemaNode;
      in?: SchemaNode;
      options?: SchemaNode[];
      discriminator?: string;
      valueType?: SchemaNode;
      values?: unknown[];
    };
  };
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'readonly', 'nonoptional', 'catch', 'prefault']);

function unwrap(schema: SchemaNode): SchemaNode {
  let node = schema;
  for (;;) {
    const def = node._zod.def;
    if (WRAPPERS.has(def.type) && def.innerType) node = def.innerType;
    else if (def.type === 'pipe' && def.in) node = def.in;
    else return node;
  }
}

/** The form of a schema (the option of a union) that `value` is of: an object, a list or a leaf. */
function fitting(schema: SchemaNode, value: unknown): SchemaNode | undefined {
  const node = unwrap(schema);
  const def = node._zod.def;
  if (def.type === 'union') {
    for (const option of def.options ?? []) {
      if (def.discriminator !== undefined && isTree(value)) {
        const tag = unwrap(option)._zod.def.shape?.[def.discriminator];
        if (!tag || !(unwrap(tag)._zod.def.values ?? []).includes(value[def.discriminator])) continue;
      }
      const fit = fitting(option, value);
      if (fit) return fit;
    }
    return undefined;
  }
  if (def.type === 'object' || def.type === 'record') return isTree(value) ? node : undefined;
  if (def.type === 'array') return Array.isArray(value) ? node : undefined;
  return isTree(value) || Array.isArray(value) ? undefined : node;
}

/**
 * For an unknown key by its dotted path (as parseConfig lists it), the known key of the same
 * object it is a typo of, if any. The path is read against the document, since a `fieldRules`
 * key has dots of its own.
 */
function nearKnownKey(input: unknown, path: string): string | undefined {
  let schema = fitting(configSchema() as unknown as SchemaNode, input);
  let node = input;
  let rest = path;
  while (schema) {
    const def = schema._zod.def;
    if (def.type === 'object' && isTree(node)) {
      const shape = def.shape ?? {};
      if (Object.hasOwn(node, rest) && !Object.hasOwn(shape, rest)) return nearest(rest, Object.keys(shape), 'key');
      const dot = rest.indexOf('.');
      const next = dot < 0 ? undefined : shape[rest.slice(0, dot)];
      if (!next) return undefined;
      node = node[rest.slice(0, dot)];
      rest = rest.slice(dot + 1);
      schema = fitting(next, node);
    } else if (def.type === 'array' && Array.isArray(node) && def.element) {
      const dot = rest.indexOf('.');
      if (dot < 0) return undefined;
      node = node[Number(rest.slice(0, dot))];
      rest = rest.slice(dot + 1);
      schema = fitting(def.element, node);
    } else if (def.type === 'record' && isTree(node) && def.valueType) {
      const [key] = Object.keys(node)
        .filter((candidate) => rest.startsWith(`${candidate}.`))
        .sort((a, b) => b.length - a.length);
      if (key === undefined) return undefined;
      node = node[key];
      rest = rest.slice(key.length + 1);
      schema = fitting(def.valueType, node);
    } else return undefined;
  }
  return undefined;
}
