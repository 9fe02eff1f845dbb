import type { Transport } from '../data/transport';

/** What the server makes of passages as typed: the references it will save, and what it could not read. */
export type PassageCheck = { passages: string[]; unrecognised: string[] };

const CHECK = 'query CheckPassages($text: String!) { checkPassages(text: $text) { passages unrecognised } }';

/** The data provider's sermon methods, beyond the sermons' list and form. */
export const sermonMethods = ({ call }: Transport) => ({
  async checkPassages(text: string): Promise<PassageCheck> {
    const { checkPassages } = await call<{ checkPassages: PassageCheck }>(CHECK, { text });
    return checkPassages;
  },
});
