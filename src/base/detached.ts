/**
 * A copy of a text that holds nothing of the text it was cut from: V8 keeps a slice (13
 * characters or more) as a view of the whole, so a short record cut from a 4 MiB body would keep
 * the 4 MiB alive for as long as the record lives. The copy goes through a buffer of its code
 * units, exactly (lone surrogates included), and with no larger text on the way: a JSON round
 * trip wrote each control character of a hostile body as six.
 */
export function detached(text: string): string {
  return ONE_BYTE.test(text)
    ? Buffer.from(text, 'latin1').toString('latin1')
    : Buffer.from(text, 'utf16le').toString('utf16le');
}

const ONE_BYTE = /^[\0-\xff]*$/;
