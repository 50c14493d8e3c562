import Ajv2019, { type ValidateFunction } from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * BTCPay's Greenfield contract (the merged OpenAPI document of BTCPay Server v2.4.1, kept beside this file with its
 * SOURCE.txt so the suite needs nothing outside the repository), compiled once with ajv:
 * finds the operation a request addresses and checks its parameters and JSON body. The double records what this
 * returns as violations, so a client that drifts from the contract fails its tests.
 */
export const CONTRACT_PATH = resolve(import.meta.dir, 'contract/greenfield-2.4.1.openapi.json');

type Json = Record<string, any>;
type Param = { name: string; in: string; required?: boolean; schema?: Json };
export type Operation = { method: string; template: string; operationId: string; regex: RegExp; pathNames: string[]; params: Param[]; body?: { required: boolean; validate: ValidateFunction } };
export type RequestCheck = { operation: Operation | null; pathParams: Record<string, string>; violations: string[] };

/**
 * Store-scoped item routes the server still serves (contract README section 0: kept for servers before 2.4.0) but
 * that the 2.4.1 document lists only in their store-less form. Each is checked against the operation it aliases.
 */
const LEGACY_STORE_ROUTES: [string, string][] = [
  ['/api/v1/stores/{storeId}/invoices/{invoiceId}', '/api/v1/invoices/{invoiceId}'],
  ['/api/v1/stores/{storeId}/invoices/{invoiceId}/payment-methods', '/api/v1/invoices/{invoiceId}/payment-methods'],
  ['/api/v1/stores/{storeId}/payouts/{payoutId}', '/api/v1/payouts/{payoutId}'],
  ['/api/v1/stores/{storeId}/webhooks/{webhookId}', '/api/v1/webhooks/{webhookId}'],
];

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

export type Contract = { operations: Operation[]; check(method: string, url: URL, rawBody: string, contentType: string | null): RequestCheck; validateSchema(name: string, value: unknown): string[] };

let cached: Contract | null = null;

export function loadContract(): Contract {
  if (cached) return cached;
  const doc = JSON.parse(readFileSync(CONTRACT_PATH, 'utf8')) as Json;
  const schemas = openApiToJsonSchema(doc.components.schemas);
  // strict: false because the document carries OpenAPI annotations (example, x-enumNames) that are not JSON Schema.
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  addFormats(ajv);
  // `decimal` is how BTCPay marks amounts sent as strings ("12.50"); hold the client to plain decimal notation.
  ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
  for (const f of collectFormats(doc)) if (!ajv.formats[f]) ajv.addFormat(f, true); // descriptive only (minutes, BIP21, …)
  ajv.addSchema({ $id: 'contract', components: { schemas } });
  const compile = (schema: Json) => ajv.compile(rewriteRefs(openApiToJsonSchema({ s: schema }).s));

  const operations: Operation[] = [];
  const add = (template: string, source: string) => {
    const item = doc.paths[source] as Json;
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => (p.$ref ? resolveRef(doc, p.$ref) : p) as Param);
      const pathNames = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      if (template !== source) params.push({ name: 'storeId', in: 'path', required: true, schema: { type: 'string' } });
      const regex = new RegExp('^' + template.replace(/\{\w+\}/g, '([^/]+)') + '$');
      const json = op.requestBody?.content?.['application/json']?.schema as Json | undefined;
      const body = json ? { required: op.requestBody.required === true, validate: compile(json) } : undefined;
      operations.push({ method: method.toUpperCase(), template, operationId: op.operationId, regex, pathNames, params, body });
    }
  };
  for (const path of Object.keys(doc.paths)) add(path, path);
  for (const [legacy, documented] of LEGACY_STORE_ROUTES) add(legacy, documented);
  const paramValidators = new Map<Json, ValidateFunction>();
  const paramValidator = (schema: Json) => paramValidators.get(schema) ?? paramValidators.set(schema, compile(schema)).get(schema)!;

  cached = {
    operations,
    check(method, url, rawBody, contentType) {
      const violations: string[] = [];
      const at = `${method} ${url.pathname}`;
      // A literal segment beats a template one (…/payouts/{payoutId} vs a documented sibling), like ASP.NET routing.
      const matches = operations.filter((o) => o.method === method && o.regex.test(url.pathname)).sort((a, b) => a.pathNames.length - b.pathNames.length);
      const operation = matches[0] ?? null;
      if (!operation) return { operation, pathParams: {}, violations: [`${at}: no such operation in the contract`] };
      const values = operation.regex.exec(url.pathname)!.slice(1).map(decodeURIComponent);
      const pathParams = Object.fromEntries(operation.pathNames.map((n, i) => [n, values[i]!]));
      const declared = new Set(operation.params.filter((p) => p.in === 'query').map((p) => p.name));
      for (const name of new Set(url.searchParams.keys())) if (!declared.has(name)) violations.push(`${at}: query parameter "${name}" is not in the contract`);
      for (const p of operation.params) {
        if (p.in === 'path') {
          if (!pathParams[p.name]) violations.push(`${at}: path parameter "${p.name}" is empty`);
          continue;
        }
        if (p.in !== 'query') continue;
        const raw = url.searchParams.getAll(p.name);
        if (!raw.length) {
          if (p.required) violations.push(`${at}: required query parameter "${p.name}" is missing`);
          continue;
        }
        const schema = p.schema ?? {};
        const value = schema.type === 'array' ? raw.map((v) => coerce(v, schema.items ?? {})) : coerce(raw[raw.length - 1]!, schema);
        const validate = paramValidator(schema);
        if (!validate(value)) violations.push(...describe(validate, `${at}: query ${p.name}`));
      }
      if (operation.body) {
        if (!rawBody) {
          if (operation.body.required) violations.push(`${at}: a JSON body is required`);
        } else if (!contentType?.toLowerCase().startsWith('application/json')) {
          violations.push(`${at}: body sent as ${contentType ?? 'no content type'}, the contract takes application/json`);
        } else {
          let parsed: unknown;
          try {
            parsed = JSON.parse(rawBody);
          } catch {
            violations.push(`${at}: body is not JSON`);
            return { operation, pathParams, violations };
          }
          if (!operation.body.validate(parsed)) violations.push(...describe(operation.body.validate, `${at}: body`));
        }
      } else if (rawBody) violations.push(`${at}: the contract takes no body for this operation`);
      return { operation, pathParams, violations };
    },
    validateSchema(name, value) {
      const validate = ajv.getSchema(`contract#/components/schemas/${name}`)!;
      return validate(value) ? [] : describe(validate, name);
    },
  };
  return cached;
}

