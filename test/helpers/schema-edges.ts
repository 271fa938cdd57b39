// Every edge of every state machine, checked by its schemas: what one state can hand on (a step's
// declared output, placed by the state's ResultPath, shaped by Parameters, InputPath, ResultSelector,
// ItemSelector, a Map's collection or a Parallel's branches) must be accepted by the next step's input
// schema. A value the producer's schema allows and the consumer's refuses is a 5xx waiting for an input
// that looks valid (issue 26), so the two schemas may not drift apart.
//
// The schemas are compared as JSON Schema (zod's toJSONSchema: the producer's output side, the
// consumer's input side) by a structural "accepts" over the keywords the product's schemas use: types,
// enums and consts, string and array lengths, number bounds, patterns, objects (required, properties,
// additional properties) and unions. A keyword it does not understand is reported, never passed over.
// `npx tsx test/helpers/schema-edges.ts` prints every edge and every problem.
import { z } from "zod";
import { MACHINES } from "../../shared/runtime/machines.ts";
import { localArn } from "../../shared/workflows/asl.ts";
import type { StepSpec } from "../../shared/workflows/step.ts";

export type Json = Record<PropertyKey, any>;
const ANY: Json = {};

export interface Edge {
  machine: string;
  from: string;
  to: string;
  problems: string[];
  /** the edge from the machine's caller (a route, another machine), whose input is checked there */
  unchecked?: boolean;
}

/** What a machine is started with, before a route or another machine says: not checked here. */
const START: Json = {};
/** Marks a state built on START: a key it does not list is START's too (copied by object spread). */
const OPEN = Symbol("open");

const str = { type: "string" };
/** Step Functions' context object ($$): the execution's name and id, the state's. */
const CONTEXT: Json = {
  type: "object",
  properties: {
    // an execution's name: 1–80 characters (StartExecution's `name`)
    Execution: {
      type: "object",
      properties: {
        Id: { ...str, minLength: 1 },
        Name: { ...str, minLength: 1, maxLength: 80 },
        StartTime: str,
      },
    },
    State: { type: "object", properties: { Name: str, EnteredTime: str } },
  },
};

// ---- JSON Schema from zod, with references resolved ----

/** A zod schema as JSON Schema: what it accepts (input) or what it yields (output), `$ref`s inlined. */
export function jsonSchema(schema: z.ZodType, side: "input" | "output"): Json {
  const root = z.toJSONSchema(schema, { io: side, unrepresentable: "any", cycles: "ref" }) as Json;
  return resolveRefs(root, root, 0);
}

const schemaOf = (spec: StepSpec, side: "input" | "output"): Json =>
  jsonSchema(side === "input" ? spec.input : spec.output, side);

/** `$ref`s inlined up to a depth (recursive schemas end in "any" past it). */
function resolveRefs(node: unknown, root: Json, depth: number): any {
  if (Array.isArray(node)) return node.map((n) => resolveRefs(n, root, depth));
  if (!node || typeof node !== "object") return node;
  const n = node as Json;
  if (typeof n.$ref === "string") {
    if (depth > 4) return ANY;
    const target = n.$ref === "#" ? root : pointer(root, n.$ref);
    return resolveRefs(target, root, depth + 1);
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(n))
    if (k !== "$schema" && k !== "$defs") out[k] = resolveRefs(v, root, depth);
  return out;
}

function pointer(root: Json, ref: string): Json {
  let at: any = root;
  for (const part of ref.replace(/^#\//, "").split("/"))
    at = at?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  return at ?? ANY;
}

// ---- what a consumer accepts ----

const isAny = (s: Json) =>
  Object.keys(s).filter((k) => !["description", "default", "title"].includes(k)).length === 0;
const typesOf = (s: Json): string[] | null =>
  s.type === undefined ? null : Array.isArray(s.type) ? s.type : [s.type];
const UNDERSTOOD = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "propertyNames",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "description",
  "default",
  "title",
  "readOnly",
  "examples",
  "contentEncoding",
  "id",
]);

