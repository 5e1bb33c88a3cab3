import type { RequestSpec } from './auth-table.ts';

/**
 * createPet bodies the contract prescribes no answer to with the key, though each carries a
 * NewPet: another media type, or JSON text that RFC 8259 lets a parser take more than one way.
 * A server may take them (201 Pet) or refuse them (a 4xx Error); it may not answer 5xx, nor,
 * without the key, anything but 401.
 */

const post = (label: string, rawBody: string, more: Partial<RequestSpec> = {}): RequestSpec => ({
  label,
  method: 'POST',
  path: '/pets',
  rawBody,
  ...more,
});

/** The NewPet in a media type other than the contract's `application/json`, or in none. */
export function otherMediaBodies(pet: Record<string, unknown>): RequestSpec[] {
  const json = JSON.stringify(pet);
  const fields = Object.entries(pet).map(([k, v]): [string, string] => [k, String(v)]);
  const form = new URLSearchParams(fields).toString();
  const escaped = (v: string) => v.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'));
  const xml = `<pet>${fields.map(([k, v]) => `<${k}>${escaped(v)}</${k}>`).join('')}</pet>`;
  const typed = (type: string, body: string) =>
    post(`a NewPet as ${type}`, body, { headers: { 'content-type': type } });
  return [
    post('a JSON NewPet with no Content-Type', json, { dropHeaders: ['content-type'] }),
    typed('text/plain', json),
    typed('application/x-www-form-urlencoded', form),
    typed('application/xml', xml),
    typed('application/octet-stream', json),
    // JSON exchanged between systems is UTF-8 (RFC 8259 8.1): another charset is a label to refuse or ignore.
    typed('application/json; charset=utf-16', json),
    typed('application/json; charset=iso-8859-1', json),
  ];
}

/** The JSON text's octets with an 0xFF at the end of the name (no UTF-8 has one), its mark kept. */
function notUtf8(json: string, name: string): Uint8Array {
  const quoted = JSON.stringify(name);
  const at = Buffer.byteLength(json.slice(0, json.indexOf(quoted) + quoted.length - 1));
  const octets = Buffer.from(json);
  return Buffer.concat([octets.subarray(0, at), Buffer.from([0xff]), octets.subarray(at)]);
}

/** Arrays nested `depth` deep: a recursive parser's stack meets them. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/**
 * The NewPet as JSON text RFC 8259 leaves open: a byte order mark first (8.1: a parser MAY
 * ignore it), a name that is a lone surrogate escape (8.2: the behaviour is unpredictable), a
 * member given twice (4: names SHOULD be unique), an extra member nested 64 deep and a categoryId
 * nested 5000 deep (9: a parser MAY limit the depth), an octet that is no UTF-8 (8.1).
 */
export function oddJsonTexts(pet: Record<string, unknown>): RequestSpec[] {
  const json = JSON.stringify(pet);
  const name = String(pet.name);
  const withName = (escaped: string) => json.replace(JSON.stringify(name), `"${escaped}"`);
  const withExtra = (text: string) => `${json.slice(0, -1)},"extra":${text}}`;
  return [
    post('a NewPet after a byte order mark', `\uFEFF${json}`),
    post('a name holding a lone high surrogate', withName(`${name}\\ud800x`)),
    post('a name ending in a lone low surrogate', withName(`${name}\\udc00`)),
    post('the member name given twice', `{"name":"${name}-1",${json.slice(1)}`),
    post('an extra member nested 64 deep', withExtra(nested(64))),
    // Deeper than a reader need hold, in a required field: no Pet can echo it.
    post(
      'a categoryId nested 5000 deep',
      json.replace(/"categoryId":[^,}]*/, `"categoryId":${nested(5000)}`),
    ),
    // Octets that are no UTF-8 (RFC 8259 8.1: JSON exchanged between systems is UTF-8).
    {
      label: 'a name holding an octet that is no UTF-8 (0xFF)',
      method: 'POST',
      path: '/pets',
      bodyOctets: notUtf8(json, name),
    },
  ];
}
