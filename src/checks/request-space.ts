import { NAME_KINDS } from '../arbitraries/unicode-categories.ts';
import { withoutOws } from '../base/field-value.ts';
import { INT64, LIMIT, PET_STATUSES } from '../contract/contract.ts';
import { integerValue } from '../http/exact.ts';
import type { Exchange, RecordedRequest } from '../http/exchange.ts';
import type { RequestClass } from './request-class.ts';
import { headerOf, listClass, newPetInput, parsedRequestBody } from './request-class.ts';

/** How many requests of a run covered one cell of one dimension of the request space. */
export interface DimensionCount {
  dimension: string;
  cell: string;
  requests: number;
}

const JSON_TYPES = ['absent', 'string', 'integer', 'number', 'boolean', 'null', 'array', 'object'];
const NEW_PET_FIELDS = ['name', 'categoryId', 'status'] as const;
const BODY_KINDS = ['object', 'array', 'string', 'number', 'boolean', 'null', 'malformed', 'empty'];
const NAME_EDGES = ['empty', 'blank', 'padded', 'inner-runs', 'carriage-return', 'nul', 'long'];
const CATEGORY_EDGES: readonly [string, bigint][] = [
  ['0', 0n],
  ['-1', -1n],
  ['2^31', 2n ** 31n],
  ['2^53-1', 2n ** 53n - 1n],
  ['2^53+1', 2n ** 53n + 1n],
  ['-(2^53)-1', -(2n ** 53n) - 1n],
  ['int64-min', INT64.min],
  ['int64-max', INT64.max],
  ['int64-max+1', INT64.max + 1n],
  ['int64-min-1', INT64.min - 1n],
];
const STATUS_CELLS = ['absent', ...PET_STATUSES, 'other'];
const LIMIT_CELLS = [
  'absent',
  '1',
  '20',
  '100',
  'other-valid',
  '0',
  'negative',
  '101+',
  'not-integer',
];
const FILTER_CELLS = ['absent', ...PET_STATUSES, 'other'];
const PET_ID_CELLS = [
  '0',
  'positive',
  'negative',
  'int64-min',
  'int64-max',
  'beyond-2^53',
  'created',
  'not-int64',
];
export const CREDENTIAL_CELLS = [
  'key',
  'none',
  'wrong-token',
  'empty-bearer',
  'other-scheme',
  'near-key',
  'key-in-query',
  'key-in-cookie',
  'key-in-header',
];
const OPERATIONS = ['listPets', 'createPet', 'getPet'] as const;
/** Each operation's kinds of input, as the request class tells them (see inputCell). */
const INPUT_CELLS: Readonly<Record<(typeof OPERATIONS)[number], readonly string[]>> = {
  listPets: ['valid', 'open'],
  createPet: ['valid', 'extra', 'invalid', 'open'],
  getPet: ['created', 'unknown', 'not-int64'],
};
const STORE_LIMITS: readonly number[] = [LIMIT.min, LIMIT.default, LIMIT.max];
const STORE_CELLS = ['fewer-known', 'full-page', 'more-known'];

/**
 * Every cell of the request space the harness means to cover in every run that writes: each
 * field of a NewPet with each JSON type, the boundaries of each value (names of every kind of
 * character), each way of presenting the credential on each operation, and with each kind of
 * input the operation takes (valid, open, owed a 400; a pet's id or another), and store sizes
 * around each page limit (fewer pets known than it, a full page, more known).
 */
export const REQUEST_SPACE: readonly [string, readonly string[]][] = [
  ...NEW_PET_FIELDS.map((f): [string, string[]] => [`createPet ${f} type`, JSON_TYPES]),
  ['createPet body', BODY_KINDS],
  ['name', NAME_EDGES],
  ['name characters', NAME_KINDS.map((k) => k.id)],
  ['categoryId', [...CATEGORY_EDGES.map(([cell]) => cell), 'fraction']],
  ['status', STATUS_CELLS],
  ['limit', LIMIT_CELLS],
  ['status filter', FILTER_CELLS],
  ['limit with status filter', ['both']],
  ['petId', PET_ID_CELLS],
  ...OPERATIONS.map((op): [string, string[]] => [`credential ${op}`, CREDENTIAL_CELLS]),
  ...OPERATIONS.map((op): [string, string[]] => [
    `credential x input, ${op}`,
    CREDENTIAL_CELLS.flatMap((credential) => INPUT_CELLS[op].map((i) => `${credential} / ${i}`)),
  ]),
  ...STORE_LIMITS.map((l): [string, string[]] => [`store size, limit ${l}`, STORE_CELLS]),
];