function describe(validate: ValidateFunction, where: string): string[] {
  return (validate.errors ?? []).map((e) => `${where}${e.instancePath || ''} ${e.message}${e.params && 'unevaluatedProperty' in e.params ? ` (${e.params.unevaluatedProperty})` : ''}`);
}

function coerce(value: string, schema: Json): unknown {
  const type = schema.type ?? (schema.$ref ? undefined : 'string');
  if (type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  if (type === 'number' || type === 'integer') return value !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  return value;
}

function resolveRef(doc: Json, ref: string): Json {
  return ref.replace(/^#\//, '').split('/').reduce((node: Json, key) => node[key], doc);
}

function rewriteRefs(node: any): any {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `contract${v}` : rewriteRefs(v);
  return out;
}

function collectFormats(node: any, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => collectFormats(n, found));
  else if (node && typeof node === 'object') {
    if (typeof node.format === 'string') found.add(node.format);
    Object.values(node).forEach((n) => collectFormats(n, found));
  }
  return found;
}

/**
 * Two OpenAPI 3.0 idioms that JSON Schema reads differently, translated before ajv compiles:
 * - `additionalProperties: false` inside an `allOf` part would reject the other parts' properties; OpenAPI means
 *   "no properties beyond all parts", which is `unevaluatedProperties: false` on the whole (draft 2019-09).
 * - `nullable: true` next to `allOf`/`$ref` has no `type` for ajv's nullable to widen, so null becomes an explicit option.
 */
function openApiToJsonSchema(schemas: Json): Json {
  const all = schemas;
  const target = (s: Json): Json => (s.$ref?.startsWith('#/components/schemas/') ? all[s.$ref.split('/').pop()] ?? s : s);
  const walk = (node: any): any => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    let out: Json = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    // A part closes the object when it (or a part of it, already lifted) forbids other properties.
    const closes = (p: Json) => {
      const t = p.$ref ? walk(target(p)) : p;
      return t.additionalProperties === false || t.unevaluatedProperties === false;
    };
    if (Array.isArray(out.allOf) && out.allOf.some(closes)) {
      out.allOf = out.allOf.map((p: Json) => {
        if (!closes(p)) return p;
        const { additionalProperties: _a, unevaluatedProperties: _u, ...rest } = p.$ref ? walk(target(p)) : p;
        return rest;
      });
      out.unevaluatedProperties = false;
    }
    if (out.nullable === true && (out.allOf || out.$ref || out.anyOf || out.oneOf)) {
      const { nullable: _n, ...rest } = out;
      out = { anyOf: [{ type: 'null' }, rest] };
    }
    return out;
  };
  return walk(schemas);
}
