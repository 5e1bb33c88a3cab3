import fc from 'fast-check';
import {
  type CommandSpec,
  type CredentialChoice,
  commandSpecArbs,
  type ModelNewPet,
} from '../arbitraries/model-commands.ts';
import { petName } from '../arbitraries/pet-name.ts';
import type { HarnessContext } from '../bridge/context.ts';
import { petInPage } from '../checks/agreement.ts';
import { type AnswerContext, judgeAnswer } from '../checks/every-answer.ts';
import { type Finding, finding } from '../checks/finding.ts';
import {
  emptyModel,
  fetchedProblem,
  type ModelObservation,
  type ModelPet,
  modelDifferences,
  pageProblem,
  RUN_MODEL,
  reusedId,
  type StoreModel,
} from '../checks/model.ts';
import type { Judgement } from '../checks/types.ts';
import type { Auth } from '../http/client.ts';
import { exactJson, exactPetId } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import type { PetstoreApi } from '../http/petstore-api.ts';
import { answerContext } from './answers.ts';
import { checkProperty } from './property.ts';

/** What the commands act on: the target's API, and what one sequence sent and saw. */
export interface ModelReal {
  api: PetstoreApi;
  runId: string;
  judging: AnswerContext;
  /** Numbers the sequence, so its names are its own (shrinking replays make new sequences). */
  sequence: number;
  sent: number;
  log: Exchange[];
  notes: string[];
}

/** The first answer that broke the model or an invariant. */
export class ModelViolation extends Error {
  constructor(
    readonly label: string,
    readonly problem: Finding,
    readonly ex: Exchange,
  ) {
    super(`${label}: ${problem}`);
  }
}

/**
 * The sequence cannot go on: a request got no answer (the check's recorder judges that), or a
 * 413 or 429 Error, a limit the contract leaves open (the sequence then judged nothing).
 */
export class ModelStopped extends Error {
  constructor(
    message: string,
    readonly limited?: Exchange,
  ) {
    super(message);
  }
}

const WRONG_KEY = 'Bearer pc-model-wrong-key';
const authOf = (c: CredentialChoice): Auth | undefined =>
  c === 'key' ? undefined : c === 'none' ? 'none' : { authorization: WRONG_KEY };

/** Sends one request, logs it, and holds its answer to what every answer keeps. */
async function send(r: ModelReal, request: (api: PetstoreApi) => Promise<Exchange>) {
  const ex = await request(r.api);
  r.log.push(ex);
  if (!ex.response) throw new ModelStopped(ex.error?.message ?? 'no answer');
  const judged = judgeAnswer(ex, r.judging);
  if (judged?.limited) throw new ModelStopped('a limit the contract leaves open', ex);
  if (judged?.problem) throw new ModelViolation(judged.label, judged.problem, ex);
  return ex;
}

const check = (problem: Finding | undefined, label: string, ex: Exchange) => {
  if (problem) throw new ModelViolation(label, problem, ex);
};

/** Differences between a pet of the run and a view of it: one write of another client may explain them. */
const CHANGED = new Set(['partial-pet', 'not-as-created']);

/**
 * A pet of the run seen other than created. The store may be shared: another client may change
 * or delete a pet through operations the contract does not show, so a difference that lasts is
 * a note. The pet is read again at once: as created again, it had a state that no write leaves
 * behind (shown incomplete while it was being created, say), and that is the service's.
 */
async function confirm(
  m: StoreModel,
  r: ModelReal,
  problem: Finding | undefined,
  label: string,
  ex: Exchange,
): Promise<void> {
  if (!problem) return;
  const pet = m.pets.get(String(problem.data.id));
  if (!pet || !CHANGED.has(problem.code)) throw new ModelViolation(label, problem, ex);
  const removed = r.judging.getPetRemoved;
  const again = await send(r, (api) =>
    removed ? api.listPets({ limit: 100 }) : api.getPet(pet.id),
  );
  const now = removed
    ? petInPage(again, pet.id)
    : again.response?.status === 200
      ? (exactJson(again) as Record<string, unknown>)
      : undefined;
  if (now && modelDifferences(pet, now).length === 0) {
    const text = `${problem.text}; read again at once it is as created: a state no write leaves behind`;
    throw new ModelViolation(label, finding(problem.code, problem.data, text), ex);
  }
  const later = now ? 'still other than created' : 'gone';
  r.notes.push(`${problem.text} (read again: ${later}; another client may change or delete pets)`);
}

