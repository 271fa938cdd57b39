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
