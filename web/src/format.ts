// Numbers as a Korean reader expects them.
const nf = new Intl.NumberFormat("ko-KR");

export const num = (n: number) => nf.format(n);

export const metres = (m: number) => (m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(1)} km`);

export function minutes(seconds: number): string {
  const m = Math.max(1, Math.round(seconds / 60));
  return m < 60 ? `${m}분` : `${Math.floor(m / 60)}시간${m % 60 ? ` ${m % 60}분` : ""}`;
}

export const won = (n: number) => `${nf.format(n)}원`;

export const percent = (share: number, digits = 0) => `${(share * 100).toFixed(digits)}%`;

export const stars = (rating: number) => "★".repeat(Math.round(rating)) + "☆".repeat(5 - Math.round(rating));

/** A cell's text that is only a figure or a date (16,634 · 31.0% · 4/4 · 2026-09-25): kept on one line. */
const FIGURE = /^[-+\u2212]?[\d,.\s%/:×~-]*\d[\d,.\s%/:×~-]*(?:원|회|건|명|곳|점|개|일|분|m|km|ms|KB|MB)?$/;
export const figureClass = (text: string) => (FIGURE.test(text.trim()) ? "num" : undefined);