/** The NewPet a model pet is sent as: a name no other sequence or command uses. */
function newPetBody(r: ModelReal, pet: ModelNewPet) {
  const name = petName(r.runId, `m${r.sequence}.${++r.sent}-${pet.suffix}`);
  return { name, categoryId: pet.categoryId, ...(pet.status ? { status: pet.status } : {}) };
}

/** Notes a pet createPet returned (201) in the model, after its id was found new. */
function noteCreated(m: StoreModel, body: ReturnType<typeof newPetBody>, ex: Exchange) {
  const id = exactPetId(ex);
  if (ex.response?.status !== 201 || id === undefined) return;
  check(reusedId(m, ex), `createPet ${JSON.stringify(body.name)}`, ex);
  m.pets.set(id, { id, ...body } as ModelPet);
}

class ModelCommand implements fc.AsyncCommand<StoreModel, ModelReal> {
  constructor(readonly spec: CommandSpec) {}

  check(m: Readonly<StoreModel>): boolean {
    return this.spec.kind !== 'get' || m.pets.size > 0;
  }

  async run(m: StoreModel, r: ModelReal): Promise<void> {
    const spec = this.spec;
    switch (spec.kind) {
      case 'create': {
        const body = newPetBody(r, spec.pet);
        const ex = await send(r, (api) => api.createPet(body, authOf(spec.credential)));
        if (spec.credential === 'key') noteCreated(m, body, ex);
        return;
      }
      case 'create-invalid':
        await send(r, (api) => api.createPet(spec.body, authOf(spec.credential)));
        return;
      case 'list': {
        const query = { limit: spec.limit, status: spec.status };
        const ex = await send(r, (api) => api.listPets(query, authOf(spec.credential)));
        await confirm(m, r, pageProblem(m, ex), 'listPets', ex);
        return;
      }
      case 'get': {
        const pets = [...m.pets.values()];
        const pet = pets[spec.pick % pets.length] as ModelPet;
        const ex = await send(r, (api) => api.getPet(pet.id, authOf(spec.credential)));
        await confirm(m, r, fetchedProblem(pet, ex), `getPet ${pet.id}`, ex);
        // Update and delete operations are not shown: another client may have removed it.
        if (spec.credential === 'key' && ex.response?.status === 404 && !r.judging.getPetRemoved)
          r.notes.push(`pet ${pet.id}, created by this run, was not found later (404)`);
        return;
      }
      case 'get-invalid':
        await send(r, (api) => api.getPet(spec.petId, authOf(spec.credential)));
        return;
      case 'batch':
        return batch(m, r, spec.pets);
    }
  }

  toString(): string {
    const { kind, ...rest } = this.spec;
    return `${kind}(${fc.stringify(rest)})`;
  }
}

/**
 * Creates sent together, each followed at once by a list of the store's first page, so the
 * lists are answered while creations are under way: each new pet must get an id of its own,
 * and show in any list whole (every field as created) or not at all.
 */
async function batch(m: StoreModel, r: ModelReal, pets: readonly ModelNewPet[]) {
  const bodies = pets.map((pet) => newPetBody(r, pet));
  const sends = bodies.flatMap((body) => [
    send(r, (api) => api.createPet(body)),
    send(r, (api) => api.listPets({ limit: 100 })),
  ]);
  const answers = await Promise.all(sends);
  for (const [i, body] of bodies.entries()) noteCreated(m, body, answers[2 * i] as Exchange);
  for (const [i, ex] of answers.entries())
    if (i % 2 === 1)
      await confirm(m, r, pageProblem(m, ex), 'listPets while pets were being created', ex);
}

