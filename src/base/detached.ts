/**
 * A copy of a text that holds nothing of the text it was cut from: V8 keeps a slice (13
 * characters or more) as a view of the whole, so a short record cut from a 4 MiB body would keep
 * the 4 MiB alive for as long as the record lives. (A JSON round trip copies any string exactly,
 * lone surrogates included.)
 */
export function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
