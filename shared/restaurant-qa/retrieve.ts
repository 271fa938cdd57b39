// Retrieval (002 §6). A follow-up reads the remembered restaurants; an `exact` location searches
// titles (normalised, partial), tells branches apart by the nearby location, and answers about that
// restaurant with no other filter (its conditions become the question: "주차 안 됩니다" is an
// answer); otherwise a filtered kNN over the summary embeddings. When the hard conditions leave
// nothing, only the radius widens (twice, doubling), and the response says so.
import { MAX_STATE_DOCUMENTS } from "./state.ts";
import { failedConditions } from "./conditions.ts";
import { askedKind } from "../places/kind-match.ts";
import { kindNamed } from "../places/kinds.ts";
import { josaFor } from "../korean/josa.ts";
import { Deadline } from "../platform/deadline.ts";
import type { Embedder } from "../embed/port.ts";
import { haversine } from "../geo/haversine.ts";
import { checkMeta, type SearchIndex } from "../index/port.ts";
import type { CallCounter } from "../providers/http.ts";
import type { StoredDocument } from "../places/restaurant-document.ts";
import { resolveNearby, type Circle, type GeocodeDeps } from "./geocode.ts";
import { RESTAURANT_INDEX_SCHEMA_VERSION } from "./index-mapping.ts";
import { filteredKnnBody, titleBody } from "./query-builder.ts";
import { normalizeName } from "../korean/normalize.ts";
import { MAX_CONTEXT_REVIEWS, MAX_REVIEW_CHARS, type ContextDocument, type QaState } from "./state.ts";
import type { StructuredQuery } from "./structured-query.ts";
import { type RetrievalSettings } from "./config.ts";
import { INDEX_EMPTY, schemaMismatch } from "./warnings.ts";

export interface RetrieveDeps {
  index: SearchIndex;
  embedder: Embedder;
  geocode: GeocodeDeps;
  settings: RetrievalSettings & {
    /** 002's 3 km for a place the gazetteer cannot classify */
    defaultRadiusM: number;
    /** how many times the radius may double when nothing matches */
    maxWidenings: number;
  };
}

export interface Retrieved {
  mode: NonNullable<QaState["retrieval"]>["mode"];
  circles: Circle[];
  widenedToM?: number;
  documents: ContextDocument[];
  warnings: string[];
  /** the index does not exist yet or holds no document: nothing can answer (`index_empty`) */
  empty?: boolean;
  /** nothing of the asked kind was found: these documents are of its parent kind */
  parentKind?: { asked: string; parent: string };
}

/**
 * The parent kind to offer when nothing of the asked kind is found: every asked food word's node, one
 * level up, by the vocabulary of kinds place search reads (평양냉면 → 냉면). Only a parent below the
 * cuisines (a dish's family, not all of 한식 or 일식), and only for one asked kind.
 */
export function parentKindOf(q: StructuredQuery): { asked: string; parent: string } | undefined {
  const words = [...(q.cuisine ?? []), ...(q.menu ?? [])];
  if (words.length !== 1) return undefined;
  const kind = askedKind(words[0]!).kind;
  const parent = kind?.parent ? kindNamed(kind.parent) : undefined;
  if (!kind || !parent || parent.path.length < 3) return undefined;
  return { asked: words[0]!, parent: parent.name };
}

/**
 * What a question gets while the index holds nothing (a production deploy starts empty): a sentence
 * saying how documents are loaded, not an empty 200.
 */
export const INDEX_EMPTY_ANSWER =
  "아직 검색할 식당 문서가 없습니다. 먼저 문서를 올려 주세요: " +
  "`npx dongne restaurants ingest 파일.jsonl --api <API 주소> --key <쓰기 키>`, " +
  "또는 POST /v1/restaurants/documents ({documents: [...]}, 002의 수집 형식). " +
  "올린 뒤에는 바로 질문에 답할 수 있습니다.";

/** Indexes seen holding documents: a document once there, the count is not asked again (one request a question saved). */
const populated = new WeakSet<object>();

async function isEmpty(index: RetrieveDeps["index"]): Promise<boolean> {
  if (populated.has(index)) return false;
  const n = await index.count();
  if (n > 0) populated.add(index);
  return n === 0;
}

