import { describe, expect, it } from 'vitest';
import {
  type AnswerContext,
  judgeAnswer,
  judgeStray,
  keylessPetProblem,
  nameStem,
} from '../../src/checks/every-answer.ts';
import { classifyRequest } from '../../src/checks/request-class.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { errorBody, exchange } from '../support/exchanges.ts';

const KEY = 'every-answer-key';
const ctx: AnswerContext = { apiKey: KEY, basePath: '/v1', getPetRemoved: false };
const pet = (id = 7, status?: string) => ({
  id,
  name: 'Rex',
  categoryId: 3,
  ...(status ? { status } : {}),
});

interface Sent {
  method?: string;
  path: string;
  auth?: string | null;
  body?: string;
  headers?: Record<string, string>;
}

/** An exchange with the request as the harness sends it: the key, JSON, an Accept. */
function sent(req: Sent, answer: Parameters<typeof exchange>[0]): Exchange {
  const ex = exchange(answer, req.method ?? 'GET', `http://h/v1${req.path}`);
  const auth = req.auth === undefined ? `Bearer ${KEY}` : req.auth;
  ex.request.headers = {
    accept: 'application/json',
    'accept-encoding': 'identity',
    ...(auth === null ? {} : { authorization: auth }),
    ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...req.headers,
  };
  if (req.body !== undefined) ex.request.body = req.body;
  return ex;
}

const verdict = (ex: Exchange, context = ctx) => {
  const judged = judgeAnswer(ex, context);
  if (!judged) return 'not judged';
  return judged.problem === null ? 'sound' : `${judged.problem}`;
};

const list = (path: string, answer: Parameters<typeof exchange>[0], auth?: string | null) =>
  sent({ path, ...(auth === undefined ? {} : { auth }) }, answer);
const create = (body: string, answer: Parameters<typeof exchange>[0], auth?: string | null) =>
  sent({ method: 'POST', path: '/pets', body, ...(auth === undefined ? {} : { auth }) }, answer);
const error = (status: number) => ({ status, json: errorBody(status) });
const NEW_PET = '{"name":"Rex","categoryId":3}';

