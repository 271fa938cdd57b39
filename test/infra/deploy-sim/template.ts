// A synthesized CloudFormation template as CloudFormation reads it for a create: the resources, and for
// each the resources it waits for. CloudFormation creates a resource only after every resource it
// names in DependsOn, Ref, Fn::GetAtt or Fn::Sub exists, and creates everything else in parallel
// ("Resources that don't depend on each other are created in parallel";
// https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-attribute-dependson.html).
// So the only order a template can rely on is the one these edges give: a resource may be created in
// the first minute unless it waits, directly or through others, for something slower.

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DependsOn?: string | string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Condition?: string;
}

export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  Parameters?: Record<string, { Default?: unknown }>;
  Outputs?: Record<string, unknown>;
}

/** Every logical id `value` names through Ref, Fn::GetAtt or Fn::Sub (pseudo parameters included). */
export function references(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) references(v, into);
    return into;
  }
  if (value === null || typeof value !== "object") return into;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (key === "Ref" && typeof v === "string") into.add(v);
    else if (key === "Fn::GetAtt") into.add(Array.isArray(v) ? String(v[0]) : String(v).split(".")[0]!);
    else if (key === "Fn::Sub") {
      const [text, vars] = Array.isArray(v) ? [v[0], v[1]] : [v, undefined];
      for (const m of String(text).matchAll(/\$\{([^}!]+)\}/g)) into.add(m[1]!.split(".")[0]!);
      references(vars, into);
    } else references(v, into);
  }
  return into;
}

export class TemplateGraph {
  readonly ids: string[];
  /** what each resource waits for directly */
  readonly waitsFor = new Map<string, Set<string>>();
  private readonly upstream = new Map<string, Set<string>>();
  private readonly downstream = new Map<string, Set<string>>();

  constructor(readonly template: CfnTemplate) {
    this.ids = Object.keys(template.Resources).sort();
    for (const id of this.ids) {
      const r = template.Resources[id]!;
      const named = new Set([...[r.DependsOn ?? []].flat(), ...references(r.Properties ?? {})]);
      // parameters and pseudo parameters (AWS::Region) are there before anything is created
      this.waitsFor.set(id, new Set([...named].filter((n) => n in template.Resources && n !== id)));
    }
  }

  resource(id: string): CfnResource {
    const r = this.template.Resources[id];
    if (!r) throw new Error(`no resource ${id}`);
    return r;
  }

  ofType(type: string): string[] {
    return this.ids.filter((id) => this.template.Resources[id]!.Type === type);
  }

  /** Every resource `id` waits for, directly or through others: what surely exists when it is created. */
  ancestors(id: string): Set<string> {
    let seen = this.upstream.get(id);
    if (seen) return seen;
    seen = new Set<string>();
    const stack = [...this.waitsFor.get(id)!];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...this.waitsFor.get(next)!);
    }
    this.upstream.set(id, seen);
    return seen;
  }

  /** Every resource that waits for `id`: none of them is created if `id` fails. */
  descendants(id: string): Set<string> {
    let seen = this.downstream.get(id);
    if (!seen) {
      seen = new Set(this.ids.filter((other) => this.ancestors(other).has(id)));
      this.downstream.set(id, seen);
    }
    return seen;
  }

  /**
   * CloudFormation's create order as waves: each wave is what can start once the waves before it have
   * finished. A cycle (which CloudFormation refuses) throws.
   */
  createWaves(): string[][] {
    const done = new Set<string>();
    const waves: string[][] = [];
    while (done.size < this.ids.length) {
      const wave = this.ids.filter(
        (id) => !done.has(id) && [...this.waitsFor.get(id)!].every((d) => done.has(d)),
      );
      if (!wave.length)
        throw new Error(`a dependency cycle among ${this.ids.filter((id) => !done.has(id)).join(", ")}`);
      for (const id of wave) done.add(id);
      waves.push(wave);
    }
    return waves;
  }

  /** The order a rollback deletes `created` in: a resource before everything it waits for. */
  deleteOrder(created: ReadonlySet<string>): string[] {
    return this.createWaves()
      .flat()
      .filter((id) => created.has(id))
      .reverse();
  }
}

/** A literal string a template gives (a string, or Fn::Join of literals); undefined when not literal. */
export function literal(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "Fn::Join" in value) {
    const [sep, parts] = (value as { "Fn::Join": [string, unknown[]] })["Fn::Join"];
    const strings = parts.map(literal);
    return strings.every((s) => s !== undefined) ? strings.join(sep) : undefined;
  }
  return undefined;
}

/** A string with every Ref / GetAtt written as <Ref:Id> / <GetAtt:Id.Attr> (to read a name or a document). */
export function shown(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(shown).join(",");
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if ("Ref" in o) return `<Ref:${String(o.Ref)}>`;
    if ("Fn::GetAtt" in o) return `<GetAtt:${[o["Fn::GetAtt"]].flat().join(".")}>`;
    if ("Fn::Join" in o) {
      const [sep, parts] = o["Fn::Join"] as [string, unknown[]];
      return parts.map(shown).join(sep);
    }
    if ("Fn::Sub" in o) return shown([o["Fn::Sub"]].flat()[0]);
    return JSON.stringify(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, shown(v)])));
  }
  return "";
}