/** The model's commands, as fast-check generates and shrinks them. */
export const modelCommands = (maxCommands: number) =>
  fc.commands(
    commandSpecArbs.map((arb) => arb.map((spec) => new ModelCommand(spec))),
    { maxCommands },
  );

/** Runs one sequence of commands against the target and a fresh model, and says what it saw. */
export async function runSequence(
  commands: Iterable<fc.AsyncCommand<StoreModel, ModelReal>>,
  real: ModelReal,
): Promise<ModelObservation> {
  const shown = String(commands);
  let ran = 0;
  const counted = [...commands].map((command) => ({
    check: (m: Readonly<StoreModel>) => command.check(m),
    run: async (m: StoreModel, r: ModelReal) => {
      await command.run(m, r);
      ran++;
    },
    toString: () => command.toString(),
  }));
  try {
    await fc.asyncModelRun(() => ({ model: emptyModel(), real }), counted);
  } catch (error) {
    if (error instanceof ModelViolation) {
      const { label, problem, ex } = error;
      return {
        commands: shown,
        ran: ran + 1,
        // In the order the requests were sent (answers to requests sent together come in any).
        violation: { label, problem, ex, script: [...real.log].sort((a, b) => a.seq - b.seq) },
        notes: real.notes,
      };
    }
    if (!(error instanceof ModelStopped)) throw error;
    if (error.limited) return { commands: shown, ran, notes: real.notes, limited: error.limited };
  }
  return { commands: shown, ran, notes: real.notes };
}

/** The sequence every run tries first, whatever the seed. */
const FIRST_SEQUENCE: readonly CommandSpec[] = [
  {
    kind: 'batch',
    pets: [
      { suffix: 'a', categoryId: 1n, status: 'available' },
      { suffix: 'b', categoryId: 2n },
      { suffix: 'c', categoryId: 3n, status: 'sold' },
    ],
  },
  { kind: 'list', credential: 'key', limit: 100 },
  { kind: 'list', credential: 'key' },
  { kind: 'get', credential: 'key', pick: 1 },
  { kind: 'list', credential: 'none' },
  { kind: 'create-invalid', credential: 'key', body: {} },
];

/** Commands per sequence at most: shrinking finds the shortest that fails. */
const MAX_COMMANDS = 8;

/**
 * The run as a model (RUN-MODEL): fast-check draws sequences of commands, each run against the
 * target and a fresh model of the pets it creates; a failing sequence shrinks to the shortest.
 */
export async function checkModel(
  api: PetstoreApi,
  ctx: HarnessContext,
  requestsSent: () => number,
): Promise<Judgement> {
  let sequence = 0;
  const judging = answerContext(ctx);
  const judge = async (commands: Iterable<fc.AsyncCommand<StoreModel, ModelReal>>) => {
    const real: ModelReal = {
      api,
      runId: ctx.runId,
      judging,
      sequence: ++sequence,
      sent: 0,
      log: [],
      notes: [],
    };
    return RUN_MODEL.judge(await runSequence(commands, real));
  };
  // Whatever the seed: creates in parallel with lists in flight, then a read of each kind.
  const first = await judge(FIRST_SEQUENCE.map((spec) => new ModelCommand(spec)));
  if (first.verdict === 'fail') return first;
  return checkProperty(modelCommands(MAX_COMMANDS), judge, {
    runSeed: ctx.seed,
    checkId: RUN_MODEL.id,
    numRuns: ctx.runs,
    requestsSent,
    // Each sequence has a model of the pets it created and judges only those (a page shows many
    // pets, never all): sequences may run together, as other clients' would. A failure is then
    // replayed one sequence at a time, so fast-check shrinks it.
    independent: true,
    passMessage: (n) => `${n} sequences of commands agreed with the model of the pets they created`,
  });
}
