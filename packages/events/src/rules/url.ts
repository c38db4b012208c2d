/**
 * Validity of the URLs an event carries (chat and meeting links), following CampaignEvents: a
 * protocol-relative "//" link is read as https, the scheme must be http(s), the host must survive
 * IDNA conversion to ASCII and then be a well-formed host name (letters, digits and inner
 * hyphens per label), an IP address or a bracketed IPv6 literal, with a port up to 65535.
 */

const SCHEME_AND_REST = /^(https?):\/\/(.*)$/is;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

function asciiHost(host: string): string | null {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

function validHostName(ascii: string): boolean {
  if (ascii.startsWith("[")) return ascii.endsWith("]");
  const labels = ascii.replace(/\.$/, "").split(".");
  return labels.length > 0 && labels.every((label) => LABEL.test(label));
}

export function isValidEventUrl(input: string): boolean {
  let text = input.trim();
  if (text.startsWith("//")) text = `https:${text}`;
  const match = SCHEME_AND_REST.exec(text);
  if (!match) return false;
  const rest = match[2]!;
  const authority = rest.split(/[/?#]/, 1)[0]!;
  const hostAndPort = authority.includes("@") ? authority.slice(authority.lastIndexOf("@") + 1) : authority;
  let host = hostAndPort;
  let port: string | undefined;
  if (hostAndPort.startsWith("[")) {
    const close = hostAndPort.indexOf("]");
    if (close < 0) return false;
    host = hostAndPort.slice(0, close + 1);
    const after = hostAndPort.slice(close + 1);
    if (after !== "" && !/^:\d*$/.test(after)) return false;
    port = after.slice(1) || undefined;
  } else {
    const withPort = /^(.*):(\d*)$/.exec(hostAndPort);
    if (withPort) {
      host = withPort[1]!;
      port = withPort[2] || undefined;
    }
  }
  if (host === "" || /\s/.test(host)) return false;
  if (port !== undefined && Number(port) > 65535) return false;
  const ascii = asciiHost(host);
  if (ascii === null || !validHostName(ascii)) return false;
  // The whole link must still parse once the host is in ASCII (paths and queries get encoded).
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}
