import { describe, expect, it } from 'vitest';
import { HELD_BODY_CHARS, heldForJudging, type RecordedResponse } from '../../src/http/exchange.ts';

const answer = (body: string, json?: unknown): RecordedResponse => ({
  status: 200,
  headers: {},
  body,
  ...(json === undefined ? {} : { json }),
});

describe('what an answer holds while the checks judge it', () => {
  it('a parsed body longer than records keep: its start, its length, its parse whole', () => {
    const pets = [{ id: 1, name: 'x'.repeat(300_000) }];
    const body = `${JSON.stringify(pets)}${' '.repeat(3_000_000)}`;
    const held = heldForJudging(answer(body, pets));
    // Cut as records cut: by the length of its JSON-escaped form (a quote counts two).
    expect(body.startsWith(held.body)).toBe(true);
    expect(held.body.length).toBeLessThanOrEqual(HELD_BODY_CHARS);
    expect(held.body.length).toBeGreaterThan(HELD_BODY_CHARS - 100);
    expect(held.bodyLength).toBe(body.length);
    expect(held.json).toBe(pets);
  });

  it('a body that did not parse, and a short one, are held whole', () => {
    const broken = `[${' '.repeat(200_000)}`;
    expect(heldForJudging(answer(broken)).body).toBe(broken);
    const short = answer('[]', []);
    expect(heldForJudging(short)).toBe(short);
  });
});
