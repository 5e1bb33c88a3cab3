// The floor's loop, in a process of its own (as cold as the harness's): sends the requests in
// the file given, one after the other, to the origin given, and prints how long that took.
//   node bench/floor-loop.mjs <requests.json> <origin>
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';

const [file, origin] = process.argv.slice(2);
const requests = JSON.parse(readFileSync(file, 'utf8'));
const dispatcher = new Agent({ connections: 4 });
const start = performance.now();
for (const r of requests) {
  const res = await request(`${origin}${r.path}`, {
    method: r.method,
    headers: r.headers,
    body: r.body,
    dispatcher,
  });
  await res.body.arrayBuffer();
}
const ms = performance.now() - start;
await dispatcher.close();
console.log(JSON.stringify({ ms }));