function jsonType(value: unknown): string {
  if (value === undefined) return 'absent';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The credential cell of a request, the raw key at hand (near-key tokens hold most of it). */
function credentialCell(ex: Exchange, c: RequestClass, apiKey: string): string {
  const header = headerOf(ex.request.headers, 'authorization');
  if (c.credential === 'key' || c.credential === 'unclear') return 'key';
  if (header === undefined) {
    if (ex.request.headers.cookie?.includes(apiKey)) return 'key-in-cookie';
    const elsewhere = Object.entries(ex.request.headers).some(([, v]) => v.includes(apiKey));
    if (elsewhere) return 'key-in-header';
    return new URL(ex.request.url).search.includes(encodeURIComponent(apiKey))
      ? 'key-in-query'
      : 'none';
  }
  const [scheme = '', ...rest] = header.split(' ');
  const token = withoutOws(rest.join(' '));
  if (scheme.toLowerCase() !== 'bearer') return 'other-scheme';
  if (token === '') return 'empty-bearer';
  return token.toLowerCase().includes(apiKey.slice(0, -1).toLowerCase())
    ? 'near-key'
    : 'wrong-token';
}

function nameCells(name: string): [string, string][] {
  // One pass over the name, however long: its distinct code points and how many there are.
  const present = new Set<string>();
  let codePoints = 0;
  for (const ch of name) {
    present.add(ch);
    codePoints++;
  }
  // A kind's sample of more than one code point (an emoji sequence) is looked for as it is.
  const holds = (ch: string) => present.has(ch) || ([...ch].length > 1 && name.includes(ch));
  const cells: [string, string][] = NAME_KINDS.filter((k) => k.chars.some(holds)).map((k) => [
    'name characters',
    k.id,
  ]);
  if (name === '') cells.push(['name', 'empty']);
  else if (name.trim() === '') cells.push(['name', 'blank']);
  if (name.includes('\r')) cells.push(['name', 'carriage-return']);
  if (name !== name.trim()) cells.push(['name', 'padded']);
  if (/\S {2,}\S/.test(name)) cells.push(['name', 'inner-runs']);
  if (name.includes('\u0000')) cells.push(['name', 'nul']);
  if (codePoints >= 1024) cells.push(['name', 'long']);
  return cells;
}

function createCells(req: RecordedRequest): [string, string][] {
  const body = req.body;
  if (body === undefined || body === '') return [['createPet body', 'empty']];
  const parsed = parsedRequestBody(req, body);
  if ('jsonError' in parsed) return [['createPet body', 'malformed']];
  const { json, exact } = parsed;
  const kind = jsonType(json);
  const cells: [string, string][] = [['createPet body', kind === 'integer' ? 'number' : kind]];
  if (kind !== 'object') return cells;
  const fields = json as Record<string, unknown>;
  for (const f of NEW_PET_FIELDS) cells.push([`createPet ${f} type`, jsonType(fields[f])]);
  if (typeof fields.name === 'string') cells.push(...nameCells(fields.name));
  const category = (exact as Record<string, unknown>).categoryId;
  const n = integerValue(category);
  const edge = CATEGORY_EDGES.find(([, v]) => v === n);
  if (edge) cells.push(['categoryId', edge[0]]);
  else if (typeof fields.categoryId === 'number' && !Number.isInteger(fields.categoryId))
    cells.push(['categoryId', 'fraction']);
  const status = fields.status;
  const known = (PET_STATUSES as readonly unknown[]).includes(status);
  cells.push(['status', status === undefined ? 'absent' : known ? String(status) : 'other']);
  return cells;
}

function limitCell(raw: string | null): string {
  if (raw === null) return 'absent';
  if (!/^-?\d+$/.test(raw)) return 'not-integer';
  const n = Number(raw);
  if (n <= -1) return 'negative';
  if (n === 0) return '0';
  if (n > LIMIT.max) return '101+';
  return ['1', '20', '100'].includes(raw) ? raw : 'other-valid';
}

function listCells(url: URL): [string, string][] {
  const limit = url.searchParams.get('limit');
  const status = url.searchParams.get('status');
  const filter =
    status === null
      ? 'absent'
      : (PET_STATUSES as readonly string[]).includes(status)
        ? status
        : 'other';
  const cells: [string, string][] = [
    ['limit', limitCell(limit)],
    ['status filter', filter],
  ];
  if (limit !== null && status !== null) cells.push(['limit with status filter', 'both']);
  return cells;
}

/**
 * The kind of input of a request, as its operation's cells of `credential x input` name it: what
 * its body, query or petId is, whatever carries the credential (a key sent in a query parameter,
 * a cookie or another header makes the request one the contract fixes no answer for, but the
 * input beside it is still valid or not).
 */
function inputCell(
  req: RecordedRequest,
  c: RequestClass,
  apiKey: string,
  created: ReadonlySet<string>,
): string {
  if (c.operation === 'getPet') {
    if (c.int64Id === undefined) return 'not-int64';
    return created.has(c.int64Id.toString()) ? 'created' : 'unknown';
  }
  if (c.operation === 'createPet')
    return newPetInput(req.body ?? '', (text) => parsedRequestBody(req, text)).input;
  const url = new URL(req.url);
  for (const [name, value] of [...url.searchParams])
    if (value.includes(apiKey)) url.searchParams.delete(name);
  return listClass(url).input === 'valid' ? 'valid' : 'open';
}

function petIdCell(c: RequestClass, created: ReadonlySet<string>): string {
  if (c.int64Id === undefined) return 'not-int64';
  if (created.has(c.int64Id.toString())) return 'created';
  const id = c.int64Id;
  if (id === 0n) return '0';
  if (id === INT64.min) return 'int64-min';
  if (id === INT64.max) return 'int64-max';
  if (id < 0n) return 'negative';
  return id > 2n ** 53n ? 'beyond-2^53' : 'positive';
}

/**
 * The cells one request covers. `known` is how many distinct pets the run had seen when the
 * answer came (a lower bound of the store's size); `created` the ids createPet gave the run.
 */
export function cellsOf(
  ex: Exchange,
  c: RequestClass,
  apiKey: string,
  known: number,
  created: ReadonlySet<string>,
): [string, string][] {
  const credential = credentialCell(ex, c, apiKey);
  const cells: [string, string][] = [
    [`credential ${c.operation}`, credential],
    [
      `credential x input, ${c.operation}`,
      `${credential} / ${inputCell(ex.request, c, apiKey, created)}`,
    ],
  ];
  if (c.operation === 'createPet') cells.push(...createCells(ex.request));
  if (c.operation === 'getPet') cells.push(['petId', petIdCell(c, created)]);
  if (c.operation !== 'listPets') return cells;
  cells.push(...listCells(new URL(ex.request.url)));
  const items = ex.response?.json;
  if (c.input === 'valid' && c.credential === 'key' && Array.isArray(items)) {
    const limit = c.limit ?? LIMIT.default;
    if (STORE_LIMITS.includes(limit)) {
      const dimension = `store size, limit ${limit}`;
      if (known < limit) cells.push([dimension, 'fewer-known']);
      if (items.length === limit) cells.push([dimension, 'full-page']);
      if (known > limit) cells.push([dimension, 'more-known']);
    }
  }
  return cells;
}

/** A table of every cell of REQUEST_SPACE and how many requests covered it. */
export class RequestSpaceTally {
  private readonly counts = new Map<string, number>();

  note(cells: readonly [string, string][]): void {
    for (const [dimension, cell] of cells) {
      const key = `${dimension}\u0000${cell}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    }
  }

  table(): DimensionCount[] {
    return REQUEST_SPACE.flatMap(([dimension, cells]) =>
      cells.map((cell) => ({
        dimension,
        cell,
        requests: this.counts.get(`${dimension}\u0000${cell}`) ?? 0,
      })),
    );
  }
}
