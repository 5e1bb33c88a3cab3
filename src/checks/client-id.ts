import { exactJson, exactPetId } from '../http/exact.ts';
import type { Exchange } from '../http/exchange.ts';
import { CLAUSES } from './clauses.ts';
import { type CreateObservation, echoProblem } from './create-pet.ts';
import { finding } from './finding.ts';
import {
  firstProblem,
  isClientError,
  notClientError,
  notSuccess,
  statusIsNot,
  unsound,
} from './problems.ts';
import { about, type Check, fail, pass, warn, warnOf } from './types.ts';

/**
 * A NewPet that also carries an `id` member, the id of a pet the run created just before (a
 * client echoing a Pet back, or one trying to choose its id), and what followed.
 */
export interface ClientIdObservation {
  /** The pet created first, plainly: its id is the one the NewPet carries. */
  first: CreateObservation;
  /** How the id was written: `as a number`, `as a string`. */
  form: string;
  sent: Record<string, unknown>;
  ex: Exchange;
  /** getPet of the first pet's id after the second create (absent once getPet is removed). */
  reread?: Exchange;
  /**
   * When the first pet was gone after it: the same on three other pets at once (another client
   * that deletes pets now and then strikes one of them, not all).
   */
  again?: readonly ClientIdObservation[];
  /**
   * getPet of a pet created and read in the same steps as `again`, without a NewPet carrying its
   * id: gone too, the store loses pets by itself and the creates are not to blame.
   */
  control?: Exchange;
}

/**
 * How the existing id is written in the NewPet: as the `id` member (a number, a string), or
 * under a name a store maps onto its key all the same (SQL identifiers are case-insensitive; an
 * ORM's `_id`): a sanitiser that drops `id` by its exact name lets those through.
 */
export const CLIENT_ID_FORMS = [
  'as a number',
  'as a string',
  'as a member ID',
  'as a member Id',
  'as a member _id',
] as const;

/** The member a form writes the id in. */
export const clientIdMember = (form: string) => /as a member (\S+)$/.exec(form)?.[1] ?? 'id';

/** The NewPet's own fields: what must be echoed (the id, in any member, is the service's to assign). */
function newPetFields(sent: Record<string, unknown>): Record<string, unknown> {
  const { name, categoryId, status } = sent;
  return { name, categoryId, ...('status' in sent ? { status } : {}) };
}

/** The first pet read again: it must still be itself, not the pet created with its id. */
function judgeReread(o: ClientIdObservation, id: string, label: string) {
  const { reread } = o;
  if (!reread) return pass(`${label}: a new id, not ${id}`);
  const broken = unsound(reread) ?? statusIsNot(reread, [200, 404]);
  if (broken) return fail(broken, [o.first.ex, o.ex, reread], about(`getPet ${id} after it`));
  // Another client may delete or change a pet (operations not shown): only the pet created
  // with its id showing in its place is the service's doing (its name is this run's own).
  const body = exactJson(reread) as Record<string, unknown> | undefined;
  if (reread.response?.status === 200 && body?.name === o.sent.name) {
    return fail(
      finding(
        'pet-overwritten',
        { id },
        `pet ${id} now reads as the pet created with "id": ${id} in its NewPet: the service let a client write over a pet by choosing its id`,
      ),
      [o.first.ex, o.ex, reread],
    );
  }
  const again = o.again ?? [];
  const controlKept = o.control?.response?.status === 200;
  const allGone =
    controlKept && again.length > 0 && again.every((a) => a.reread?.response?.status === 404);
  if (reread.response?.status === 404 && allGone) {
    const againIds = again.map((a) => exactPetId(a.first.ex) ?? '?');
    const [one] = again;
    return fail(
      finding(
        'pet-deleted-by-client-id',
        { id, again: againIds.join(', ') },
        `pet ${id} was gone after a NewPet carrying its id was created, and so were pets ${againIds.join(', ')} after the same on each: the create removed the pet whose id it carried`,
      ),
      [o.first.ex, o.ex, reread, ...(one ? [one.first.ex, one.ex, one.reread as Exchange] : [])],
    );
  }
  if (reread.response?.status === 404)
    return warn(`${label}: pet ${id} was not found after it (another client may have deleted it)`, [
      o.first.ex,
      o.ex,
      reread,
    ]);
  return pass(`${label}: a new id, and pet ${id} unchanged`);
}

function judgeClientId(o: ClientIdObservation) {
  const setUp = notSuccess(o.first.ex, 201, 'pet', 'Pet');
  if (setUp) return fail(setUp, [o.first.ex], about('the pet whose id is sent'));
  const id = exactPetId(o.first.ex) as string;
  const label = `a NewPet carrying the id of pet ${id} ${o.form}`;
  const broken = unsound(o.ex);
  if (broken) return fail(broken, [o.ex], about(label));
  if (isClientError(o.ex)) {
    const problem = notClientError(o.ex);
    if (problem) return fail(problem, [o.ex], about(label));
    return warnOf(
      `${label}: refused with ${o.ex.response?.status} (the contract does not say what a member NewPet lacks does; clients that send a Pet back will break)`,
      o.ex,
    );
  }
  const created = firstProblem(
    () => notSuccess(o.ex, 201, 'pet', 'Pet'),
    () => echoProblem(newPetFields(o.sent), o.ex),
  );
  if (created) return fail(created, [o.ex], about(label));
  if (exactPetId(o.ex) === id) {
    return fail(
      finding(
        'client-id-taken',
        { id },
        `the new pet got the id ${id} its NewPet carried, which pet ${id} already has: two pets share an id (ids are unique, assigned by the service)`,
      ),
      [o.first.ex, o.ex],
    );
  }
  return judgeReread(o, id, label);
}

export const CREATE_CLIENT_ID: Check<ClientIdObservation> = {
  id: 'CREATE-CLIENT-ID',
  title:
    'POST /pets with a NewPet carrying the id of an existing pet (as id, a number or a string, or as ID, Id, _id) -> 201 with a new id (or any 4xx Error: warn), the existing pet unchanged',
  operation: 'createPet',
  clause: CLAUSES.petIdUnique,
  level: 'MUST',
  writes: true,
  judge: judgeClientId,
};
