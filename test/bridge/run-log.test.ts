import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { egressFor } from '../../src/bridge/redactor.ts';
import { RunLogWriter, readRunLog } from '../../src/bridge/run-log.ts';
import { exchange } from '../support/exchanges.ts';
import { tempDir } from '../support/temp.ts';

describe('the run log', () => {
  it('gives back every exchange whole, names holding line and paragraph separators included', async () => {
    const path = join(tempDir('pc-run-log-'), 'exchanges.ndjson');
    const writer = new RunLogWriter(path, egressFor('run-log-key-0123456789'));
    // Node 24's readline also ends a line at U+2028 and U+2029, which JSON leaves unescaped.
    const names = [
      'a\u2028b',
      'c\u2029d',
      'e\rf',
      'g\r\nh',
      'x'.repeat(50_000),
      'y\u2028'.repeat(20_000),
    ];
    names.forEach((name, i) => {
      writer.append({ ...exchange({ status: 201, json: { id: i, name } }, 'POST'), seq: i + 1 });
    });
    writer.close({ waitedOut: 2, waitedMs: 30 });
    const log = await readRunLog(path);
    const read = log.exchanges.map(
      (e) => JSON.parse(e.response?.body ?? 'null') as { name: string },
    );
    expect(read.map((pet) => pet.name)).toEqual(names);
    expect(log.waits).toEqual({ waitedOut: 2, waitedMs: 30 });
  });
});
