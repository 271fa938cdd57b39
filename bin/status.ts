// `npx dongne status`: which sources answer for real and which are synthetic, as this configuration
// chooses them (the same choice the runtime makes from it: providers, LLM, embeddings, index, news,
// store). No server route tells this, so it is read here; when a server runs, it is named, with the
// caveat that it may have been started with another environment.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../shared/platform/config.ts";
import { REGISTRY_FILE } from "../shared/providers/embedded/index.ts";
import { table } from "./cli-render.ts";

export interface SourceStatus {
  source: string;
  /** live: real data or a real model; synthetic: generated or rules-only stand-ins; off: not used */
  kind: "live" | "synthetic" | "local" | "off";
  detail: string;
}

const KIND = { live: "실제", synthetic: "가상", local: "이 컴퓨터", off: "쓰지 않음" } as const;

export function sourcesOf(config: Config): SourceStatus[] {
  const registry = join(config.dataDir, REGISTRY_FILE);
  const places: SourceStatus =
    config.providers.place === "kakao"
      ? { source: "장소 검색", kind: "live", detail: "카카오 로컬 API (KAKAO_REST_API_KEY)" }
      : existsSync(registry)
        ? { source: "장소 검색", kind: "live", detail: `가져온 상가업소 데이터 (${registry})` }
        : { source: "장소 검색", kind: "synthetic", detail: "내장 데모 장소: 생성된 가상 가게 (키 없음)" };
  const google: SourceStatus = config.providers.googleKey
    ? { source: "장소 상세·사진", kind: "live", detail: "Google Places (GOOGLE_MAPS_API_KEY)" }
    : { source: "장소 상세·사진", kind: "off", detail: "GOOGLE_MAPS_API_KEY 없음" };
  const llm: SourceStatus =
    config.llm.mode === "anthropic"
      ? {
          source: "LLM",
          kind: "live",
          detail: `Anthropic ${config.llm.fastModel} / ${config.llm.smartModel}`,
        }
      : { source: "LLM", kind: "synthetic", detail: "LLM 없이 규칙 엔진 (ANTHROPIC_API_KEY 없음)" };
  const { embedder, index } = config.qa;
  const embeddings: SourceStatus =
    embedder.kind === "bedrock"
      ? { source: "임베딩", kind: "live", detail: `Amazon Bedrock ${embedder.modelId}` }
      : {
          source: "임베딩",
          kind: "synthetic",
          detail: `해시 임베딩 ${embedder.dimension}차원 (모델 없이 글자 조각으로 만든 벡터)`,
        };
  const restaurants: SourceStatus =
    index.kind === "opensearch"
      ? { source: "식당 색인", kind: "live", detail: `OpenSearch ${index.endpoint} (${index.index})` }
      : existsSync(index.file)
        ? { source: "식당 색인", kind: "live", detail: `수집한 문서 (${index.file})` }
        : index.demoCorpus
          ? {
              source: "식당 색인",
              kind: "synthetic",
              detail: "내장 데모 말뭉치: 생성된 가상 식당 (문서를 넣으면 물러납니다)",
            }
          : { source: "식당 색인", kind: "off", detail: "비어 있음 (QA_DEMO_CORPUS=off)" };
  // the settings the news answers' warnings speak of in words (meta.notices names them too)
  const news: SourceStatus[] = [
    config.news.naver
      ? {
          source: "뉴스",
          kind: "live",
          detail: "네이버 뉴스 검색 API (NAVER_CLIENT_ID, NAVER_CLIENT_SECRET)",
        }
      : {
          source: "뉴스",
          kind: "synthetic",
          detail: "내장 뉴스 표본 (생성된 가상 기사; 실제 뉴스: NAVER_CLIENT_ID, NAVER_CLIENT_SECRET)",
        },
    config.news.opendart
      ? { source: "공시", kind: "live", detail: "OpenDART API (OPENDART_API_KEY)" }
      : {
          source: "공시",
          kind: "synthetic",
          detail: "내장 공시 표본 (생성된 가상 공시; 실제 공시: OPENDART_API_KEY)",
        },
  ];
  const web: SourceStatus = config.qa.tavily
    ? { source: "웹 검색", kind: "live", detail: "Tavily (TAVILY_API_KEY)" }
    : { source: "웹 검색", kind: "off", detail: "TAVILY_API_KEY 없음" };
  const store: SourceStatus = config.aws.dynamoEndpoint
    ? { source: "저장소", kind: "live", detail: `DynamoDB ${config.aws.dynamoEndpoint}` }
    : config.simulation.store === "disk"
      ? { source: "저장소", kind: "local", detail: `dynalite, 디스크 ${join(config.dataDir, "dynamodb")}` }
      : { source: "저장소", kind: "local", detail: "dynalite, 메모리 (끄면 사라짐)" };
  return [places, google, llm, embeddings, restaurants, web, ...news, store];
}

export function statusText(config: Config, server: string | null): string {
  const rows = sourcesOf(config).map((s) => [s.source, KIND[s.kind], s.detail]);
  const where = server
    ? `서버 ${server}가 실행 중입니다. 아래는 이 환경 변수로 읽은 설정이며, 서버를 다른 환경으로 시작했다면 다를 수 있습니다.`
    : "실행 중인 서버가 없습니다. 아래는 이 환경 변수로 읽은 설정입니다 (명령은 이 프로세스에서 실행됩니다).";
  return `${where}\n${table(["출처", "종류", "내용"], rows)}`;
}