function toContext(
  d: StoredDocument,
  score: number,
  similarity: number,
  circles: readonly Circle[],
): ContextDocument {
  const distance = circles.length
    ? Math.round(
        Math.min(...circles.map((c) => haversine({ lat: d.lat, lng: d.lon }, { lat: c.lat, lng: c.lon }))),
      )
    : undefined;
  return {
    place_id: d.place_id,
    title: d.title,
    address: d.address,
    roadAddress: d.roadAddress,
    lat: d.lat,
    lon: d.lon,
    menus: d.menus,
    convenience: d.convenience,
    atmosphere: d.atmosphere,
    occasion: d.occasion,
    review_food: d.review_food,
    features: d.features,
    score: Math.round(score * 10_000) / 10_000,
    ...(distance !== undefined ? { distance } : {}),
    ...(d.category ? { category: d.category } : {}),
    map_url: d.map_url,
    collected_at: d.collected_at,
    ...(d.synthetic ? { synthetic: true } : {}),
    similarity: Math.round(similarity * 10_000) / 10_000,
    reviews: d.reviews.slice(0, MAX_CONTEXT_REVIEWS).map((r) => r.slice(0, MAX_REVIEW_CHARS)),
    description: d.description.slice(0, 600),
  };
}

/** How well a title answers a name: the whole name, a part of a crawled title, its start, inside it. */
function nameMatch(title: string, name: string): number {
  const n = normalizeName(name);
  const parts = [title, ...title.split(",")].map(normalizeName);
  if (parts.includes(n)) return 3;
  if (parts.some((p) => p.startsWith(n))) return 2;
  return parts.some((p) => p.includes(n)) ? 1 : 0;
}

async function exact(
  names: string[],
  circles: Circle[],
  deps: RetrieveDeps,
  deadline: Deadline,
): Promise<{ documents: ContextDocument[]; warnings: string[] }> {
  const warnings: string[] = [];
  const documents: ContextDocument[] = [];
  for (const name of names) {
    const r = await deps.index.search<StoredDocument>(titleBody(name), { deadline });
    const scored = r.hits
      .map((h) => ({ h, match: nameMatch(h.source.title, name) }))
      .filter((x) => x.match > 0)
      .map(({ h, match }) => ({
        doc: toContext(h.source, match, match, circles),
        match,
      }));
    if (!scored.length) {
      warnings.push(`"${name}"${josaFor(name, "이라/라")}는 식당은 색인에 없습니다`);
      continue;
    }
    // branches of one name: the nearby location decides; without one, the best name matches
    // with a nearby place, a branch inside its circle wins over a better-named one elsewhere
    const inside = (d: ContextDocument) =>
      circles.some((c) => haversine({ lat: d.lat, lng: d.lon }, { lat: c.lat, lng: c.lon }) <= c.radiusM)
        ? 1
        : 0;
    scored.sort(
      (a, b) =>
        inside(b.doc) - inside(a.doc) || b.match - a.match || (a.doc.distance ?? 0) - (b.doc.distance ?? 0),
    );
    const best = scored[0]!;
    const branches = scored.filter((s) => s.match === best.match);
    if (circles.length || branches.length === 1) documents.push(best.doc);
    else {
      documents.push(...branches.slice(0, 3).map((b) => b.doc));
      if (branches.length > 1)
        warnings.push(
          `"${name}" 이름의 지점이 ${branches.length}곳 있습니다: 지역을 함께 말하면 한 곳으로 좁힙니다`,
        );
    }
  }
  return { documents, warnings };
}

/** The score a document got from boosts (atmosphere/occasion), to recover its kNN similarity. */
function boostOf(d: StoredDocument, q: StructuredQuery, s: RetrievalSettings): number {
  if (!s.boost) return 0;
  const hits =
    (q.atmosphere ?? []).filter((v) => d.atmosphere.includes(v)).length +
    (q.occasion ?? []).filter((v) => d.occasion.includes(v)).length;
  return hits * s.boostWeight;
}

/**
 * "조용한 카페", "혼밥하기 좋은 국밥집": an asked atmosphere or occasion beside a kind. 002 §6 makes them
 * boosts, not filters, so a place that is not said to be quiet is still found; but where some of the
 * places found are said to be so, those are the answer, and the others (which only the boost ranked
 * below them) are left out. Places carrying every asked value are preferred to those carrying some;
 * when none carries any, all stay and `unmet` names the values, for the answer to say.
 */
