// Menu prices as written on the map ("20,000원", "1만5천원", "시가", "15,000~20,000원") → an integer
// number of won, or null with the text kept (002 §5.1). A range is not one price: it stays text,
// so a price filter never guesses which end the customer pays.

export interface ParsedPrice {
  price: number | null;
  /** the original text when it is not a plain price (ranges, 변동, 시가, notes) */
  price_text?: string;
}

const PLAIN = /^₩?(\d{1,3}(?:,\d{3})+|\d+)(?:원)?$/;
const KOREAN_UNITS = /^₩?(?:(\d+)만)?(?:(\d+)천)?(?:(\d+))?원?$/;
/** a trailing note that does not change the price: "12,000원(2인)", "9,000원 (점심)" */
const NOTE = /\s*[([].*[)\]]\s*$/;

export function parsePrice(raw: string | number | null | undefined): ParsedPrice {
  if (raw === null || raw === undefined) return { price: null };
  if (typeof raw === "number") {
    return Number.isInteger(raw) && raw >= 0 ? { price: raw } : { price: null, price_text: String(raw) };
  }
  const text = raw.trim();
  if (!text) return { price: null };
  const core = text.replace(NOTE, "").replace(/\s+/g, "");
  const plain = PLAIN.exec(core);
  if (plain) return { price: Number(plain[1]!.replace(/,/g, "")) };
  const units = KOREAN_UNITS.exec(core);
  if (units && (units[1] || units[2]) && core.length > 1) {
    const [, man, cheon, rest] = units;
    return { price: Number(man ?? 0) * 10_000 + Number(cheon ?? 0) * 1000 + Number(rest ?? 0) };
  }
  // ranges (15,000~20,000원), 변동, 시가/싯가, "문의", anything else: keep the words, no number
  return { price: null, price_text: text };
}