/** Problems that stop `consumer` from accepting every value `producer` allows ([] when it does). */
export function accepts(consumer: Json | boolean, producer: Json, path = "$"): string[] {
  if (consumer === false) return [`${path}: nothing is accepted`];
  if (consumer === true || isAny(consumer) || producer === START) return [];
  const unknown = Object.keys(consumer).filter((k) => !UNDERSTOOD.has(k));
  if (unknown.length)
    return [`${path}: the consumer uses ${unknown.join(", ")}, which this check does not read`];
  const pUnion = producer.anyOf ?? producer.oneOf;
  if (pUnion) {
    const { anyOf: _a, oneOf: _o, ...shared } = producer;
    return (pUnion as Json[]).flatMap((branch) => accepts(consumer, { ...shared, ...branch }, path));
  }
  if (producer.allOf) return accepts(consumer, Object.assign({}, ...(producer.allOf as Json[])), path);
  if (consumer.allOf) return (consumer.allOf as Json[]).flatMap((c) => accepts(c, producer, path));
  const cUnion = consumer.anyOf ?? consumer.oneOf;
  if (cUnion) {
    const { anyOf: _a, oneOf: _o, ...shared } = consumer;
    const tries = (cUnion as Json[]).map((branch) => accepts({ ...shared, ...branch }, producer, path));
    return tries.some((t) => !t.length) ? [] : tries.sort((a, b) => a.length - b.length)[0]!;
  }
  if (isAny(producer)) return [`${path}: the producer's schema says nothing, the consumer's does`];
  return [...valuesAccepted(consumer, producer, path), ...shapeAccepted(consumer, producer, path)];
}

/** Types, enums and consts. */
function valuesAccepted(c: Json, p: Json, path: string): string[] {
  const pValues: unknown[] | null = p.const !== undefined ? [p.const] : (p.enum ?? null);
  const cValues: unknown[] | null = c.const !== undefined ? [c.const] : (c.enum ?? null);
  if (cValues) {
    if (!pValues)
      return [`${path}: the consumer takes only ${JSON.stringify(cValues)}, the producer any value`];
    const missing = pValues.filter((v) => !cValues.some((cv) => JSON.stringify(cv) === JSON.stringify(v)));
    if (missing.length) return [`${path}: the consumer does not take ${JSON.stringify(missing)}`];
  }
  const ct = typesOf(c);
  const pt = typesOf(p) ?? (pValues ? [...new Set(pValues.map(jsonType))] : null);
  if (!ct) return [];
  if (!pt) return [`${path}: the producer has no type, the consumer wants ${ct.join(" | ")}`];
  const missing = pt.filter((t) => !ct.includes(t) && !(t === "integer" && ct.includes("number")));
  return missing.length ? [`${path}: the consumer does not take ${missing.join(" | ")}`] : [];
}

const jsonType = (v: unknown) =>
  v === null ? "null" : Array.isArray(v) ? "array" : Number.isInteger(v) ? "integer" : typeof v;

function upper(c: Json, p: Json, key: string, path: string, what: string): string[] {
  if (c[key] === undefined) return [];
  if (p[key] === undefined || p[key] > c[key])
    return [`${path}: ${what} at most ${c[key]} taken, the producer allows ${p[key] ?? "any"}`];
  return [];
}

function lower(c: Json, p: Json, key: string, path: string, what: string): string[] {
  if (c[key] === undefined) return [];
  if (p[key] === undefined || p[key] < c[key])
    return [`${path}: ${what} at least ${c[key]} taken, the producer allows ${p[key] ?? "any"}`];
  return [];
}

/** Lengths, bounds, patterns, items and properties. */
function shapeAccepted(c: Json, p: Json, path: string): string[] {
  const out = [
    ...upper(c, p, "maxLength", path, "a length of"),
    ...lower(c, p, "minLength", path, "a length of"),
    ...upper(c, p, "maxItems", path, "a list of"),
    ...lower(c, p, "minItems", path, "a list of"),
    ...upper(c, p, "maximum", path, "a value of"),
    ...lower(c, p, "minimum", path, "a value of"),
    ...upper(c, p, "exclusiveMaximum", path, "a value below"),
    ...lower(c, p, "exclusiveMinimum", path, "a value above"),
  ];
  if (c.pattern !== undefined && c.pattern !== p.pattern && !(p.enum ?? p.const !== undefined))
    out.push(
      `${path}: the consumer wants /${c.pattern}/, the producer ${p.pattern ? `/${p.pattern}/` : "any string"}`,
    );
  // an empty list (maxItems 0) has no items to check
  if (c.items && typeof c.items === "object" && p.maxItems !== 0)
    out.push(...accepts(c.items, p.items ?? ANY, `${path}[]`));
  if (c.properties || c.required || c.additionalProperties !== undefined)
    out.push(...objectAccepted(c, p, path));
  return out;
}

