import type { Auth, SendOptions } from './client.ts';
import type { Exchange } from './exchange.ts';

export type Send = (options: SendOptions) => Promise<Exchange>;
export type Query = SendOptions['query'];

/** The three operations of the contract, plus a raw `send` for requests no operation describes. */
export interface PetstoreApi {
  listPets(query?: Query, auth?: Auth): Promise<Exchange>;
  createPet(body: unknown, auth?: Auth): Promise<Exchange>;
  /** POST /pets with a body sent exactly as given (malformed JSON, empty body). */
  createPetRaw(body: string, auth?: Auth): Promise<Exchange>;
  getPet(petId: string | number, auth?: Auth): Promise<Exchange>;
  send: Send;
}

const withAuth = (auth: Auth | undefined) => (auth === undefined ? {} : { auth });

export function petstoreApi(send: Send): PetstoreApi {
  return {
    listPets: (query, auth) =>
      send({
        method: 'GET',
        path: '/pets',
        ...(query === undefined ? {} : { query }),
        ...withAuth(auth),
      }),
    createPet: (body, auth) =>
      send({ method: 'POST', path: '/pets', json: body, ...withAuth(auth) }),
    createPetRaw: (body, auth) =>
      send({ method: 'POST', path: '/pets', rawBody: body, ...withAuth(auth) }),
    getPet: (petId, auth) =>
      send({
        method: 'GET',
        path: `/pets/${encodeURIComponent(String(petId))}`,
        ...withAuth(auth),
      }),
    send,
  };
}