describe('EVERY-ANSWER: one judge of what every answer keeps, whatever sent it', () => {
  it('accepts the answers the contract lists, and the freedoms it leaves', () => {
    const sound = [
      list('/pets?limit=1', { status: 200, json: [pet()] }),
      list('/pets', { status: 200, json: [] }),
      list('/pets?status=sold&limit=100', { status: 200, json: [pet(1, 'sold')] }),
      list('/pets', error(401), null),
      list('/pets', error(401), 'Bearer wrong'),
      // Outside the rules: any 4xx Error, or a 200 within the limits.
      list('/pets?limit=0', error(400)),
      list('/pets?limit=abc', error(422)),
      list('/pets?limit=0', { status: 200, json: [pet()] }),
      list('/pets?offset=20', error(400)),
      // Limits the contract leaves open.
      list('/pets?limit=5', error(429)),
      create(`${'x'.repeat(10)}`, error(413)),
      create(NEW_PET, { status: 201, json: pet(9) }),
      create('{"name":"Rex","categoryId":3,"status":"sold"}', {
        status: 201,
        json: pet(9, 'sold'),
      }),
      // The default of status is not shown: a status may come back when none was sent.
      create(NEW_PET, { status: 201, json: pet(9, 'available') }),
      create('{"name":"Rex","categoryId":3,"nick":"R"}', error(422)),
      create('{"name":"Rex","categoryId":3,"nick":"R"}', { status: 201, json: pet(9) }),
      create('{"name":"Rex"}', error(400)),
      create('[1]', error(400)),
      create('{"name":', error(400)),
      create(NEW_PET, error(401), null),
      sent({ path: '/pets/0' }, error(404)),
      sent({ path: '/pets/-9223372036854775808' }, error(404)),
      sent({ path: '/pets/7' }, { status: 200, json: pet(7) }),
      sent({ path: '/pets/abc' }, error(400)),
      sent({ path: '/pets/1.5' }, error(404)),
      sent({ path: '/pets/9223372036854775808' }, error(422)),
      // The scheme name in another case is the same credential to RFC 9110: not judged as wrong.
      list('/pets', { status: 200, json: [] }, `bearer ${KEY}`),
      list('/pets', error(401), `bearer ${KEY}`),
      // Extra fields in a Pet or an Error, charset parameters.
      list('/pets', {
        status: 200,
        json: [{ ...pet(), createdAt: 'x' }],
        contentType: 'application/json;charset=UTF-8',
      }),
    ];
    for (const ex of sound)
      expect(verdict(ex), `${ex.request.method} ${ex.request.url}`).toBe('sound');
  });

  it('after the sunset getPet may answer 404 or 410 before any key check', () => {
    const removed = { ...ctx, getPetRemoved: true };
    expect(verdict(sent({ path: '/pets/7', auth: null }, error(410)), removed)).toBe('sound');
    expect(verdict(sent({ path: '/pets/7' }, error(404)), removed)).toBe('sound');
    expect(verdict(sent({ path: '/pets/7' }, { status: 200, json: pet() }), removed)).toContain(
      '200 where 404 or 410 is owed',
    );
  });

  it('to a request for another Host, without the key: a refusal or a redirect to its own name, never the data', () => {
    const other = (answer: Parameters<typeof exchange>[0], host = 'localhost') =>
      sent({ path: '/pets', auth: null, headers: { host } }, answer);
    expect(verdict(other(error(421)))).toBe('sound');
    expect(verdict(other(error(400), '[::1]'))).toBe('sound');
    expect(
      verdict(
        other({ status: 308, headers: { location: 'http://h/v1/pets' }, json: errorBody(308) }),
      ),
    ).toBe('sound');
    expect(verdict(other({ status: 200, json: [] }))).toContain('served without the right key');
    expect(verdict(other({ status: 421, body: 'no' }, 'localhost:8080'))).not.toBe('sound');
    // Its own name, in another case, is no other Host: 401 is owed.
    expect(verdict(other(error(421), 'H'))).toContain('421 where 401 is owed');
  });

  it('fails what no conformant answer does, saying which request got it', () => {
    const cases: [Exchange, string][] = [
      [list('/pets?limit=1', { status: 200, json: { data: [] } }), 'not a bare JSON array'],
      [list('/pets?limit=1', { status: 200, json: [pet(1), pet(2)] }), '2 items, more than the 1'],
      [list('/pets?status=sold', { status: 200, json: [pet(1)] }), 'is not sold'],
      [list('/pets', { status: 500, json: errorBody(500) }), 'server error 500'],
      [list('/pets', { status: 200, json: [] }, null), 'served without the right key'],
      [list('/pets', error(400), 'Bearer wrong'), '400 where 401 is owed'],
      [list('/pets?limit=5', error(400)), '400 where 200 is owed'],
      [list('/pets', { status: 401, json: errorBody(403) }, null), 'Error.status is 403'],
      [list('/pets', error(401)), '401 where 200 is owed'],
      [list('/pets', { status: 200, json: [], contentType: 'text/plain' }), 'Content-Type'],
      [list('/pets', { status: 302, body: '' }), '302 where 200 is owed'],
      [create(NEW_PET, error(400)), '400 where 201 is owed'],
      [create(NEW_PET, { status: 200, json: pet() }), '200 where 201 is owed'],
      [create(NEW_PET, { status: 201, json: { ...pet(), name: 'Rex ' } }), 'name'],
      [create('{"name":"Rex"}', { status: 201, json: pet() }), '201 where 400 is owed'],
      [sent({ path: '/pets/0' }, error(400)), '400 where 200 or 404 is owed'],
      [sent({ path: '/pets/8' }, { status: 200, json: pet(7) }), 'asked for id 8, got pet 7'],
      [
        sent({ path: '/pets/8' }, { status: 404, body: '<html>', contentType: 'text/html' }),
        'Content-Type is',
      ],
    ];
    for (const [ex, because] of cases) {
      const judged = judgeAnswer(ex, ctx);
      expect(judged?.problem, `${ex.request.method} ${ex.request.url}`).not.toBeNull();
      expect(String(judged?.problem)).toContain(because);
    }
    const label = judgeAnswer({ ...list('/pets', error(400)), check: 'seed' }, ctx)?.label;
    expect(label).toBe('GET /v1/pets (the key, sent by seed)');
  });

  it('leaves alone what no operation describes, answers cut at the cap and no answer at all', () => {
    expect(verdict(sent({ path: '/store/orders' }, { status: 500, json: {} }))).toBe('not judged');
    expect(verdict(sent({ method: 'DELETE', path: '/pets/1' }, { status: 500, json: {} }))).toBe(
      'not judged',
    );
    expect(verdict(sent({ path: '/pets' }, { error: 'no answer' }))).toBe('not judged');
  });

  it('classifies requests by the contract: credential, operation and whether input keeps the rules', () => {
    const of = (ex: Exchange) => classifyRequest(ex.request, ctx);
    expect(of(list('/pets?limit=010', { status: 200 }))?.input).toBe('open');
    expect(of(list('/pets?limit=100&status=sold', { status: 200 }))).toMatchObject({
      input: 'valid',
      limit: 100,
      status: 'sold',
    });
    expect(of(list('/pets?limit=1&limit=2', { status: 200 }))?.input).toBe('open');
    expect(of(create('{"name":"a","name":"b","categoryId":1}', { status: 201 }))?.input).toBe(
      'open',
    );
    // An integer written 1.0E0: a reader of integer literals only (Go's into int64) refuses it.
    expect(of(create('{"name":"a","categoryId":1.0E0}', { status: 201 }))?.input).toBe('open');
    expect(
      of(create('{"name":"a","categoryId":9223372036854775808}', { status: 201 }))?.input,
    ).toBe('invalid');
    expect(of(sent({ path: '/pets/007' }, { status: 200 }))?.input).toBe('open');
    expect(of(sent({ path: '/pets/-1' }, { status: 200 }))?.int64Id).toBe(-1n);
    expect(of(list('/pets', { status: 200 }, 'Basic abc'))?.credential).toBe('wrong');
    expect(of(list('/pets', { status: 200 }, 'Bearer '))?.credential).toBe('wrong');
    expect(
      of(sent({ path: '/pets', headers: { accept: 'text/html' } }, { status: 200 }))?.input,
    ).toBe('open');
  });

  it('fails a page listing one id twice, once an animal or two sharing it; not two pages that do', () => {
    const twice = list('/pets?limit=100', { status: 200, json: [pet(1), pet(2), pet(2)] });
    expect(verdict(twice)).toBe('pet 2 listed twice in one page');
    const shared = { ...pet(2), name: 'Other' };
    const two = list('/pets?limit=100', { status: 200, json: [pet(2), shared] });
    expect(verdict(two)).toBe('two different animals share id 2 in one page ("Rex" and "Other")');
    // The store may change between two reads: the same pet in two pages is no failure.
    expect(verdict(list('/pets?limit=1', { status: 200, json: [pet(2)] }))).toBe('sound');
    expect(verdict(list('/pets?limit=2', { status: 200, json: [pet(1), pet(2)] }))).toBe('sound');
  });

  it('judges an error answer to another path or method under the base address: an Error, whatever the key', () => {
    const stray = (ex: Exchange) => {
      const judged = judgeStray(ex, ctx);
      if (!judged) return 'not judged';
      return judged.problem === null ? 'sound' : `${judged.problem}`;
    };
    const html = {
      status: 404,
      body: '<h1>Not Found</h1>',
      headers: { 'content-type': 'text/html' },
    };
    expect(stray(sent({ path: '/store/orders' }, html))).toMatch(/404/);
    expect(stray(sent({ path: '/Pets', auth: null }, { ...html, status: 401 }))).toMatch(/401/);
    expect(stray(sent({ method: 'DELETE', path: '/pets/1' }, { status: 502, body: '' }))).toBe(
      'server error 502',
    );
    // Any status goes (a route of the service's own); an error is an Error; 501 is a refusal.
    expect(stray(sent({ path: '/animals' }, { status: 200, json: [] }))).toBe('sound');
    expect(stray(sent({ path: '/%70ets' }, error(404)))).toBe('sound');
    expect(stray(sent({ method: 'PUT', path: '/pets/1' }, error(501)))).toBe('sound');
    expect(stray(sent({ method: 'PUT', path: '/pets/1' }, error(429)))).toBe('sound');
    // Not stray: the contract's operations (judgeAnswer's), HEAD (no body), other forms.
    expect(stray(sent({ path: '/pets' }, html))).toBe('not judged');
    expect(stray(sent({ method: 'HEAD', path: '/animals' }, html))).toBe('not judged');
    expect(
      stray(sent({ path: '/animals', headers: { 'x-forwarded-for': '10.0.0.1' } }, html)),
    ).toBe('not judged');
    const outside = exchange(html, 'GET', 'http://h/health');
    expect(stray(outside)).toBe('not judged');
  });

  it('fails an answer without the right key that names a pet of the store, whatever the request or the format', () => {
    const stems = new Set([nameStem('pc-0123abcd-m4.2-ß') as string]);
    expect([...stems]).toEqual(['pc-0123abcd-m4.2-']);
    // A bare tag tells no pet apart; a name without the run's tag has no stem.
    expect(nameStem('pc-0123abcd-ß')).toBeUndefined();
    expect(nameStem('Rex')).toBeUndefined();
    const leak = (ex: Exchange, credential: 'none' | 'wrong' | 'key' = 'none') =>
      `${keylessPetProblem(ex, credential, new Set(), stems) ?? 'sound'}`;
    const message = { code: 'unauthorized', message: 'pet pc-0123abcd-m4.2-ß is not yours' };
    const named = { status: 401, json: { ...message, status: 401 } };
    expect(leak(sent({ path: '/pets/7', auth: null }, named))).toMatch(/name of a pet/);
    // In an HTML page to another path, in a header: the same.
    const page = { status: 200, body: '<li>pc-0123abcd-m4.2-&szlig;</li>', headers: {} };
    expect(leak(sent({ path: '/pets/findByStatus', auth: null }, page))).toMatch(/name of a pet/);
    const header = { ...error(401), headers: { 'x-pet': 'pc-0123abcd-m4.2-' } };
    expect(leak(sent({ path: '/pets', auth: 'Bearer no' }, header), 'wrong')).toMatch(/name/);
    // Not when the request carried the name itself (an echo), nor with the key.
    const echo = sent(
      { method: 'POST', path: '/pets', auth: null, body: '{"name":"pc-0123abcd-m4.2-ß"}' },
      named,
    );
    expect(leak(echo)).toBe('sound');
    const query = sent({ path: '/pets?name=pc-0123abcd-m4.2-%C3%9F', auth: null }, named);
    expect(leak(query)).toBe('sound');
    expect(leak(sent({ path: '/pets/7' }, named), 'key')).toBe('sound');
    // Another pet's label beginning the same way is another stem.
    const other = {
      status: 401,
      json: { ...message, message: 'pc-0123abcd-m4.21-x', status: 401 },
    };
    expect(leak(sent({ path: '/pets/7', auth: null }, other))).toBe('sound');
  });

  it('takes a 505 Error to a request in HTTP/1.0 as the version refused (RFC 9110 15.6.6), not a server error', () => {
    const http10 = (answer: Parameters<typeof exchange>[0]) => {
      const ex = sent({ path: '/pets?limit=2' }, answer);
      ex.request.httpVersion = '1.0';
      return ex;
    };
    expect(verdict(http10(error(505)))).toBe('sound');
    expect(verdict(http10({ status: 505, body: 'no', headers: {} }))).not.toBe('sound');
    expect(verdict(list('/pets?limit=2', error(505)))).toBe('server error 505');
  });
});