function objectAccepted(c: Json, p: Json, path: string): string[] {
  const out: string[] = [];
  const pProps: Json = p.properties ?? {};
  const pRequired = new Set<string>(p.required ?? []);
  for (const key of c.required ?? [])
    if (!pRequired.has(key))
      out.push(
        `${path}.${key}: required by the consumer, ${key in pProps ? "optional" : "absent"} in the producer`,
      );
  for (const [key, ps] of Object.entries(pProps)) {
    const cs = c.properties?.[key];
    if (cs !== undefined) out.push(...accepts(cs, ps as Json, `${path}.${key}`));
    else if (c.additionalProperties === false) out.push(`${path}.${key}: not taken by the consumer (strict)`);
    else if (c.additionalProperties && typeof c.additionalProperties === "object")
      out.push(...accepts(c.additionalProperties, ps as Json, `${path}.${key}`));
  }
  const pExtra = p.additionalProperties;
  if (pExtra !== undefined && pExtra !== false && c.additionalProperties !== undefined) {
    if (c.additionalProperties === false)
      out.push(`${path}: the producer allows more keys, the consumer is strict`);
    else if (typeof c.additionalProperties === "object")
      out.push(...accepts(c.additionalProperties, pExtra === true ? ANY : pExtra, `${path}.*`));
  }
  return out;
}

// ---- the states a value passes through ----

/** The schema at a JSONPath ("$.a.b") inside a schema, or null for paths the check cannot follow. */
export function at(schema: Json, path: string): Json | null {
  if (path === "$" || schema === START) return schema;
  const parts = path.replace(/^\$\.?/, "").split(".");
  let s: Json = schema;
  for (const part of parts) {
    const next: Json | undefined = s.properties?.[part];
    if (!next) return s[OPEN] ? START : null;
    if (next === START) return START;
    s = next;
  }
  return s;
}

/** `schema` with `value` placed at a ResultPath ("$.x.y"), the way Step Functions merges a result. */
export function placed(schema: Json, path: string | null | undefined, value: Json): Json {
  if (path === null) return schema;
  if (path === undefined || path === "$") return value;
  if (schema === START) schema = { [OPEN]: true };
  const [head, ...rest] = path.replace(/^\$\./, "").split(".");
  const props: Json = schema.properties ?? {};
  const inner = rest.length
    ? placed(props[head!] ?? { type: "object" }, `$.${rest.join(".")}`, value)
    : value;
  return {
    ...schema,
    type: "object",
    properties: { ...props, [head!]: inner },
    required: [...new Set([...(schema.required ?? []), head!])],
  };
}

