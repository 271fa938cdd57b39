// The keyless local server answers only requests addressed to it: a Host header naming the loopback
// (localhost, 127.0.0.1, [::1]) with its port (or none), the address it was told to listen on, or a
// host the API_ALLOWED_HOSTS setting lists. A web page whose domain was rebound to 127.0.0.1 sends its
// own name as Host, so it cannot read answers, start simulations or spend a local LLM key. (Behind API
// Gateway the gateway decides, and a server with API keys needs them anyway. /health and /ready answer
// any Host: probes address a server by its IP, and they say only that it is up.)
import { isIPv4 } from "node:net";

export interface HostRule {
  /** the port the server listens on */
  port: number;
  /** the address it listens on (HOST): allowed when it is one address, not 0.0.0.0 or :: */
  listen?: string;
  /** API_ALLOWED_HOSTS: "name" (with the server's port or none) or "name:port"; "*" allows any */
  allowed?: readonly string[];
}

/** A Host header's name (lower case, without brackets) and port, or null when it is not one. */
export function parseHost(header: string | undefined): { name: string; port?: number } | null {
  if (!header) return null;
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(header.trim());
  if (!m) return null;
  const name = m[1]!.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return { name, ...(m[2] !== undefined ? { port: Number(m[2]) } : {}) };
}

const isLoopbackName = (name: string) =>
  name === "localhost" || name === "::1" || (isIPv4(name) && name.startsWith("127."));

/** Whether a request with this Host header is addressed to this server. */
export function hostAllowed(header: string | undefined, rule: HostRule): boolean {
  const allowed = rule.allowed ?? [];
  if (allowed.includes("*")) return true;
  const host = parseHost(header);
  if (!host) return false;
  const ownPort = host.port === undefined || host.port === rule.port;
  if (ownPort && isLoopbackName(host.name)) return true;
  const listen = rule.listen?.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (ownPort && listen && listen !== "0.0.0.0" && listen !== "::" && host.name === listen) return true;
  return allowed.some((entry) => {
    const e = parseHost(entry);
    if (!e || e.name !== host.name) return false;
    return e.port === undefined ? ownPort : host.port === e.port;
  });
}