export function preferModifiers<T extends Pick<StoredDocument, "atmosphere" | "occasion">>(
  docs: readonly T[],
  q: StructuredQuery,
): { documents: T[]; unmet: string[] } {
  const asked = [
    ...(q.atmosphere ?? []).map((v) => ["atmosphere", v] as const),
    ...(q.occasion ?? []).map((v) => ["occasion", v] as const),
  ];
  if (!asked.length || !docs.length) return { documents: [...docs], unmet: [] };
  const hits = (d: T) => asked.filter(([f, v]) => d[f].includes(v)).length;
  const best = Math.max(...docs.map(hits));
  if (best === 0) return { documents: [...docs], unmet: asked.map(([, v]) => v) };
  return { documents: docs.filter((d) => hits(d) === best), unmet: [] };
}

// long: filter, search, and the follow-up's own list in one pass over the same candidates (to be split)
export async function retrieve(
  state: Pick<QaState, "query" | "structured_query" | "followUp" | "deadlineAt">,
  deps: RetrieveDeps,
  counter: CallCounter,
): Promise<Retrieved> {
  const deadline = Deadline.from(state.deadlineAt);
  const q = state.structured_query ?? {};
  const warnings: string[] = [];
  const meta = await deps.index.meta();
  if (!meta || (await isEmpty(deps.index)))
    return {
      mode: "none",
      circles: [],
      documents: [],
      empty: true,
      warnings: [INDEX_EMPTY],
    };
  // vectors of two models are not comparable: a clear error, never silent garbage
  checkMeta(deps.index.indexName, meta, { embedder: deps.embedder.name, dimension: deps.embedder.dimension });
  if (meta.schema_version !== RESTAURANT_INDEX_SCHEMA_VERSION)
    warnings.push(schemaMismatch(meta.schema_version, RESTAURANT_INDEX_SCHEMA_VERSION));

  // a follow-up to an answer that found nothing has nothing to look up, and is no new search
  if (state.followUp && !state.followUp.place_ids.length)
    return { mode: "followup", circles: [], documents: [], warnings };
  if (state.followUp?.place_ids.length) {
    const docs = await deps.index.mget<StoredDocument>(state.followUp.place_ids);
    const distances = new Map(state.followUp.distances);
    const documents = state.followUp.place_ids.flatMap((id) => {
      const d = docs.get(id);
      const o = state.followUp?.origin;
      const given = distances.get(id);
      if (!d) return [];
      const c = toContext(d, 1, 1, o ? [{ ...o, radiusM: 0, source: "gazetteer" }] : []);
      return [given !== undefined ? { ...c, distance: given } : c];
    });
    return { mode: "followup", circles: [], documents, warnings };
  }

  const nearby = (q.location ?? []).filter((l) => l.relation === "nearby").map((l) => l.name);
  const names = (q.location ?? []).filter((l) => l.relation === "exact").map((l) => l.name);
  const geo = await resolveNearby(nearby, deps.geocode, {
    defaultRadiusM: deps.settings.defaultRadiusM,
    deadline,
    counter,
  });
  warnings.push(...geo.warnings);
  let circles = geo.circles;

  if (names.length) {
    const found = await exact(names, circles, deps, deadline);
    return { mode: "exact", circles, documents: found.documents, warnings: [...warnings, ...found.warnings] };
  }

  const [vector] = await deps.embedder.embed([state.query], { deadline });
  let widenedToM: number | undefined;
  for (let round = 0; ; round++) {
    const r = await deps.index.search<StoredDocument>(filteredKnnBody(vector!, q, circles, deps.settings), {
      deadline,
    });
    if (r.hits.length || !circles.length || round >= deps.settings.maxWidenings) {
      if (!r.hits.length && circles.length)
        warnings.push("반경을 넓혀도 조건을 모두 만족하는 식당이 없습니다");
      const preferred = preferModifiers(
        r.hits.map((h) => h.source),
        q,
      );
      const documents = r.hits
        .filter((h) => preferred.documents.includes(h.source))
        .map((h) => toContext(h.source, h.score, h.score - boostOf(h.source, q, deps.settings), circles));
      if (preferred.unmet.length && r.hits.length)
        warnings.push(
          `${preferred.unmet.map((v) => `‘${v}’`).join(", ")}에 맞는다는 자료가 있는 곳은 찾지 못해 나머지 조건으로 골랐습니다`,
        );
      // nothing of the asked kind: its parent kind, in the radius searched, to be offered apart (the
      // grader keeps them irrelevant; the web search still comes first)
      const parent = documents.some((d) => !failedConditions(d, q, circles).length)
        ? undefined
        : parentKindOf(q);
      if (parent) {
        const wider = { ...q, cuisine: [], menu: [parent.parent] };
        const p = await deps.index.search<StoredDocument>(
          // more than are shown: the index's food filter is looser than the kind's check
          filteredKnnBody(vector!, wider, circles, { ...deps.settings, size: MAX_STATE_DOCUMENTS }),
          { deadline },
        );
        // only places that are of the parent kind and meet every other condition
        const offered = p.hits
          .map((h) =>
            toContext(h.source, h.score, h.score - boostOf(h.source, wider, deps.settings), circles),
          )
          .filter((d) => !failedConditions(d, wider, circles).length)
          .slice(0, deps.settings.size);
        if (offered.length)
          return { mode: "filtered", circles: circles, documents: offered, warnings, parentKind: parent };
      }
      return { mode: "filtered", circles, widenedToM, documents, warnings };
    }
    // only the radius may widen: the other conditions are the user's and stay
    circles = circles.map((c) => ({ ...c, radiusM: c.radiusM * 2 }));
    widenedToM = Math.max(...circles.map((c) => c.radiusM));
    warnings.push(`조건에 맞는 식당이 없어 반경을 ${(widenedToM / 1000).toFixed(1)}km로 넓혔습니다`);
  }
}