/** A Parameters / ItemSelector / ResultSelector template, evaluated over schemas. */
export function template(tpl: Json, input: Json, context: Json = ANY): Json {
  const properties: Json = {};
  for (const [key, value] of Object.entries(tpl)) {
    if (key.endsWith(".$")) {
      const expr = String(value);
      const name = key.slice(0, -2);
      if (expr.startsWith("$$.")) properties[name] = at(context, `$.${expr.slice(3)}`) ?? ANY;
      else if (expr.startsWith("$")) properties[name] = at(input, expr) ?? ANY;
      else properties[name] = ANY; // an intrinsic function: its result is not followed
    } else if (value && typeof value === "object" && !Array.isArray(value))
      properties[key] = template(value as Json, input, context);
    else properties[key] = literal(value);
  }
  return { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
}

interface Walk {
  machine: string;
  states: Record<string, Json>;
  steps: Map<string, StepSpec>;
  edges: Edge[];
  seen: Set<string>;
  context: Json;
}

/** Follows a value `schema` entering state `name` from `from`, recording each Task's input edge. */
function enter(w: Walk, name: string, schema: Json, from: string): Json[] {
  const state = w.states[name];
  if (!state) return [];
  const key = `${from}→${name}`;
  if (w.seen.has(key)) return [];
  w.seen.add(key);
  const input = state.InputPath ? (at(schema, state.InputPath) ?? ANY) : schema;
  const effective = state.Parameters ? template(state.Parameters, input, w.context) : input;
  switch (state.Type) {
    case "Task": {
      let result = taskResult(w, name, state, effective, from);
      if (state.ResultSelector) result = template(state.ResultSelector, result, w.context);
      const after = placed(schema, state.ResultPath, result);
      for (const c of state.Catch ?? []) next(w, c.Next, placed(schema, c.ResultPath, ERROR), name);
      return next(w, state.Next, after, name, state.End);
    }
    case "Choice": {
      const targets = [...(state.Choices ?? []).map((c: Json) => c.Next), state.Default].filter(Boolean);
      return targets.flatMap((t: string) => enter(w, t, schema, from));
    }
    case "Pass": {
      const result = state.Result !== undefined ? literal(state.Result) : effective;
      return next(w, state.Next, placed(schema, state.ResultPath, result), from, state.End);
    }
    case "Map":
      return mapState(w, name, state, schema, input);
    case "Parallel": {
      const outputs = (state.Branches as Json[]).map((b) =>
        union(sub(w, `${name}`, b, effective, w.context)),
      );
      const n = outputs.length;
      const result = { type: "array", prefixItems: outputs, items: union(outputs), minItems: n, maxItems: n };
      return next(w, state.Next, placed(schema, state.ResultPath, result), name, state.End);
    }
    case "Succeed":
    case "Fail":
      return [];
    default:
      throw new Error(`${w.machine}: state ${name} has a type this check does not follow (${state.Type})`);
  }
}

const ERROR: Json = {
  type: "object",
  properties: { Error: { type: "string" }, Cause: { type: "string" } },
  required: ["Error", "Cause"],
};

/** What a Task hands on: its step's output, or a started machine's output (startExecution.sync:2). */
function taskResult(w: Walk, name: string, state: Json, input: Json, from: string): Json {
  const spec = w.steps.get(name);
  if (spec) {
    // a machine's own start is entered with what its caller sends: checked per route, not here
    const unchecked = input === START;
    const problems = unchecked ? [] : accepts(schemaOf(spec, "input"), input);
    w.edges.push({ machine: w.machine, from, to: name, problems, unchecked });
    return schemaOf(spec, "output");
  }
  if (String(state.Resource).includes(":states:startExecution")) {
    const key = String(state.Parameters?.StateMachineArn).replace(/^arn:local:/, "");
    const target = MACHINES[key as keyof typeof MACHINES];
    if (!target) throw new Error(`${w.machine}: ${name} starts an unknown machine ${key}`);
    const definition = target.definition(localArn, (k: string) => `arn:local:${k}`) as Json;
    const steps = new Map((target.steps as StepSpec[]).map((s) => [s.state, s]));
    const started = input.properties?.Input ?? ANY;
    const inner: Walk = { ...w, machine: key, states: definition.States, steps, context: CONTEXT };
    const outputs = enter(inner, definition.StartAt, started, `${w.machine}.${name} (start)`);
    return { type: "object", properties: { Output: union(outputs) }, required: ["Output"] };
  }
  throw new Error(`${w.machine}: no step runs the Task state ${name}`);
}

function literal(v: unknown): Json {
  if (Array.isArray(v))
    return {
      type: "array",
      minItems: v.length,
      maxItems: v.length,
      ...(v.length ? { items: union(v.map(literal)) } : {}),
    };
  if (v && typeof v === "object") return template(v, ANY);
  return v === null ? { type: "null" } : { const: v };
}

const union = (schemas: Json[]): Json => (schemas.length === 1 ? schemas[0]! : { anyOf: schemas });

function next(w: Walk, to: string | undefined, schema: Json, from: string, end?: boolean): Json[] {
  if (end || !to) return [schema];
  return enter(w, to, schema, from);
}

function mapState(w: Walk, name: string, state: Json, schema: Json, input: Json): Json[] {
  const items = at(input, state.ItemsPath ?? "$");
  const item = items === START ? START : (items?.items ?? ANY);
  const mapItem = { type: "object", properties: { Value: item, Index: { type: "integer", minimum: 0 } } };
  const context = {
    ...CONTEXT,
    properties: { ...CONTEXT.properties, Map: { type: "object", properties: { Item: mapItem } } },
  };
  const entry = state.ItemSelector ? template(state.ItemSelector, input, context) : item;
  const processor = state.ItemProcessor ?? state.Iterator;
  const results = sub(w, name, processor, entry, context);
  const after = placed(schema, state.ResultPath, { type: "array", items: union(results) });
  for (const c of state.Catch ?? []) next(w, c.Next, placed(schema, c.ResultPath, ERROR), name);
  return next(w, state.Next, after, name, state.End);
}

/** The outputs of a nested state list (a Map's processor, a Parallel's branch) entered with `schema`. */
function sub(w: Walk, from: string, machine: Json, schema: Json, context: Json): Json[] {
  const inner: Walk = { ...w, states: machine.States, context };
  return enter(inner, machine.StartAt, schema, `${from} (start)`);
}

/** Every Task state's incoming edges in every machine, with what its input schema would refuse. */
export function machineEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const [machine, def] of Object.entries(MACHINES)) {
    const definition = def.definition(localArn, (key: string) => `arn:local:${key}`) as Json;
    const steps = new Map((def.steps as StepSpec[]).map((s) => [s.state, s]));
    const w: Walk = { machine, states: definition.States, steps, edges, seen: new Set(), context: CONTEXT };
    enter(w, definition.StartAt, START, "(start)");
  }
  return edges;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const edges = machineEdges();
  const bad = edges.filter((e) => e.problems.length);
  console.log(`edges ${edges.length}, with problems ${bad.length}`);
  for (const e of edges) {
    console.log(`${e.problems.length ? "✗" : "✓"} ${e.machine}: ${e.from} → ${e.to}`);
    for (const p of e.problems.slice(0, process.argv.includes("-v") ? 100 : 5)) console.log(`    ${p}`);
  }
}
