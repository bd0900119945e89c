// Holding JSON to an OpenAPI 3.0 document: Ajv for types, required fields and enums, and a walk of
// our own for "defined at all", which JSON Schema leaves open (an object without
// `additionalProperties: false` takes any field, and PayPal's documents rarely say false).
import fs from "node:fs";
import path from "node:path";
import Ajv, { type ErrorObject } from "ajv";

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is JSON of many shapes.
type Json = any;

export interface Contract {
  name: string;
  doc: Json;
  ajv: Ajv;
}

// unicodeRegExp off: some of PayPal's patterns are valid ECMAScript only without the `u` flag.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, unicodeRegExp: false });

/** One of the documents in tests/contracts/paypal, its local references made absolute so its schemas compile alone. */
export function loadContract(name: string): Contract {
  const file = path.resolve("tests/contracts/paypal", `${name}.json`);
  const text = fs.readFileSync(file, "utf8").replaceAll('"#/components/', `"${name}#/components/`);
  const doc = JSON.parse(text);
  if (!ajv.getSchema(name)) ajv.addSchema({ $id: name, components: doc.components }, name);
  return { name, doc, ajv };
}

function operation(contract: Contract, method: string, template: string) {
  const op = contract.doc.paths[template]?.[method.toLowerCase()];
  if (!op) throw new Error(`${contract.name} defines no ${method} ${template}`);
  return op;
}

/** The JSON schema of an operation's request body, or of its answer with `status` (else the default answer). */
export function schemaOf(contract: Contract, method: string, template: string, status?: number): Json {
  const op = operation(contract, method, template);
  let part = status === undefined ? op.requestBody : (op.responses[String(status)] ?? op.responses.default);
  if (part?.$ref) part = resolve(contract, part.$ref);
  const schema = part?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${contract.name}: ${method} ${template} has no JSON ${status ?? "request"} body`);
  return schema;
}

/** Whether the document lists `status` among the operation's answers (not only as the default). */
export function documentsStatus(contract: Contract, method: string, template: string, status: number): boolean {
  return String(status) in operation(contract, method, template).responses;
}

function resolve(contract: Contract, ref: string): Json {
  const pointer = ref.slice(ref.indexOf("#") + 2).split("/");
  return pointer.reduce((node, key) => node?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], contract.doc);
}

/** Ajv's complaints about `value` under `schema`, one line each. */
export function violations(contract: Contract, schema: Json, value: unknown): string[] {
  const validate = contract.ajv.compile(schema);
  if (validate(value)) return [];
  // Inside an anyOf or oneOf every branch complains; the alternative as a whole says enough.
  const inBranch = (e: ErrorObject) => /\/(anyOf|oneOf)\/\d+\//.test(e.schemaPath);
  const lines = (validate.errors ?? [])
    .filter((e: ErrorObject) => !inBranch(e))
    .map((e: ErrorObject) => `${e.instancePath || "/"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`);
  return [...new Set(lines)];
}

/** The schemas `schema` stands for: itself with its references followed and its allOf, oneOf and anyOf spread. */
function alternatives(contract: Contract, schema: Json): Json[] {
  if (!schema || typeof schema !== "object") return [];
  if (schema.$ref) return alternatives(contract, resolve(contract, schema.$ref));
  const parts = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  return [schema, ...parts.flatMap((part: Json) => alternatives(contract, part))];
}

/** Whether `path` (fields and `[]` for array items, as `a.b[].c`) is defined by `schema`. */
export function defines(contract: Contract, schema: Json, fieldPath: string): boolean {
  let current = alternatives(contract, schema);
  for (const step of fieldPath.split(/\.|(?=\[\])/).filter(Boolean)) {
    if (current.some((s) => isFreeForm(s))) return true;
    current =
      step === "[]"
        ? current.flatMap((s) => (s.items ? alternatives(contract, s.items) : []))
        : current.flatMap((s) => (s.properties?.[step] ? alternatives(contract, s.properties[step]) : []));
    if (current.length === 0) return false;
  }
  return true;
}

/** An object schema that names no fields takes any (a map, or an event's resource of any kind). */
function isFreeForm(schema: Json): boolean {
  if (schema.additionalProperties && schema.additionalProperties !== false) return true;
  // A schema that says nothing of its shape takes any value (JSON Patch's `value`).
  const shaped = ["type", "properties", "items", "$ref", "allOf", "oneOf", "anyOf", "enum"];
  if (!shaped.some((key) => key in schema)) return true;
  return schema.type === "object" && !schema.properties && !schema.allOf && !schema.oneOf && !schema.anyOf;
}

/** Every field path of a JSON value, as `defines` takes them: `a.b[].c`. */
export function fieldPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => fieldPaths(item, `${prefix}[]`));
  if (!value || typeof value !== "object") return prefix ? [prefix] : [];
  return Object.entries(value).flatMap(([key, item]) => {
    const here = prefix ? `${prefix}.${key}` : key;
    return [here, ...fieldPaths(item, here)];
  });
}

/**
 * The field paths read from the JSON texts in `watched` while `fn` runs: JSON.parse hands out
 * objects that note each field read. The provider runs in this process, so its reads are seen.
 */
export async function fieldsRead(watched: (text: string) => string | null, fn: () => Promise<void>) {
  const reads = new Map<string, Set<string>>();
  const parse = JSON.parse;
  const noted = (value: unknown, key: string, at: string): unknown => {
    if (!value || typeof value !== "object") return value;
    return new Proxy(value as object, {
      get(target, property, receiver) {
        const found = Reflect.get(target, property, receiver);
        if (typeof property === "symbol" || property === "then" || property === "toJSON") return found;
        const array = Array.isArray(target);
        if (array && !/^\d+$/.test(property)) return found; // length, find, map…
        const here = array ? `${at}[]` : at ? `${at}.${property}` : property;
        const set = reads.get(key) ?? new Set<string>();
        reads.set(key, set.add(here));
        return noted(found, key, here);
      },
    });
  };
  JSON.parse = ((text: string, reviver?: Parameters<typeof parse>[1]) => {
    const value = parse(text, reviver);
    const key = typeof text === "string" ? watched(text) : null;
    return key ? noted(value, key, "") : value;
  }) as typeof JSON.parse;
  try {
    await fn();
  } finally {
    JSON.parse = parse;
  }
  return reads;
}