/**
 * The bytes of JSON the retrieved documents may take in the QA state (Step Functions passes 256 KB
 * between states; the rest of the state — the question, the query, web results, the answer — stays
 * well under the remaining 56 KB).
 */
export const CONTEXT_BUDGET_BYTES = 200_000;
/** what a document keeps at least when it is cut: the first menus and reviews */
const MIN_MENUS = 10;
const MIN_REVIEWS = 3;

const bytesOf = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

/**
 * Documents fitted into CONTEXT_BUDGET_BYTES by construction: each gets an equal share, and one past
 * it loses its last menus, then its last reviews, then the rest of its description, down to the
 * first 10 menus and 3 reviews (a document at its bounds then weighs < 10 KB), with a Korean warning.
 * Documents within their share (every demo document) come back as they were.
 */
export function fitContextDocuments(docs: ContextDocument[]): {
  documents: ContextDocument[];
  warnings: string[];
} {
  if (!docs.length) return { documents: docs, warnings: [] };
  const share = Math.floor(CONTEXT_BUDGET_BYTES / docs.length);
  const cut: string[] = [];
  const documents = docs.map((d) => {
    if (bytesOf(d) <= share) return d;
    const out = { ...d, menus: [...d.menus], reviews: [...d.reviews] };
    const menus = out.menus.length;
    // halve what is above the floor until the document fits
    while (out.menus.length > MIN_MENUS && bytesOf(out) > share)
      out.menus = out.menus.slice(0, Math.max(MIN_MENUS, Math.floor(out.menus.length / 2)));
    out.menus = out.menus.map((m) => (m.name.length > 60 ? { ...m, name: `${m.name.slice(0, 60)}…` } : m));
    while (out.reviews.length > MIN_REVIEWS && bytesOf(out) > share)
      out.reviews = out.reviews.slice(0, Math.max(MIN_REVIEWS, Math.floor(out.reviews.length / 2)));
    if (bytesOf(out) > share) out.description = out.description.slice(0, 200);
    if (out.menus.length < menus)
      cut.push(`${d.title.slice(0, 30)}(메뉴 ${menus}개 중 ${out.menus.length}개)`);
    else cut.push(d.title.slice(0, 30));
    return out;
  });
  if (!cut.length) return { documents: docs, warnings: [] };
  return {
    documents,
    warnings: [
      `내용이 너무 많은 식당 문서는 앞부분만 보고 답했어요: ${cut.slice(0, 5).join(", ")}${cut.length > 5 ? ` 외 ${cut.length - 5}곳` : ""}`,
    ],
  };
}
